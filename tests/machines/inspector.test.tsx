import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import {
  type InspectionRecord,
  inspectorMachine,
  SESSION_FORMAT,
  shownRecords,
} from '../../machines/inspector.machine.ts';
import { InspectorApp } from '../../src/views/inspector/InspectorApp.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type InspectorSnapshot = SnapshotFrom<typeof inspectorMachine>;

/** A snapshot of a toast actor, as the feed records it: the `n`th of its tab. */
function toastRecord(n: number, value: 'hidden' | 'visible'): InspectionRecord {
  return {
    seq: n,
    at: 1_700_000_000_000 + n,
    actorId: 'tab-test/x:0',
    name: 'x:0',
    parentId: null,
    rootId: 'tab-test/x:0',
    machineId: 'toast',
    event:
      value === 'visible'
        ? { type: 'toast.show', content: { kind: 'proofSuccess', points: n } }
        : { type: 'toast.dismiss' },
    status: 'active',
    value,
    context: { content: value === 'visible' ? { kind: 'proofSuccess', points: n } : null },
    children: [],
  };
}

const SESSION = JSON.stringify({
  format: SESSION_FORMAT,
  version: 1,
  records: [toastRecord(1, 'visible'), toastRecord(2, 'hidden'), toastRecord(3, 'visible')],
});

/** The feed's records, in order (few: the recording's length and position stay bounded, the graph finite). */
const FEED = [toastRecord(1, 'visible'), toastRecord(2, 'hidden')];

const events: AnyEventObject[] = [
  ...FEED.map((record) => ({ type: 'inspection.record', records: [record] })),
  { type: 'inspection.pause' },
  { type: 'inspection.resume' },
  { type: 'inspection.stepBack' },
  { type: 'inspection.stepForward' },
  { type: 'inspection.goTo', position: 1 },
  { type: 'inspection.clear' },
  { type: 'session.import', file: new Blob(['chosen file']) },
  { type: 'xstate.done.actor.readSessionFile', output: SESSION },
  { type: 'xstate.done.actor.readSessionFile', output: '{"format": "something else"}' },
  { type: 'xstate.error.actor.readSessionFile', error: new Error('unreadable') },
  { type: 'replay.leave' },
];

/** The events the view offers in that snapshot (a disabled control sends nothing). */
function offered(snapshot: InspectorSnapshot, event: AnyEventObject): boolean {
  const { records } = snapshot.context;
  if (event.type === 'inspection.record') return event.records[0] === FEED[records.length];
  if (event.type === 'inspection.clear') return records.length > 0 && canTake(snapshot, event);
  if (event.type === 'inspection.goTo') return shownRecords(snapshot.context).length > 0 && canTake(snapshot, event);
  if (event.type === 'session.import') return !snapshot.matches('importing');
  return canTake(snapshot, event);
}

const logic = inspectorMachine as unknown as ActorLogic<InspectorSnapshot, AnyEventObject, undefined>;

const model = new TestModel(logic, {
  events: (snapshot) => events.filter((event) => offered(snapshot as InspectorSnapshot, event)),
  serializeState: (snapshot) => {
    const { context, value } = snapshot as InspectorSnapshot;
    return JSON.stringify([
      value,
      context.position,
      context.records.length,
      context.replay?.length,
      context.importFailed,
    ]);
  },
  stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
});

