import { act, screen, waitFor, within } from '@testing-library/react';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { errorCodeOf } from '../../contract/errors.ts';
import type { RedemptionsReply, StaffCodeCheckReply, StaffCodeRedeemReply } from '../../contract/schemas.ts';
import { staffCodeCheckMachine } from '../../machines/staffCodeCheck.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { renderSignedInToday, STAFF_HOTEL_ID, STAFF_SESSION } from '../app/staff-console-harness.tsx';
import { canTake, eventKey, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type CodeCheckSnapshot = SnapshotFrom<typeof staffCodeCheckMachine>;

const TYPED = ' til-k7m2qx9p ';
/** What the camera read from the guest's QR code. */
const SCANNED = 'TIL-K7M2QX9P';
/** Valid and unused: the check changes nothing, staff hand it over next. */
const UNUSED: StaffCodeCheckReply = {
  code: 'TIL-K7M2QX9P',
  rwId: 1,
  rwType: 'CODE',
  rewardName: 'Un café offert au bar',
  roomNumber: '101',
  claimedAt: '2026-11-24T07:00:00.000Z',
  validUntil: '2027-12-31',
  expired: false,
  usedAt: null,
  usedBy: null,
};
const USED: StaffCodeCheckReply = { ...UNUSED, usedAt: '2026-11-24T09:00:00.000Z', usedBy: 'staff' };
const REDEEMED: StaffCodeRedeemReply = { ...USED, redeemedNow: true };
const NO_USES: RedemptionsReply = { date: '2026-11-24', redemptions: [] };

const events: AnyEventObject[] = [
  { type: 'code.check', code: TYPED },
  { type: 'xstate.done.actor.checkCode', output: UNUSED },
  { type: 'xstate.done.actor.checkCode', output: USED },
  { type: 'xstate.done.actor.checkCode', output: { ...USED, usedBy: 'guest', roomNumber: null } },
  // Past its validity: nothing to hand over (an expired code used in time is answered as used).
  {
    type: 'xstate.done.actor.checkCode',
    output: { ...UNUSED, validUntil: '2026-11-23', expired: true },
  },
  {
    type: 'xstate.done.actor.checkCode',
    output: { ...USED, validUntil: '2026-11-23', expired: true, usedBy: 'guest', roomNumber: null },
  },
  { type: 'code.redeem' },
  { type: 'xstate.done.actor.redeemCode', output: REDEEMED },
  // Another desk handed it over first; or its validity ended between the check and the hand-over.
  { type: 'xstate.done.actor.redeemCode', output: { ...USED, redeemedNow: false } },
  {
    type: 'xstate.done.actor.redeemCode',
    output: { ...UNUSED, validUntil: '2026-11-23', expired: true, redeemedNow: false },
  },
  { type: 'xstate.error.actor.redeemCode', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'xstate.error.actor.redeemCode', error: new ApiError(401, 'staff_session_invalid', 'Expired') },
  { type: 'xstate.error.actor.checkCode', error: new ApiError(404, 'unknown_code', 'No reward with this code') },
  { type: 'xstate.error.actor.checkCode', error: new ApiError(409, 'ambiguous_code', 'Several rewards') },
  { type: 'xstate.error.actor.checkCode', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'xstate.error.actor.checkCode', error: new ApiError(401, 'staff_session_invalid', 'Expired') },
  {
    type: 'xstate.error.actor.checkCode',
    error: new ApiError(403, 'staff_role_forbidden', 'This staff role may not do this'),
  },
  { type: 'scan.start' },
  { type: 'scan.cancel' },
  { type: 'xstate.done.actor.scanCode', output: SCANNED },
  { type: 'xstate.error.actor.scanCode', error: new DOMException('Permission denied', 'NotAllowedError') },
  { type: 'xstate.error.actor.scanCode', error: new DOMException('No camera', 'NotFoundError') },
  { type: 'xstate.error.actor.scanCode', error: new Error('Could not start video source') },
];

const SCAN_FAILURE_TEXTS = {
  denied: 'Accès à la caméra refusé. Saisissez le code à la main.',
  noCamera: 'Aucune caméra trouvée. Saisissez le code à la main.',
  failed: 'Impossible de lire le QR code. Saisissez le code à la main.',
} as const;

// The model has no staff page above it: telling the page of a refusal, and the uses list to reload, is what the
// page's test sees.
const logic = staffCodeCheckMachine.provide({ actions: { reportRefusal: () => {}, announceRedeem: () => {} } });

const model = new TestModel(logic as unknown as ActorLogic<CodeCheckSnapshot, AnyEventObject, unknown>, {
  input: { hId: STAFF_HOTEL_ID, token: STAFF_SESSION.token, timeZone: 'Europe/Paris' },
  events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
  serializeState: (snapshot, event) => serializeSnapshot(snapshot) + (event ? ` via ${eventKey(event)}` : ''),
  stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
});

const region = () => screen.getByRole('region', { name: 'Vérifier un code de récompense' });
const field = () => within(region()).getByLabelText('Code de récompense');
const result = () => within(region()).getByRole('status');
const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

/** The reward's facts, as the answer lists them. */
function facts(): string[] {
  return within(result())
    .getAllByRole('definition')
    .map((fact) => fact.textContent ?? '');
}

// The page offers the camera where the browser has media devices (jsdom has none): the scan itself is controlled.
beforeAll(() => {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: () => undefined } });
});

