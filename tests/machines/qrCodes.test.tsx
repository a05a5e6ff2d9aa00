import { act, screen, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { contentEditorMachine } from '../../machines/contentEditor.machine.ts';
import { type QrCodesInput, type QrTarget, qrCodesMachine } from '../../machines/qrCodes.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { RoomsSection } from '../../src/views/staff/console/content/rooms/RoomsSection.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { ROOMS_CONTENT } from '../app/rooms-fixtures.ts';
import { renderStaffSection, SECTION_INPUT } from '../app/staff-section-host.tsx';
import { canTake, eventKey, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type QrCodesSnapshot = SnapshotFrom<typeof qrCodesMachine>;

const failure = (status: number, code: string) => new ApiError(status, code, code);
const ROOM: QrTarget = { kind: 'room', number: '101' };
const PROOF: QrTarget = { kind: 'proof', action: 'garden-visit' };
const HOTEL: QrTarget = { kind: 'hotelKey' };

const events: AnyEventObject[] = [
  { type: 'qr.rotate', target: ROOM },
  { type: 'qr.rotate', target: PROOF },
  { type: 'qr.rotate', target: HOTEL },
  { type: 'qr.confirm' },
  { type: 'qr.cancel' },
  { type: 'qr.print', sheet: { room: '101' } },
  { type: 'qr.print', sheet: {} },
  { type: 'qr.dismiss' },
  { type: 'xstate.done.actor.rotate' },
  { type: 'xstate.error.actor.rotate', error: failure(500, 'internal_error') },
  { type: 'xstate.error.actor.rotate', error: failure(401, 'staff_session_invalid') },
  { type: 'xstate.done.actor.printSheet' },
  { type: 'xstate.error.actor.printSheet', error: failure(0, 'network_error') },
  { type: 'xstate.error.actor.printSheet', error: failure(403, 'staff_role_forbidden') },
];

function keyOf(event: AnyEventObject): string {
  if (event.type === 'qr.rotate') return `qr.rotate:${event.target.kind}`;
  if (event.type === 'qr.print') return `qr.print:${event.sheet.room ?? 'all'}`;
  return eventKey(event);
}

function model() {
  // The graph is walked without the editor: what it is told is checked on the rendered section instead.
  const walked = qrCodesMachine.provide({ actions: { reloadEditor: () => {}, tellEditorRefused: () => {} } });
  const editor = createActor(contentEditorMachine, { input: SECTION_INPUT });
  return new TestModel(walked as unknown as ActorLogic<QrCodesSnapshot, AnyEventObject, QrCodesInput>, {
    input: { ...SECTION_INPUT, editor },
    events: (snapshot) => (snapshot.status === 'done' ? [] : events.filter((event) => canTake(snapshot, event))),
    serializeState: (snapshot, event) => {
      const { target, failure: failed } = snapshot.context;
      return `${JSON.stringify(snapshot.value)} target=${target?.kind} failure=${failed}${event ? ` via ${keyOf(event)}` : ''}`;
    },
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

const eventOf = <Event,>(step: { event: unknown }): Event => {
  const event: unknown = step.event;
  return event as Event;
};

/** The content editor as the staff page runs it, its content loaded from `ROOMS_CONTENT`, counting its loads. */
function editorWithContent() {
  const loads: unknown[] = [];
  const editor = contentEditorMachine.provide({
    actors: {
      loadContent: fromPromise(async ({ input }) => {
        loads.push(input);
        return ROOMS_CONTENT;
      }),
    },
  });
  return { editor, loads };
}

// toHaveTextContent reads no-break spaces as spaces.
const questions: Record<QrTarget['kind'], string> = {
  room: 'Le QR code imprimé de la chambre 101 cessera de fonctionner tout de suite. Il faudra imprimer le nouveau.',
  proof:
    'Les codes imprimés de « Visite du jardin » cesseront de fonctionner tout de suite. Il faudra imprimer les nouveaux.',
  hotelKey: "Le QR code imprimé de l'hôtel cessera de fonctionner tout de suite. Il faudra imprimer le nouveau.",
};
const done: Record<QrTarget['kind'], string> = {
  room: "Chambre 101 : nouveau QR code. Imprimez-le : l'ancien ne fonctionne plus.",
  proof: '« Visite du jardin » : nouveaux codes. Imprimez-les : les anciens ne fonctionnent plus.',
  hotelKey: "Nouveau QR code de l'hôtel. Imprimez-le : l'ancien ne fonctionne plus.",
};

const room101 = () => within(screen.getByRole('group', { name: 'Chambre 101' }));
const proofGroup = () => within(screen.getByRole('group', { name: 'Visite du jardin' }));

describe('QR codes machine: model paths drive the Rooms section', () => {
  for (const path of model().getShortestPaths()) {
    it(modelPathTitle(path), async () => {
      const controlled = controlledActors(['rotate', 'printSheet']);
      const { editor, loads } = editorWithContent();
      const { user, toldPage } = renderStaffSection(editor, (actorRef) => (
        <RoomsSection actorRef={actorRef} logic={controlled.provideTo(qrCodesMachine)} />
      ));
      await screen.findByRole('group', { name: 'Chambre 101' });
      await path.test({
        states: {
          idle: async () => {
            expect(screen.queryByRole('dialog')).toBeNull();
            expect(screen.queryByRole('alert')).toBeNull();
            expect(screen.queryByRole('status')).toBeNull();
            expect(room101().getByRole('button', { name: 'Nouveau QR code' })).toBeEnabled();
          },
          confirming: async (snapshot) => {
            const dialog = await screen.findByRole('dialog');
            const kind = snapshot.context.target?.kind ?? 'hotelKey';
            expect(dialog).toHaveTextContent(questions[kind]);
            expect(within(dialog).getByRole('button', { name: 'Renouveler' })).toBeEnabled();
            expect(controlled.isPending('rotate')).toBe(false);
          },
          rotating: async (snapshot) => {
            expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Renouvellement…' })).toBeDisabled();
            expect(controlled.calls.at(-1)).toEqual({
              name: 'rotate',
              input: { ...SECTION_INPUT, target: snapshot.context.target },
            });
          },
          rotated: async (snapshot) => {
            expect(await screen.findByRole('status')).toHaveTextContent(
              done[snapshot.context.target?.kind ?? 'hotelKey'],
            );
            // The editor read the content again: the new ids show.
            expect(loads).toHaveLength(2);
            expect(screen.queryByRole('dialog')).toBeNull();
          },
          printing: async (snapshot) => {
            expect(await screen.findByRole('status')).toHaveTextContent('Préparation du PDF…');
            expect(screen.getByRole('button', { name: 'Imprimer toutes les chambres' })).toBeDisabled();
            expect(controlled.calls.at(-1)).toEqual({
              name: 'printSheet',
              input: { ...SECTION_INPUT, sheet: snapshot.context.sheet },
            });
          },
          failed: async (snapshot) => {
            expect(await screen.findByRole('alert')).toHaveTextContent(
              snapshot.context.failure === 'print'
                ? "Le PDF n'a pas pu être préparé. Réessayez."
                : "Le QR code n'a pas été renouvelé. Réessayez.",
            );
          },
          refused: async () => {
            expect(toldPage()).not.toBeNull();
          },
        },
        events: {
          'qr.rotate': async (step) => {
            const { target } = eventOf<{ target: QrTarget }>(step);
            const button =
              target.kind === 'room'
                ? room101().getByRole('button', { name: 'Nouveau QR code' })
                : target.kind === 'proof'
                  ? proofGroup().getByRole('button', { name: 'Nouveau code' })
                  : screen.getByRole('button', { name: 'Nouvelle clé' });
            await user.click(button);
          },
          'qr.confirm': async () => {
            await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Renouveler' }));
          },
          'qr.cancel': async () => {
            await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler' }));
          },
          'qr.print': async (step) => {
            const { sheet } = eventOf<{ sheet: { room?: string } }>(step);
            await user.click(
              sheet.room
                ? room101().getByRole('button', { name: 'Imprimer' })
                : screen.getByRole('button', { name: 'Imprimer toutes les chambres' }),
            );
          },
          'qr.dismiss': async () => {
            await user.click(screen.getByRole('button', { name: 'Fermer' }));
          },
          'xstate.done.actor.rotate': async () => {
            await act(async () => controlled.resolve('rotate', undefined));
          },
          'xstate.error.actor.rotate': async (step) => {
            await act(async () => controlled.reject('rotate', eventOf<{ error: unknown }>(step).error));
          },
          'xstate.done.actor.printSheet': async () => {
            await act(async () => controlled.resolve('printSheet', undefined));
          },
          'xstate.error.actor.printSheet': async (step) => {
            await act(async () => controlled.reject('printSheet', eventOf<{ error: unknown }>(step).error));
          },
        },
      });
    });
  }
});