/** The feed the test pushes records through, as the guest tabs would. */
function testFeed() {
  const listeners = new Set<(records: InspectionRecord[]) => void>();
  return {
    subscribe: (listener: (records: InspectionRecord[]) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push: (records: InspectionRecord[]) => {
      for (const listener of listeners) listener(records);
    },
  };
}

function status(): HTMLElement {
  return screen.getByRole('status');
}

function eventList(): HTMLElement {
  return screen.getByRole('heading', { name: 'Events' }).parentElement as HTMLElement;
}

function inspectorRoot(): HTMLElement {
  return document.querySelector('[data-scope="inspector"]') as HTMLElement;
}

/** What the view must show for the model's snapshot: mode, moment, controls, the actors then, the import error. */
async function expectShown(snapshot: InspectorSnapshot, mode: string, statusText: string) {
  await waitFor(() => expect(inspectorRoot()).toHaveAttribute('data-state', mode));
  expect(status()).toHaveTextContent(statusText);
  const { context } = snapshot;
  const records = shownRecords(context);
  const listed = within(eventList()).queryAllByRole('button');
  expect(listed).toHaveLength(records.length);
  expect(listed.findIndex((button) => button.getAttribute('aria-current') === 'step')).toBe(context.position - 1);
  const current = records[context.position - 1];
  const toast = document.querySelector('[data-part="actor"][data-machine="toast"]');
  if (current) expect(toast).toHaveAttribute('data-state', current.value as string);
  else expect(toast).toBeNull();
  expect(screen.getByRole('button', { name: 'Step back' })).toHaveProperty('disabled', context.position === 0);
  expect(screen.getByRole('button', { name: 'Step forward' })).toHaveProperty(
    'disabled',
    !snapshot.can({ type: 'inspection.stepForward' }),
  );
  if (context.importFailed) expect(screen.getByRole('alert')).toHaveTextContent('not a GreenMiles inspection session');
  else expect(screen.queryByRole('alert')).toBeNull();
}

describe('inspector machine: model paths drive the inspector view', () => {
  const paths = model.getShortestPaths();

  it('covers live, paused, importing and replaying', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    expect(reached).toEqual(new Set(['"live"', '"paused"', '"importing"', '"replaying"']));
  });

  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      const user = userEvent.setup();
      const feed = testFeed();
      const controlled = controlledActors(['readSessionFile']);
      render(<InspectorApp subscribe={feed.subscribe} logic={controlled.provideTo(inspectorMachine)} />);

      await path.test({
        states: {
          live: (snapshot) =>
            expectShown(snapshot, 'live', `Live: ${snapshot.context.records.length} snapshots recorded`),
          paused: (snapshot) =>
            expectShown(
              snapshot,
              'paused',
              `Paused at snapshot ${snapshot.context.position} of ${snapshot.context.records.length}`,
            ),
          importing: async () => {
            await waitFor(() => expect(inspectorRoot()).toHaveAttribute('data-state', 'importing'));
            expect(status()).toHaveTextContent('Reading the session file…');
          },
          replaying: async (snapshot) => {
            await expectShown(
              snapshot,
              'replaying',
              `Replaying an imported session: snapshot ${snapshot.context.position} of 3`,
            );
            expect(screen.getByRole('button', { name: 'Back to live' })).toBeEnabled();
          },
        },
        events: {
          'inspection.record': async ({ event }) =>
            feed.push((event as unknown as { records: InspectionRecord[] }).records),
          'inspection.pause': async () => {
            const pause = screen.getByRole('button', { name: 'Pause' });
            expect(pause).toHaveAttribute('aria-pressed', 'false');
            await user.click(pause);
          },
          'inspection.resume': async () => {
            const pause = screen.getByRole('button', { name: 'Pause' });
            expect(pause).toHaveAttribute('aria-pressed', 'true');
            await user.click(pause);
          },
          'inspection.stepBack': async () => user.click(screen.getByRole('button', { name: 'Step back' })),
          'inspection.stepForward': async () => user.click(screen.getByRole('button', { name: 'Step forward' })),
          'inspection.goTo': async () => user.click(within(eventList()).getAllByRole('button')[0] as HTMLElement),
          'inspection.clear': async () => user.click(screen.getByRole('button', { name: 'Clear' })),
          'session.import': async () =>
            user.upload(screen.getByLabelText('Import session'), new File(['{}'], 'session.json')),
          'xstate.done.actor.readSessionFile': async ({ event }) =>
            controlled.resolve('readSessionFile', (event as unknown as { output: string }).output),
          'xstate.error.actor.readSessionFile': async () =>
            controlled.reject('readSessionFile', new Error('unreadable')),
          'replay.leave': async () => user.click(screen.getByRole('button', { name: 'Back to live' })),
        },
      });
    });
  }
});

describe('inspector view', () => {
  it('draws the chosen machine’s chart with the running actor’s state highlighted, and the event with its context', async () => {
    const user = userEvent.setup();
    const feed = testFeed();
    render(<InspectorApp subscribe={feed.subscribe} />);
    feed.push(FEED);

    await user.click(await screen.findByRole('button', { name: /x:0 \(toast\)/ }));
    const chart = await screen.findByRole('img', { name: 'Statechart of the toast machine' });
    await waitFor(() => expect(chart.querySelector('[data-state-id="toast.hidden"]')).toHaveAttribute('data-active'));
    expect(chart.querySelector('[data-state-id="toast.visible"]')).not.toHaveAttribute('data-active');
    expect(within(chart).getByText('after toastAutoHide')).toBeInTheDocument();

    await user.click(within(eventList()).getByRole('button', { name: 'x:0 ← toast.show → visible' }));
    await waitFor(() => expect(chart.querySelector('[data-state-id="toast.visible"]')).toHaveAttribute('data-active'));
    expect(document.querySelector('[data-part="event"]')).toHaveTextContent('"points": 1');
    expect(document.querySelector('[data-part="context"]')).toHaveTextContent('"kind": "proofSuccess"');

    await user.selectOptions(screen.getByLabelText('Machine'), 'yesNo');
    const yesNo = await screen.findByRole('img', { name: 'Statechart of the yesNo machine' });
    expect(yesNo.querySelector('[data-active]')).toBeNull();
  });
});
