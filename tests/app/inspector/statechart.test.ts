import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionsListMachine } from '../../../machines/actionsList.machine.ts';
import { yesNoMachine } from '../../../machines/dialogs/yesNo.machine.ts';
import { stayMachine } from '../../../machines/stay.machine.ts';
import { toastMachine } from '../../../machines/toast.machine.ts';
import { layoutStatechart } from '../../../src/views/inspector/layout.ts';
import { MACHINES } from '../../../src/views/inspector/machineCatalog.ts';
import {
  activeStateIds,
  machinesIn,
  mermaidOf,
  statechartOf,
  statePaths,
  statesOf,
  transitionLabel,
} from '../../../src/views/inspector/statechart.ts';

const MACHINE_FILES = readdirSync(join(process.cwd(), 'machines'), { recursive: true, encoding: 'utf8' }).filter(
  (file) => file.endsWith('.machine.ts'),
);

describe('machine catalogue', () => {
  it('finds the machines of machines/ and its folders by their exports, one per *.machine.ts file at least', () => {
    expect(MACHINES.size).toBeGreaterThanOrEqual(MACHINE_FILES.length);
    for (const machine of [stayMachine, actionsListMachine, yesNoMachine, toastMachine])
      expect(MACHINES.get(machine.id)).toBe(machine);
    expect([...MACHINES.keys()]).toContain('inspector');
  });

  it('ignores exports that are not machines, counts a machine exported twice once, and refuses two with one id', () => {
    expect([...machinesIn({ a: { toastMachine, alias: toastMachine, helper: () => 1, TEXT: 'x' } }).keys()]).toEqual([
      'toast',
    ]);
    const twin = toastMachine.provide({});
    expect(twin).not.toBe(toastMachine);
    expect(() => machinesIn({ a: { toastMachine }, b: { twin } })).toThrow('Two machines have the id "toast"');
  });
});

describe('statechart extraction', () => {
  it('keeps nested states, initial states, guards, invoked actors and final states (yes/no)', () => {
    const chart = statechartOf(yesNoMachine);
    expect(chart.root.initial).toBe('yesNo.ready');
    const ready = chart.root.children.find((state) => state.key === 'ready');
    expect(ready?.children.map((state) => state.key)).toEqual(expect.arrayContaining(['idle', 'failed']));
    expect(chart.root.children.find((state) => state.key === 'submitted')?.kind).toBe('final');
    expect(chart.root.children.find((state) => state.key === 'submitting')?.invokes).toEqual(['submitAnswer']);
    const labels = chart.transitions.map(transitionLabel);
    expect(labels).toContain('answer.choose [losesReward]');
    expect(labels).toContain('xstate.done.actor.submitAnswer');
  });

  it('labels delayed transitions with their delay, and eventless ones as always', () => {
    const toast = statechartOf(toastMachine);
    expect(toast.transitions).toContainEqual(
      expect.objectContaining({
        source: 'toast.visible',
        targets: ['toast.hidden'],
        delay: 'toastAutoHide',
        event: null,
      }),
    );
    expect(toast.transitions.map(transitionLabel)).toContain('after toastAutoHide');
    const list = statechartOf(actionsListMachine);
    expect(list.transitions).toContainEqual(
      expect.objectContaining({ source: 'actionsList.starting', targets: ['actionsList.loading'], event: null }),
    );
  });

  it('has every transition of every machine start and end at a state of its chart', () => {
    for (const machine of MACHINES.values()) {
      const chart = statechartOf(machine);
      const ids = new Set(statesOf(chart.root).map((state) => state.id));
      expect(chart.transitions.length, machine.id).toBeGreaterThan(0);
      for (const transition of chart.transitions) {
        expect(ids, `${machine.id} ${transition.id}`).toContain(transition.source);
        for (const target of transition.targets) expect(ids, `${machine.id} ${transition.id}`).toContain(target);
      }
    }
  });

  it('finds the active states of a snapshot value, nested and by key', () => {
    const chart = statechartOf(yesNoMachine);
    expect(activeStateIds(chart, { ready: 'idle' })).toEqual(['yesNo', 'yesNo.ready', 'yesNo.ready.idle']);
    expect(activeStateIds(chart, 'submitting')).toEqual(['yesNo', 'yesNo.submitting']);
    expect(activeStateIds(chart, 'nowhere')).toEqual(['yesNo']);
    expect(statePaths({ ready: 'idle' })).toEqual(['ready.idle']);
    expect(statePaths({ a: { b: 'c' }, d: 'e' })).toEqual(['a.b.c', 'd.e']);
  });

  it('writes a Mermaid state diagram with one line per transition target', () => {
    const text = mermaidOf(statechartOf(toastMachine));
    expect(text.split('\n')[0]).toBe('stateDiagram-v2');
    expect(text).toContain('state toast {');
    expect(text).toContain('[*] --> toast_hidden');
    expect(text).toContain('toast_visible --> toast_hidden: after toastAutoHide');
    expect(text).toContain('toast --> toast_visible: toast.show');
  });
});

describe('statechart layout (elkjs)', () => {
  it('places every state inside its parent and routes every transition, for every machine', async () => {
    for (const machine of MACHINES.values()) {
      const chart = statechartOf(machine);
      const layout = await layoutStatechart(chart);
      const boxes = new Map(layout.states.map((state) => [state.id, state]));
      expect(layout.states).toHaveLength(statesOf(chart.root).length);
      const within = (inner: string, outer: string) => {
        const a = boxes.get(inner);
        const b = boxes.get(outer);
        if (!a || !b) throw new Error(`${machine.id}: ${inner} or ${outer} not laid out`);
        return (
          a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5
        );
      };
      for (const state of statesOf(chart.root))
        for (const child of state.children) expect(within(child.id, state.id), `${child.id} in ${state.id}`).toBe(true);
      for (const transition of layout.transitions) {
        expect(transition.points.length, `${machine.id} ${transition.id}`).toBeGreaterThanOrEqual(2);
        expect(transition.labelBox, `${machine.id} ${transition.id}`).not.toBeNull();
      }
    }
  }, 60_000);

  it('lays a chart out the same way every time (the SVG files and the page agree)', async () => {
    const chart = statechartOf(yesNoMachine);
    expect(await layoutStatechart(chart)).toEqual(await layoutStatechart(chart));
  });
});
