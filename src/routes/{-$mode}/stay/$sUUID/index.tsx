import { createFileRoute } from '@tanstack/react-router';
import { ActionsPage } from '../../../../views/actions/ActionsPage.tsx';

interface ActionsSearch {
  proof_success?: number;
}

function StayActions() {
  const { sUUID } = Route.useParams();
  const { proof_success } = Route.useSearch();
  return <ActionsPage sUUID={sUUID} proofSuccessPoints={proof_success} />;
}

export const Route = createFileRoute('/{-$mode}/stay/$sUUID/')({
  validateSearch: (search: Record<string, unknown>): ActionsSearch => {
    const points = Number(search.proof_success);
    return Number.isInteger(points) && points >= 0 ? { proof_success: points } : {};
  },
  component: StayActions,
});
