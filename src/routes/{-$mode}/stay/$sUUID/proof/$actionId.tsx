import { createFileRoute } from '@tanstack/react-router';
import { loadDialogsCatalog } from '../../../../../i18n/activate.ts';
import { ProofPage } from '../../../../../views/proof/ProofPage.tsx';
import { proofActionIdOf, validateProofSearch } from '../../../../-params.ts';

/** A proof for the stay of the address: /stay/{sUUID}/proof/{actionId}?hId&qrId (docs/behaviour.md#proof-page). */
function StayProof() {
  const { sUUID, actionId } = Route.useParams();
  const { hId, qrId } = Route.useSearch();
  return <ProofPage actionId={actionId} sUUID={sUUID} hId={hId ?? null} qrId={qrId ?? null} />;
}

export const Route = createFileRoute('/{-$mode}/stay/$sUUID/proof/$actionId')({
  params: {
    // Returning false makes the matcher skip this route: a malformed id is a page not found.
    parse: ({ sUUID, actionId }): { sUUID: string; actionId: number } | false => {
      const id = proofActionIdOf(actionId);
      return id === null ? false : { sUUID, actionId: id };
    },
    stringify: ({ sUUID, actionId }) => ({ sUUID, actionId: String(actionId) }),
  },
  validateSearch: validateProofSearch,
  // Its texts live in the dialogs catalog, kept out of the first visit's.
  loader: loadDialogsCatalog,
  component: StayProof,
});
