import { createFileRoute } from '@tanstack/react-router';
import { ActionsPage } from '../../../../views/actions/ActionsPage.tsx';
import { validateActionsSearch } from '../../../-params.ts';

function StayActions() {
  const { sUUID } = Route.useParams();
  const { proof_success } = Route.useSearch();
  return <ActionsPage sUUID={sUUID} proofSuccessPoints={proof_success} />;
}

export const Route = createFileRoute('/{-$mode}/stay/$sUUID/')({
  validateSearch: validateActionsSearch,
  component: StayActions,
});
