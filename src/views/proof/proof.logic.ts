import { fromPromise } from 'xstate';
import {
  type LoadActionInput,
  proofMachine,
  type ValidateProofInput,
} from '../../../machines/dialogs/proof.machine.ts';
import { getAction } from '../../api/actions.ts';
import { validateProof } from '../../api/proofs.ts';
import { rememberGuestStay } from '../../storage/guest-storage.ts';

/** The proof machine with its real calls and storage; navigation is added by ProofPage. */
export const proofLogic = proofMachine.provide({
  actors: {
    loadAction: fromPromise(({ input }: { input: LoadActionInput }) =>
      getAction({ sUUID: input.sUUID, profileUUID: input.profileUUID }, input.actionId, input.language),
    ),
    validateProof: fromPromise(({ input }: { input: ValidateProofInput }) => validateProof(input.actionId, input.body)),
  },
  actions: {
    rememberStay: (_, reply) => rememberGuestStay(reply),
  },
});