afterAll(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe("staff code check machine: model paths drive the 'Aujourd'hui' tab", () => {
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });

  it('reaches every answer', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of [
      'idle',
      'usable',
      'redeeming',
      'redeemFailed',
      'scanning',
      'scanFailed',
      'checking',
      'redeemed',
      'alreadyUsed',
      'rewardExpired',
      'unknownCode',
      'ambiguousCode',
      'failed',
    ])
      expect(reached).toContain(JSON.stringify(state));
    expect(reached).toContain(JSON.stringify('refused'));
  });

  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      const harness = await renderSignedInToday();
      let lastError: unknown = null;
      // The day's uses are on screen: every answer from the server reloads them.
      await act(async () => harness.uses.resolve('loadList', NO_USES));
      let usesLoads = harness.uses.calls.length;
      /** A hand-over the server answered reloads the day's uses; a check changes nothing and reloads nothing. */
      const expectUsesReloaded = (reloaded: boolean) => {
        expect(harness.uses.calls.length).toBe(usesLoads + (reloaded ? 1 : 0));
        usesLoads = harness.uses.calls.length;
      };
      const answeredByRedeem = () => harness.codeCheck.calls.at(-1)?.name === 'redeemCode';
      const redeemButton = () => within(result()).queryByRole('button', { name: /^(Remettre la récompense|Remise…)$/ });
      await path.test({
        states: {
          idle: async () => {
            expect(field()).toHaveValue('');
            expect(within(region()).getByRole('button', { name: 'Vérifier' })).toBeDisabled();
            expect(result()).toBeEmptyDOMElement();
          },
          usable: async () => {
            expect(await within(result()).findByText('Code valable, pas encore utilisé')).toBeVisible();
            expect(facts()).toEqual([
              'Un café offert au bar',
              '101',
              'TIL-K7M2QX9P',
              expect.any(String),
              '31 décembre 2027',
            ]);
            // Checking used nothing: the hand-over is a second, explicit tap, and the field keeps the focus.
            const redeem = within(result()).getByRole('button', { name: 'Remettre la récompense' });
            expect(redeem).toBeEnabled();
            expect(redeem).toHaveAccessibleDescription(/^Le code sera utilisé\s: il ne pourra plus servir\.$/);
            // A typed code leaves the focus in the field, ready for the next guest.
            if (harness.codeCheck.calls.at(-2)?.name !== 'scanCode') expect(field()).toHaveFocus();
            expect(harness.codeCheck.calls.filter((call) => call.name === 'redeemCode')).toHaveLength(0);
            expectUsesReloaded(false);
          },
          redeeming: async () => {
            expect(await within(result()).findByRole('button', { name: 'Remise…' })).toBeDisabled();
            expect(harness.codeCheck.calls.at(-1)).toEqual({
              name: 'redeemCode',
              input: { hId: STAFF_HOTEL_ID, token: STAFF_SESSION.token, code: 'TIL-K7M2QX9P' },
            });
            expect(within(result()).getByText('Code valable, pas encore utilisé')).toBeVisible();
          },
          redeemFailed: async () => {
            expect(
              await within(result()).findByText(
                /^La remise n'a pas été enregistrée\s: le code n'est pas utilisé\. Réessayez\.$/,
              ),
            ).toBeVisible();
            expect(within(result()).getByRole('button', { name: 'Remettre la récompense' })).toBeEnabled();
            expectUsesReloaded(false);
          },
          checking: async () => {
            await waitFor(() => expect(within(region()).getByRole('button', { name: 'Vérification…' })).toBeDisabled());
            // The code read by the camera, else the one typed (trimmed).
            const code = harness.codeCheck.calls.at(-2)?.name === 'scanCode' ? SCANNED : TYPED.trim();
            expect(harness.codeCheck.calls.at(-1)).toEqual({
              name: 'checkCode',
              input: { hId: STAFF_HOTEL_ID, token: STAFF_SESSION.token, code },
            });
            // Emptied for the next guest, and still where the staff type.
            expect(field()).toHaveValue('');
          },
          scanning: async () => {
            const preview = await within(region()).findByLabelText('Caméra');
            expect(preview.tagName).toBe('VIDEO');
            expect(preview).toHaveAccessibleDescription('Présentez le QR code affiché par le client devant la caméra.');
            expect(within(region()).getByRole('button', { name: 'Annuler' })).toHaveFocus();
            expect(harness.codeCheck.isPending('scanCode')).toBe(true);
            expect(result()).toBeEmptyDOMElement();
          },
          scanFailed: async (snapshot) => {
            const failure = snapshot.context.scanFailure ?? 'failed';
            expect(await within(result()).findByText(SCAN_FAILURE_TEXTS[failure])).toBeVisible();
            expect(within(region()).queryByLabelText('Caméra')).toBeNull();
            expect(within(region()).getByRole('button', { name: 'Scanner le QR code' })).toBeEnabled();
          },
          redeemed: async () => {
            expect(await within(result()).findByText('Récompense utilisée maintenant')).toBeVisible();
            expect(facts()).toEqual([
              'Un café offert au bar',
              '101',
              'TIL-K7M2QX9P',
              expect.any(String),
              '31 décembre 2027',
            ]);
            expect(result().querySelector('.note--success')).not.toBeNull();
            expect(redeemButton()).toBeNull();
            expectUsesReloaded(true);
          },
          alreadyUsed: async (snapshot) => {
            const byStaff = snapshot.context.result?.usedBy === 'staff';
            expect(await within(result()).findByText(/^Déjà utilisée le /)).toHaveTextContent(
              byStaff ? '(code vérifié par le personnel)' : "(validée sur l'écran du client)",
            );
            expect(facts()[1]).toBe(byStaff ? '101' : 'Sans chambre');
            expect(redeemButton()).toBeNull();
            // Used by another desk between the check and the hand-over: the list changed.
            expectUsesReloaded(answeredByRedeem());
          },
          rewardExpired: async () => {
            expect(
              await within(result()).findByText(
                "Récompense expirée (valable jusqu'au 23 novembre 2026) : ne la remettez pas.",
              ),
            ).toBeVisible();
            expect(facts()).toEqual([
              'Un café offert au bar',
              '101',
              'TIL-K7M2QX9P',
              expect.any(String),
              '23 novembre 2026',
            ]);
            // The amber tone of a reason not to hand it over, with room between the verdict and the facts.
            expect(result().querySelector('.note--warning')).not.toBeNull();
            expect(result().querySelector('.note--success')).toBeNull();
            expect(within(result()).getByText(/^Récompense expirée/)).toHaveClass('staff-today__verdict');
            expect(redeemButton()).toBeNull();
            expectUsesReloaded(false);
          },
          unknownCode: async () => {
            expect(await within(result()).findByText(/^Code inconnu/)).toHaveTextContent(
              new RegExp(`^Code inconnu\\s:\\s(${TYPED.trim()}|${SCANNED})$`),
            );
            expectUsesReloaded(false);
          },
          ambiguousCode: async () => {
            expect(result()).toHaveTextContent(
              "Ce code correspond à plusieurs récompenses. Vérifiez la récompense sur l'écran du client.",
            );
          },
          failed: async () => {
            expect(result()).toHaveTextContent('Une erreur est survenue');
            expectUsesReloaded(false);
          },
          refused: async () => {
            if (errorCodeOf(lastError) === 'staff_role_forbidden') {
              // The page asks who the session is now, before any tab shows again.
              expect(await screen.findByRole('status')).toHaveTextContent('Chargement…');
              expect(harness.root.calls.at(-1)).toEqual({ name: 'loadCurrentSession', input: STAFF_SESSION });
              expect(screen.queryByRole('tablist')).toBeNull();
              return;
            }
            expect(await screen.findByRole('alert')).toHaveTextContent(
              'Votre session a expiré. Saisissez à nouveau le mot de passe.',
            );
            expect(screen.queryByRole('tablist')).toBeNull();
          },
        },
        events: {
          'code.check': async (step) => {
            await harness.user.type(field(), `${eventOf<{ code: string }>(step).code}{Enter}`);
          },
          'xstate.done.actor.checkCode': async (step) => {
            await act(async () => harness.codeCheck.resolve('checkCode', eventOf<{ output: unknown }>(step).output));
          },
          'code.redeem': async () => {
            await harness.user.click(within(result()).getByRole('button', { name: 'Remettre la récompense' }));
          },
          'xstate.done.actor.redeemCode': async (step) => {
            await act(async () => harness.codeCheck.resolve('redeemCode', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.redeemCode': async (step) => {
            lastError = eventOf<{ error: unknown }>(step).error;
            await act(async () => harness.codeCheck.reject('redeemCode', lastError));
          },
          'xstate.error.actor.checkCode': async (step) => {
            lastError = eventOf<{ error: unknown }>(step).error;
            await act(async () => harness.codeCheck.reject('checkCode', lastError));
          },
          'scan.start': async () => {
            await harness.user.click(within(region()).getByRole('button', { name: 'Scanner le QR code' }));
          },
          // Escape on the focused 'Annuler' ends the scan.
          'scan.cancel': async () => {
            await harness.user.keyboard('{Escape}');
          },
          'xstate.done.actor.scanCode': async (step) => {
            await act(async () => harness.codeCheck.resolve('scanCode', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.scanCode': async (step) => {
            await act(async () => harness.codeCheck.reject('scanCode', eventOf<{ error: unknown }>(step).error));
          },
        },
      });
    });
  }

  it('reloads a day’s uses that failed to load once a reward was handed over', async () => {
    const harness = await renderSignedInToday();
    await act(async () => harness.uses.reject('loadList', new ApiError(0, 'network_error', 'Failed to fetch')));
    const uses = screen.getByRole('region', { name: "Récompenses utilisées aujourd'hui" });
    expect(await within(uses).findByRole('alert')).toHaveTextContent(
      'Impossible de charger les récompenses utilisées.',
    );
    await harness.user.type(field(), 'TIL-K7M2QX9P{Enter}');
    await act(async () => harness.codeCheck.resolve('checkCode', UNUSED));
    await harness.user.click(await within(result()).findByRole('button', { name: 'Remettre la récompense' }));
    await act(async () => harness.codeCheck.resolve('redeemCode', REDEEMED));
    expect(await within(uses).findByRole('status')).toHaveTextContent('Chargement des récompenses utilisées…');
    expect(harness.uses.isPending('loadList')).toBe(true);
  });
});
