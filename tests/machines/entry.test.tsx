import { i18n } from '@lingui/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import {
  createdStayId,
  type EntryInput,
  entryMachine,
  hotelIdOf,
  isValidRoomQr,
  type QrRef,
  type StayCreationReply,
  staySeedOf,
} from '../../machines/entry.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { LanguageProvider } from '../../src/i18n/LanguageProvider.tsx';
import { handedOverStay } from '../../src/storage/stay-handover.ts';
import { EntryPage } from '../../src/views/entry/EntryPage.tsx';
import { entryLogic } from '../../src/views/entry/entry.logic.ts';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeHotel } from '../app/stay-fixtures.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

const router = vi.hoisted(() => ({ navigate: vi.fn(), mode: undefined as 'demo' | undefined }));

vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tanstack/react-router')>()),
  useNavigate: () => router.navigate,
  useParams: ({ select }: { select: (params: { mode?: 'demo' }) => unknown }) => select({ mode: router.mode }),
}));

const PROFILE = '7c1d2f1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const ACTORS = ['createHotelStay', 'createRoomStay', 'registerQrScan'] as const;

type EntrySnapshot = SnapshotFrom<typeof entryMachine>;

// docs/server.md#stay-creation: the answer holds the hotel and the actions list beside the stay.
const hotelStay: StayCreationReply = {
  sUUID: 'stay-hotel',
  profileUUID: PROFILE,
  stay: { sUUID: 'stay-hotel', roomNb: null },
  hotel: makeHotel({}, { emailEnabled: false }),
  actions: [],
  lang: 'fr',
};
// docs/behaviour.md#entry: the id may come under `stay` only.
const roomStay: StayCreationReply = { profileUUID: PROFILE, stay: { sUUID: 'stay-room', roomNb: '101', hId: 1 } };
const noStayId: StayCreationReply = { profileUUID: PROFILE };

const events: AnyEventObject[] = [
  { type: 'entry.retry' },
  { type: 'xstate.done.actor.createHotelStay', output: hotelStay },
  { type: 'xstate.done.actor.createHotelStay', output: noStayId },
  { type: 'xstate.error.actor.createHotelStay', error: new ApiError(503, 'unavailable', 'Hôtel momentanément fermé') },
  { type: 'xstate.error.actor.createHotelStay', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'xstate.error.actor.createHotelStay', error: new ApiError(404, 'not_found', 'Hotel not found') },
  // docs/trust-model.md#presence: the server refuses the QR secret.
  {
    type: 'xstate.error.actor.createHotelStay',
    error: new ApiError(403, 'hotel_key_invalid', "This is not the hotel QR code's current key"),
  },
  {
    type: 'xstate.error.actor.createHotelStay',
    error: new ApiError(403, 'hotel_entry_closed', 'This hotel opens stays with room QR codes only'),
  },
  { type: 'xstate.done.actor.createRoomStay', output: roomStay },
  { type: 'xstate.done.actor.createRoomStay', output: noStayId },
  { type: 'xstate.error.actor.createRoomStay', error: new ApiError(409, 'conflict', 'Séjour impossible') },
  { type: 'xstate.error.actor.createRoomStay', error: new ApiError(500, 'server_error', 'Chambre indisponible') },
  { type: 'xstate.error.actor.createRoomStay', error: new ApiError(404, 'not_found', 'Room not found') },
  {
    type: 'xstate.error.actor.createRoomStay',
    error: new ApiError(403, 'qr_code_invalid', "This is not the room QR code's current id"),
  },
  { type: 'xstate.error.actor.registerQrScan', error: new ApiError(500, 'server_error', 'scan failed') },
];

/**
 * A model over the machine's graph. A state reached again through a different transition (a retry) counts as new,
 * so the paths also walk every retry edge; only events the state accepts are tried.
 */
