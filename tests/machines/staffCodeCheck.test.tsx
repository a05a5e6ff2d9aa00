import { act, screen, waitFor, within } from '@testing-library/react';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import type { RedemptionsReply, StaffCodeCheckReply } from '../../contract/schemas.ts';
import { staffCodeCheckMachine } from '../../machines/staffCodeCheck.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { renderSignedInToday, STAFF_HOTEL_ID, STAFF_SESSION } from '../app/staff-console-harness.tsx';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type CodeCheckSnapshot = SnapshotFrom<typeof staffCodeCheckMachine>;

const TYPED = ' til-k7m2qx9p ';
/** What the camera read from the guest's QR code. */
const SCANNED = 'TIL-K7M2QX9P';
const ANSWER: StaffCodeCheckReply = {
  code: 'TIL-K7M2QX9P',
  rwId: 1,
  rwType: 'CODE',
  rewardName: 'Un café offert au bar',
  roomNumber: '101',
  claimedAt: '2026-11-24T07:00:00.000Z',
  validUntil: '2027-12-31',
  expired: false,
  redeemedNow: true,
  usedAt: '2026-11-24T09:00:00.000Z',
  usedBy: 'staff',
};
const NO_USES: RedemptionsReply = { date: '2026-11-24', redemptions: [] };

const events: AnyEventObject[] = [
  { type: 'code.check', code: TYPED },
  { type: 'xstate.done.actor.checkCode', output: ANSWER },
  { type: 'xstate.done.actor.checkCode', output: { ...ANSWER, redeemedNow: false } },
  { type: 'xstate.done.actor.checkCode', output: { ...ANSWER, redeemedNow: false, usedBy: 'guest', roomNumber: null } },
  // Past its validity: not used now (an expired code used in time is answered as used).
  {
    type: 'xstate.done.actor.checkCode',
    output: { ...ANSWER, validUntil: '2026-11-23', expired: true, redeemedNow: false, usedAt: null, usedBy: null },
  },
  {
    type: 'xstate.done.actor.checkCode',
    output: {
      ...ANSWER,
      validUntil: '2026-11-23',
      expired: true,
      redeemedNow: false,
      usedBy: 'guest',
      roomNumber: null,
    },
  },
  { type: 'xstate.error.actor.checkCode', error: new ApiError(404, 'unknown_code', 'No reward with this code') },
  { type: 'xstate.error.actor.checkCode', error: new ApiError(409, 'ambiguous_code', 'Several rewards') },
  { type: 'xstate.error.actor.checkCode', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'xstate.error.actor.checkCode', error: new ApiError(401, 'staff_session_invalid', 'Expired') },
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

// The model has no staff page above it: telling the page the session expired, and the uses list to reload, is
// what the page's test sees.
const logic = staffCodeCheckMachine.provide({ actions: { reportExpiry: () => {}, announceCheck: () => {} } });

const model = new TestModel(logic as unknown as ActorLogic<CodeCheckSnapshot, AnyEventObject, unknown>, {
  input: { hId: STAFF_HOTEL_ID, token: STAFF_SESSION.token, timeZone: 'Europe/Paris' },
  events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
  serializeState: (snapshot, event) => serializeSnapshot(snapshot) + (event ? ` via ${event.type}` : ''),
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
    expect(reached).toContain(JSON.stringify('expired'));
  });

  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      const harness = await renderSignedInToday();
      // The day's uses are on screen: every answer from the server reloads them.
      await act(async () => harness.uses.resolve('loadList', NO_USES));
      let usesLoads = harness.uses.calls.length;
      await path.test({
        states: {
          idle: async () => {
            expect(field()).toHaveValue('');
            expect(within(region()).getByRole('button', { name: 'Vérifier' })).toBeDisabled();
            expect(result()).toBeEmptyDOMElement();
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
            expect(harness.uses.calls.length).toBe(usesLoads + 1);
            usesLoads = harness.uses.calls.length;
          },
          alreadyUsed: async (snapshot) => {
            const byStaff = snapshot.context.result?.usedBy === 'staff';
            expect(await within(result()).findByText(/^Déjà utilisée le /)).toHaveTextContent(
              byStaff ? '(code vérifié par le personnel)' : "(validée sur l'écran du client)",
            );
            expect(facts()[1]).toBe(byStaff ? '101' : 'Sans chambre');
            expect(harness.uses.calls.length).toBe(usesLoads + 1);
            usesLoads = harness.uses.calls.length;
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
            expect(result().querySelector('.note--warning')).not.toBeNull();
            // The server answered: the day's uses reload (it used nothing, they stay as they were).
            expect(harness.uses.calls.length).toBe(usesLoads + 1);
            usesLoads = harness.uses.calls.length;
          },
          unknownCode: async () => {
            expect(await within(result()).findByText(/^Code inconnu/)).toHaveTextContent(
              new RegExp(`^Code inconnu\\s:\\s(${TYPED.trim()}|${SCANNED})$`),
            );
            expect(harness.uses.calls.length).toBe(usesLoads);
          },
          ambiguousCode: async () => {
            expect(result()).toHaveTextContent(
              "Ce code correspond à plusieurs récompenses. Vérifiez la récompense sur l'écran du client.",
            );
          },
          failed: async () => {
            expect(result()).toHaveTextContent('Une erreur est survenue');
            expect(harness.uses.calls.length).toBe(usesLoads);
          },
          expired: async () => {
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
          'xstate.error.actor.checkCode': async (step) => {
            await act(async () => harness.codeCheck.reject('checkCode', eventOf<{ error: unknown }>(step).error));
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

  it('reloads a day’s uses that failed to load once a code was checked', async () => {
    const harness = await renderSignedInToday();
    await act(async () => harness.uses.reject('loadList', new ApiError(0, 'network_error', 'Failed to fetch')));
    const uses = screen.getByRole('region', { name: "Récompenses utilisées aujourd'hui" });
    expect(await within(uses).findByRole('alert')).toHaveTextContent(
      'Impossible de charger les récompenses utilisées.',
    );
    await harness.user.type(field(), 'TIL-K7M2QX9P{Enter}');
    await act(async () => harness.codeCheck.resolve('checkCode', ANSWER));
    expect(await within(uses).findByRole('status')).toHaveTextContent('Chargement des récompenses utilisées…');
    expect(harness.uses.isPending('loadList')).toBe(true);
  });
});
