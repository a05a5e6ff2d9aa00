import { createFileRoute } from '@tanstack/react-router';
import { loadDialogsCatalog } from '../../../i18n/activate.ts';
import { ProofPage } from '../../../views/proof/ProofPage.tsx';
import { proofActionIdOf, validateProofSearch } from '../../-params.ts';

/** A printed on-site code: /proof/{actionId}?hId&qrId (docs/behaviour.md#proof-page). */
function PrintedProof() {
  const { actionId } = Route.useParams();
  const { hId, qrId } = Route.useSearch();
  return <ProofPage actionId={actionId} sUUID={null} hId={hId ?? null} qrId={qrId ?? null} />;
}

export const Route = createFileRoute('/{-$mode}/proof/$actionId')({
  params: {
    // Returning false makes the matcher skip this route: a malformed id is a page not found.
    parse: ({ actionId }): { actionId: number } | false => {
      const id = proofActionIdOf(actionId);
      return id === null ? false : { actionId: id };
    },
    stringify: ({ actionId }) => ({ actionId: String(actionId) }),
  },
  validateSearch: validateProofSearch,
  // Its texts live in the dialogs catalog, kept out of the first visit's.
  loader: loadDialogsCatalog,
  component: PrintedProof,
});