function modelFor(qr: QrRef) {
  // Done and error events of invoked actors are real inputs of the machine, yet not part of its declared event type.
  const logic = entryMachine as unknown as ActorLogic<EntrySnapshot, AnyEventObject, EntryInput>;
  return new TestModel(logic, {
    input: { qr, profileUUID: PROFILE, language: 'fr' },
    events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
    serializeState: (snapshot, event, previous) =>
      serializeSnapshot(snapshot) +
      (event && previous && previous.value !== snapshot.value
        ? ` via ${event.type} from ${String(previous.value)}`
        : ''),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

function entryRoot(): HTMLElement {
  return screen.getByRole('main');
}

/** The failure's text: translated, chosen by code (never a server's or library's text: issue 15). */
function expectErrorText(snapshot: EntrySnapshot) {
  const { error } = snapshot.context;
  if (error === null) throw new Error('failed state without an error');
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent(i18n._(error));
  expect(alert).not.toHaveTextContent(/not found|Failed to fetch|fermé|indisponible|impossible$|current|only/);
}

async function runPath(qr: QrRef, path: ReturnType<ReturnType<typeof modelFor>['getShortestPaths']>[number]) {
  const controlled = controlledActors(ACTORS);
  const user = userEvent.setup();
  render(
    <LanguageProvider>
      <EntryPage qr={qr} logic={controlled.provideTo(entryLogic)} />
    </LanguageProvider>,
  );
  await screen.findByRole('main');

  async function settle(name: (typeof ACTORS)[number], settleCall: () => void) {
    await waitFor(() => expect(controlled.isPending(name)).toBe(true));
    await act(async () => settleCall());
  }

  async function expectLoading(state: string, actor: (typeof ACTORS)[number]) {
    await waitFor(() => expect(entryRoot()).toHaveAttribute('data-state', state));
    expect(screen.getByRole('status')).toHaveTextContent('Préparation de votre séjour…');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(controlled.isPending(actor)).toBe(true));
  }

  function lastInput(name: (typeof ACTORS)[number]): unknown {
    return controlled.calls.filter((call) => call.name === name).at(-1)?.input;
  }

  const doneHandler = (name: (typeof ACTORS)[number]) => async (step: { event: AnyEventObject }) =>
    settle(name, () => controlled.resolve(name, step.event.output));
  const errorHandler = (name: (typeof ACTORS)[number]) => async (step: { event: AnyEventObject }) =>
    settle(name, () => controlled.reject(name, step.event.error));

  await path.test({
    states: {
      creatingHotelStay: async () => {
        await expectLoading('creatingHotelStay', 'createHotelStay');
        expect(lastInput('createHotelStay')).toEqual({
          hId: 1,
          key: 'k3yk3yk3yk3y',
          profileUUID: PROFILE,
          lang: 'fr',
        });
      },
      creatingRoomStay: async () => {
        await expectLoading('creatingRoomStay', 'createRoomStay');
        // The scanned id alone: the server finds the room and checks the id (docs/trust-model.md#presence).
        expect(lastInput('createRoomStay')).toEqual({ qrId: 'tilleuls-101', profileUUID: PROFILE, lang: 'fr' });
      },
      failed: async (snapshot) => {
        await waitFor(() => expect(entryRoot()).toHaveAttribute('data-state', 'failed'));
        expectErrorText(snapshot);
        expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
        expect(router.navigate).not.toHaveBeenCalled();
      },
      refused: async (snapshot) => {
        await waitFor(() => expect(entryRoot()).toHaveAttribute('data-state', 'refused'));
        expectErrorText(snapshot);
        // An invalid code or an unknown hotel stays so: no retry is offered; the language menu stays.
        expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
        expect(screen.getByRole('button', { name: /Langue/ })).toBeVisible();
        expect(router.navigate).not.toHaveBeenCalled();
      },
      redirected: async () => {
        const sUUID = qr.kind === 'hotel' ? 'stay-hotel' : 'stay-room';
        // docs/behaviour.md#browser-storage: the identifiers are stored as soon as the stay exists.
        expect(localStorage.getItem('profileUUID')).toBe(PROFILE);
        expect(localStorage.getItem('currentStayUUID')).toBe(sUUID);
        expect(localStorage.getItem('sUUID')).toBe(sUUID);
        // The stay page starts with the answer when it holds the hotel and the list (the hotel reply here).
        expect(handedOverStay(sUUID)).toEqual(qr.kind === 'hotel' ? staySeedOf(hotelStay) : null);
        // The scan record goes out on the way to the stay, without holding the guest up (docs/behaviour.md#qr-scans).
        expect(lastInput('registerQrScan')).toEqual(
          qr.kind === 'hotel'
            ? { qrId: 'hotel-1', profileUUID: PROFILE, stayUUID: 'stay-hotel', scanType: 'HOTEL', hId: 1, rId: null }
            : {
                qrId: 'tilleuls-101',
                profileUUID: PROFILE,
                stayUUID: 'stay-room',
                scanType: 'ROOM',
                hId: 1,
                rId: null,
              },
        );
        await waitFor(() =>
          expect(router.navigate).toHaveBeenCalledWith({
            to: '/{-$mode}/stay/$sUUID',
            params: { mode: undefined, sUUID },
            replace: true,
          }),
        );
        expect(router.navigate).toHaveBeenCalledTimes(1);
        expect(screen.getByRole('status')).toBeVisible();
        expect(localStorage.getItem('stayInfo')).toBe(
          qr.kind === 'room' ? JSON.stringify({ roomNumber: '101' }) : null,
        );
      },
      disabled: async () => {
        await waitFor(() =>
          expect(router.navigate).toHaveBeenCalledWith({
            to: '/{-$mode}/$qrId/disabled',
            params: { mode: undefined, qrId: 'tilleuls-101' },
            replace: true,
          }),
        );
        expect(localStorage.getItem('sUUID')).toBeNull();
      },
    },
    events: {
      'entry.retry': async () => {
        await user.click(screen.getByRole('button', { name: 'Réessayer' }));
      },
      'xstate.done.actor.createHotelStay': doneHandler('createHotelStay'),
      'xstate.error.actor.createHotelStay': errorHandler('createHotelStay'),
      'xstate.done.actor.createRoomStay': doneHandler('createRoomStay'),
      'xstate.error.actor.createRoomStay': errorHandler('createRoomStay'),
      'xstate.error.actor.registerQrScan': errorHandler('registerQrScan'),
    },
  });
}

beforeEach(() => {
  router.navigate.mockReset();
  router.mode = undefined;
  localStorage.setItem('profileUUID', PROFILE);
});

const scenarios: Array<{ name: string; qr: QrRef; minimumPaths: number }> = [
  { name: 'hotel QR', qr: { kind: 'hotel', hId: '1', key: 'k3yk3yk3yk3y' }, minimumPaths: 7 },
  { name: 'room QR', qr: { kind: 'room', qrId: 'tilleuls-101' }, minimumPaths: 5 },
  { name: 'invalid hotel QR', qr: { kind: 'hotel', hId: 'abc', key: null }, minimumPaths: 1 },
  { name: 'invalid room QR', qr: { kind: 'room', qrId: ' ' }, minimumPaths: 1 },
];

for (const { name, qr, minimumPaths } of scenarios) {
  describe(`entry machine, ${name}: model paths drive EntryPage`, () => {
    const paths = modelFor(qr).getShortestPaths();

    it('covers the flow', () => {
      expect(paths.length).toBeGreaterThanOrEqual(minimumPaths);
    });

    for (const path of paths) {
      it(modelPathTitle(path), async () => {
        await runPath(qr, path);
      });
    }
  });
}

describe('entry page', () => {
  afterEach(() => {
    i18n.activate('fr');
  });

  it('keeps the /demo prefix when it redirects to the stay', async () => {
    router.mode = 'demo';
    const controlled = controlledActors(ACTORS);
    render(
      <LanguageProvider>
        <EntryPage qr={{ kind: 'hotel', hId: '2', key: null }} logic={controlled.provideTo(entryLogic)} />
      </LanguageProvider>,
    );
    await waitFor(() => expect(controlled.isPending('createHotelStay')).toBe(true));
    await act(async () => controlled.resolve('createHotelStay', hotelStay));
    await waitFor(() =>
      expect(router.navigate).toHaveBeenCalledWith({
        to: '/{-$mode}/stay/$sUUID',
        params: { mode: 'demo', sUUID: 'stay-hotel' },
        replace: true,
      }),
    );
  });

  it('offers FR, EN and AR in the language menu and switches the page language', async () => {
    const user = userEvent.setup();
    render(
      <LanguageProvider>
        <EntryPage qr={{ kind: 'hotel', hId: 'x', key: null }} />
      </LanguageProvider>,
    );
    await user.click(await screen.findByRole('button', { name: /Langue/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Français', 'English', 'العربية']);
    await user.click(screen.getByRole('option', { name: 'English' }));
    // The English catalog loads lazily; the error card then speaks English.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid QR code'), { timeout: 3000 });
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(localStorage.getItem('langue')).toBe('en');
  });
});

describe('entry rules', () => {
  it('accepts only positive integer hotel ids', () => {
    expect(hotelIdOf({ kind: 'hotel', hId: '12', key: null })).toBe(12);
    for (const hId of ['0', '-3', '1.5', '01', 'abc', '', '99999999999']) {
      expect(hotelIdOf({ kind: 'hotel', hId, key: null })).toBeNull();
    }
    expect(hotelIdOf({ kind: 'room', qrId: '12' })).toBeNull();
  });

  it('accepts any non-empty room QR id', () => {
    expect(isValidRoomQr({ kind: 'room', qrId: 'tilleuls-101' })).toBe(true);
    expect(isValidRoomQr({ kind: 'room', qrId: '' })).toBe(false);
  });

  it('reads the stay id at the top level, else under stay', () => {
    expect(createdStayId({ sUUID: 'a', stay: { sUUID: 'b' } })).toBe('a');
    expect(createdStayId({ stay: { sUUID: 'b' } })).toBe('b');
    expect(createdStayId({ profileUUID: PROFILE })).toBeNull();
  });
});
