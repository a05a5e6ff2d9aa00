import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, type InspectionEvent, setup } from 'xstate';
import { toastMachine } from '../../../machines/toast.machine.ts';
import { runningActorsAt } from '../../../src/views/inspector/inspector.connect.ts';
import { recordOf, toJson } from '../../../src/views/inspector/serialize.ts';

/** A small parent with a child machine, a promise actor and a context holding what JSON cannot (ref, date, error). */
const parentMachine = setup({
  types: { context: {} as { when: Date; failure: Error | null; self: unknown } },
  actors: { toast: toastMachine, load: fromPromise(async () => ({ loaded: 1 })) },
  actions: { keepSelf: assign({ self: ({ self }) => self }) },
}).createMachine({
  id: 'parent',
  context: { when: new Date('2026-11-23T10:00:00Z'), failure: new Error('boom'), self: null },
  entry: 'keepSelf',
  invoke: [
    { id: 'toast', src: 'toast' },
    { id: 'load', src: 'load' },
  ],
});

function recordedRun() {
  const records: ReturnType<typeof recordOf>[] = [];
  let seq = 0;
  const actor = createActor(parentMachine, {
    inspect: (event: InspectionEvent) => {
      const record = recordOf(event, 'tab-a', seq + 1, 0);
      if (record) {
        seq = record.seq;
        records.push(record);
      }
    },
  });
  actor.start();
  return { actor, records: records as NonNullable<(typeof records)[number]>[] };
}

describe('inspection records', () => {
  it('are JSON: refs become ids, dates ISO strings, errors their name and message', () => {
    const { records } = recordedRun();
    expect(JSON.parse(JSON.stringify(records))).toEqual(records);
    const parent = records.findLast((record) => record.machineId === 'parent');
    expect(parent?.context).toEqual({
      when: '2026-11-23T10:00:00.000Z',
      failure: { error: 'Error', message: 'boom' },
      self: { actor: parent?.actorId },
    });
    expect(parent?.actorId).toMatch(/^tab-a\//);
  });

  it('tell children from the root, machines from promise actors', async () => {
    const { actor, records } = recordedRun();
    actor.getSnapshot().children.toast?.send({ type: 'toast.show', content: { kind: 'proofSuccess', points: 5 } });
    const toast = records.findLast((record) => record.machineId === 'toast');
    expect(toast).toMatchObject({ name: 'toast', value: 'visible', event: { type: 'toast.show' } });
    expect(toast?.parentId).toBe(toast?.rootId);
    const load = records.find((record) => record.name === 'load');
    expect(load?.machineId).toBeNull();
    const running = runningActorsAt(records, records.length);
    expect(running.map((entry) => [entry.name, entry.depth, entry.state])).toEqual([
      [running[0]?.name, 0, ''],
      ['toast', 1, 'visible'],
      ['load', 1, 'running'],
    ]);
    // A settled promise actor is no longer running.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(records.at(-1)).toMatchObject({ name: 'load', status: 'done', value: { loaded: 1 } });
    expect(runningActorsAt(records, records.length).map((entry) => entry.name)).not.toContain('load');
    // One record earlier the toast was still hidden.
    const before = records.indexOf(toast as (typeof records)[number]);
    expect(runningActorsAt(records, before).find((entry) => entry.name === 'toast')?.state).toBe('hidden');
  });

  it('cut what is too deep or cyclic', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(toJson(cyclic, 'tab')).toEqual({ name: 'loop', self: '[…]' });
    expect(toJson({ a: undefined, n: Number.NaN, f: function named() {} }, 'tab')).toEqual({
      n: 'NaN',
      f: '[function named]',
    });
  });
});
