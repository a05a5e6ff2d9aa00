import type { MessageDescriptor } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import type { Action, ProofReply } from '../../contract/schemas.ts';
import {
  ACTION_NOT_FOUND,
  NOT_A_PROOF,
  PROOF_ENTRY_CLOSED,
  PROOF_FAILED,
  type ProofInput,
  proofMachine,
  STAY_MISSING,
  WRONG_CODE,
} from '../../machines/dialogs/proof.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { ProofPage } from '../../src/views/proof/ProofPage.tsx';
import { proofLogic } from '../../src/views/proof/proof.logic.ts';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { renderStayRoutes } from '../app/stay-routes.tsx';
import { matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type ProofSnapshot = SnapshotFrom<typeof proofMachine>;

const ACTION_ID = 7;
const QR_ID = 'tilleuls-garden-gate';
const NEW_STAY = 'stay-from-proof';
const NEW_PROFILE = 'profile-from-proof';

/** Real timers, shortened so a path waits for them: long enough to see the screen before the redirect. */
const DELAYS = { proofSuccessRedirect: 400, proofAlreadyValidatedRedirect: 600 };

const proofAction = makeAction({ actId: ACTION_ID, actType: 'PROOF', aadName: 'Visitez notre potager' });
const otherAction = makeAction({ actId: ACTION_ID, actType: 'CLAIM', aadName: 'Ma gourde' });
const reply: ProofReply = {
  profileUUID: NEW_PROFILE,
  sUUID: NEW_STAY,
  message: 'Action validée, merci !',
  greenMilesChange: 15,
  greenMiles: 55,
};

const alreadyCompleted = new ApiError(409, 'already_completed', 'This action is already completed');
const offline = new ApiError(0, 'network_error', 'Failed to fetch');
const REFUSALS = [
  alreadyCompleted,
  new ApiError(400, 'unknown_proof_code', 'This QR code is not a proof of this action'),
  new ApiError(400, 'wrong_action_type', 'Action of type CLAIM is not a proof'),
  // The hotel opens stays with its room QR codes only (docs/behaviour.md#proof-page).
  new ApiError(403, 'proof_entry_closed', 'This hotel opens stays with its QR codes'),
  offline,
];

/** What the guest reads for each failure (docs/behaviour.md#proof-page). */
const FAILURE_TEXTS = new Map<MessageDescriptor, string>([
  [NOT_A_PROOF, "Cette action n'est pas de type Proof"],
  [WRONG_CODE, 'Ce QR code ne correspond pas à cette action.'],
  [ACTION_NOT_FOUND, 'Action introuvable. Rescannez le QR code ou demandez à la réception.'],
  [STAY_MISSING, 'Séjour introuvable après validation. Veuillez réessayer ou rescanner le QR code.'],
  [PROOF_FAILED, "Erreur lors de la validation de l'action"],
  [
    PROOF_ENTRY_CLOSED,
    'Commencez votre séjour en scannant le QR code de votre chambre, puis scannez à nouveau ce QR code.',
  ],
]);

function eventsOf(snapshot: ProofSnapshot): AnyEventObject[] {
  if (snapshot.matches('checkingAction'))
    return [
      { type: 'xstate.done.actor.loadAction', output: proofAction },
      { type: 'xstate.done.actor.loadAction', output: otherAction },
      { type: 'xstate.error.actor.loadAction', error: new ApiError(404, 'not_found', 'Action not found') },
    ];
  if (snapshot.matches('validating'))
    return [
      { type: 'xstate.done.actor.validateProof', output: reply },
      { type: 'xstate.done.actor.validateProof', output: { ...reply, sUUID: '' } },
      ...REFUSALS.map((error) => ({
        type: 'xstate.error.actor.validateProof',
        error,
      })),
    ];
  if (snapshot.matches('succeeded')) return [{ type: 'xstate.after.proofSuccessRedirect.proof.succeeded' }];
  if (snapshot.matches('alreadyValidated'))
    return [{ type: 'xstate.after.proofAlreadyValidatedRedirect.proof.alreadyValidated' }];
  if (snapshot.matches('failed'))
    return [{ type: 'proof.leave' }, ...(snapshot.can({ type: 'proof.retry' }) ? [{ type: 'proof.retry' }] : [])];
  return [];
}

interface Scenario {
  name: string;
  prefix: '' | '/demo';
  /** The stay of the address, or null for a printed code. */
  sUUID: string | null;
  stored: { profileUUID: string; sUUID: string } | null;
}

const scenarios: Scenario[] = [
  {
    name: 'a guest with a stay, its address',
    prefix: '',
    sUUID: STAY_ID,
    stored: { profileUUID: PROFILE_ID, sUUID: STAY_ID },
  },
  { name: 'a new guest scanning a printed code', prefix: '', sUUID: null, stored: null },
  {
    name: 'a guest with a stay scanning a printed code (demo)',
    prefix: '/demo',
    sUUID: null,
    stored: { profileUUID: PROFILE_ID, sUUID: STAY_ID },
  },
];

function urlOf({ prefix, sUUID }: Scenario): string {
  return sUUID
    ? `${prefix}/stay/${sUUID}/proof/${ACTION_ID}?qrId=${QR_ID}`
    : `${prefix}/proof/${ACTION_ID}?hId=1&qrId=${QR_ID}`;
}

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

async function clickButton(user: UserEvent, name: string) {
  await user.click(await screen.findByRole('button', { name }));
}

describe.each(scenarios)('proof page: $name', (scenario) => {
  const input: ProofInput = {
    actionId: ACTION_ID,
    sUUID: scenario.sUUID,
    profileUUID: scenario.stored?.profileUUID ?? null,
    storedSUUID: scenario.stored?.sUUID ?? null,
    hId: scenario.sUUID ? null : 1,
    qrId: QR_ID,
    language: 'fr',
  };
  const model = new TestModel(proofMachine as unknown as ActorLogic<ProofSnapshot, AnyEventObject, ProofInput>, {
    input,
    events: eventsOf,
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
  // Retrying goes back to the start, which shortest paths merge away: walk it once.
  const retried = model.getPathsFromEvents(
    [
      { type: 'xstate.error.actor.validateProof', error: offline },
      { type: 'proof.retry' },
      { type: 'xstate.done.actor.validateProof', output: reply },
    ].flatMap((event) =>
      scenario.sUUID && event.type !== 'proof.retry'
        ? [{ type: 'xstate.done.actor.loadAction', output: proofAction }, event]
        : [event],
    ),
    { fromState: createActor(proofMachine, { input }).getSnapshot() as ProofSnapshot },
  );
  const paths = [...model.getShortestPaths(), ...retried];
  const stayBack = scenario.sUUID ?? scenario.stored?.sUUID ?? null;

  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      if (scenario.stored) {
        localStorage.setItem('profileUUID', scenario.stored.profileUUID);
        localStorage.setItem('sUUID', scenario.stored.sUUID);
      }
      const controlled = controlledActors(['loadAction', 'validateProof']);
      const logic = controlled.provideTo(proofLogic).provide({ delays: DELAYS });
      const { router, user } = renderStayRoutes(urlOf(scenario), {
        proof: (params) => <ProofPage {...params} logic={logic} />,
      });
      const location = () => router.state.location;
      const root = () => document.querySelector('[data-scope="proof"]');

      await path.test({
        states: {
          checkingAction: async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'checkingAction'));
            expect(screen.getByRole('status')).toHaveTextContent('Validation du QR code…');
            await waitFor(() => expect(controlled.isPending('loadAction')).toBe(true));
            expect(controlled.calls.at(-1)).toEqual({
              name: 'loadAction',
              input: { actionId: ACTION_ID, sUUID: STAY_ID, profileUUID: PROFILE_ID, language: 'fr' },
            });
          },
          validating: async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'validating'));
            expect(screen.getByRole('status')).toHaveTextContent('Validation du QR code…');
            await waitFor(() => expect(controlled.isPending('validateProof')).toBe(true));
            // Empty keys are omitted: a new guest sends no profile; the stay only when the address names it.
            expect(controlled.calls.at(-1)).toEqual({
              name: 'validateProof',
              input: {
                actionId: ACTION_ID,
                body: {
                  lang: 'fr',
                  qrId: QR_ID,
                  ...(scenario.stored ? { uuid: PROFILE_ID } : {}),
                  ...(scenario.sUUID ? { sUUID: STAY_ID } : { hId: 1 }),
                },
              },
            });
          },
          succeeded: async () => {
            const success = await screen.findByRole('status');
            expect(success).toHaveTextContent('Action validée !');
            expect(within(success).getByText('+15')).toBeInTheDocument();
            expect(root()).toHaveAttribute('data-state', 'succeeded');
            // The storage learns the stay and profile the server answered.
            expect(localStorage.getItem('profileUUID')).toBe(NEW_PROFILE);
            expect(localStorage.getItem('sUUID')).toBe(NEW_STAY);
            expect(localStorage.getItem('currentStayUUID')).toBe(NEW_STAY);
          },
          leftWithPoints: async () => {
            expect(await screen.findByText('actions page')).toBeInTheDocument();
            expect(location().pathname).toBe(`${scenario.prefix}/stay/${NEW_STAY}`);
            expect(location().search).toEqual({ proof_success: 15 });
          },
          alreadyValidated: async () => {
            expect(await screen.findByRole('status')).toHaveTextContent('Action déjà validée.');
            expect(root()).toHaveAttribute('data-state', 'alreadyValidated');
          },
          left: async () => {
            await waitFor(() => expect(root()).toBeNull());
            if (stayBack) {
              expect(screen.getByText('actions page')).toBeInTheDocument();
              expect(location().pathname).toBe(`${scenario.prefix}/stay/${stayBack}`);
            } else {
              expect(screen.getByText('welcome page')).toBeInTheDocument();
              expect(location().pathname).toBe(scenario.prefix || '/');
            }
            expect(location().search).toEqual({});
          },
          failed: async (snapshot) => {
            const alert = await screen.findByRole('alert');
            const { error, retryable } = (snapshot as ProofSnapshot).context;
            expect(error && FAILURE_TEXTS.get(error)).toBeDefined();
            expect(alert).toHaveTextContent(FAILURE_TEXTS.get(error as MessageDescriptor) as string);
            expect(root()).toHaveAttribute('data-state', 'failed');
            expect(within(alert).queryByRole('button', { name: 'Réessayer' }) !== null).toBe(retryable);
            const leave = stayBack ? 'Retour à mon séjour' : "Retour à l'accueil";
            expect(screen.getByRole('button', { name: leave })).toBeInTheDocument();
            expect(localStorage.getItem('sUUID')).toBe(scenario.stored?.sUUID ?? null);
          },
        },
        events: {
          'xstate.done.actor.loadAction': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadAction')).toBe(true));
            controlled.resolve('loadAction', eventOf<{ output: Action }>(step).output);
          },
          'xstate.error.actor.loadAction': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadAction')).toBe(true));
            controlled.reject('loadAction', eventOf<{ error: unknown }>(step).error);
          },
          'xstate.done.actor.validateProof': async (step) => {
            await waitFor(() => expect(controlled.isPending('validateProof')).toBe(true));
            controlled.resolve('validateProof', eventOf<{ output: ProofReply }>(step).output);
          },
          'xstate.error.actor.validateProof': async (step) => {
            await waitFor(() => expect(controlled.isPending('validateProof')).toBe(true));
            controlled.reject('validateProof', eventOf<{ error: unknown }>(step).error);
          },
          'xstate.after.proofSuccessRedirect.proof.succeeded': async () => {
            await waitFor(() => expect(root()).toBeNull());
          },
          'xstate.after.proofAlreadyValidatedRedirect.proof.alreadyValidated': async () => {
            await waitFor(() => expect(root()).toBeNull());
          },
          'proof.retry': async () => clickButton(user, 'Réessayer'),
          'proof.leave': async () => clickButton(user, stayBack ? 'Retour à mon séjour' : "Retour à l'accueil"),
        },
      });
    });
  }
});
