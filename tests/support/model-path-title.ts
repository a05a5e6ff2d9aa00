import { TestRunner } from 'vitest';
import type { EventObject, StateValue } from 'xstate';
import { errorCodeOf } from '../../contract/errors.ts';

/** Payloads up to this length (an answer, a choice) are shown; longer ones (replies, rewards) would drown the title. */
const SHORT_PAYLOAD = 40;

interface ModelPath {
  steps: ReadonlyArray<{ event: EventObject }>;
  state: { value: StateValue };
}

function stateNames(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [key] : stateNames(child).map((name) => `${key}.${name}`),
  );
}

function eventLabel({ type, ...payload }: EventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (settled) {
    const [, outcome, actor] = settled;
    const code = outcome === 'error' ? errorCodeOf((payload as { error?: unknown }).error) : null;
    return `${actor} ${outcome}${code ? ` (${code})` : ''}`;
  }
  const delayed = /^xstate\.after\.([^.]+)\./.exec(type);
  if (delayed) return `after ${delayed[1]}`;
  const detail = JSON.stringify(payload);
  return detail === '{}' || detail.length > SHORT_PAYLOAD ? type : `${type} ${detail}`;
}

/** `a → a → a → b` as `a ×3 → b`. */
function repeatsCounted(labels: string[]): string[] {
  const runs: { label: string; count: number }[] = [];
  for (const label of labels) {
    const last = runs.at(-1);
    if (last?.label === label) last.count += 1;
    else runs.push({ label, count: 1 });
  }
  return runs.map(({ label, count }) => (count === 1 ? label : `${label} ×${count}`));
}

/**
 * The title of a model-based test (@xstate/graph path), for `it(...)` inside a `describe`: the events in order (from
 * the initial state), then the state reached, e.g. `answer.submit {"answer":"yes"} → submitAnswer error
 * (server_error) ⇒ choosing.failed`. The library's `path.description` prints the whole context as JSON. Paths that
 * differ only in long payloads (another stay, another reply) get a variant number, so titles stay unique.
 */
export function modelPathTitle(path: ModelPath, scenario?: string): string {
  const events = path.steps.filter((step) => step.event.type !== 'xstate.init').map((step) => eventLabel(step.event));
  const reached = `${repeatsCounted(events).join(' → ') || 'start'} ⇒ ${stateNames(path.state.value).join(' + ')}`;
  const title = scenario ? `${scenario}: ${reached}` : reached;
  const taken = new Set(TestRunner.getCurrentSuite().tasks.map((task) => task.name));
  let variant = 1;
  while (taken.has(variant === 1 ? title : `${title} (variant ${variant})`)) variant += 1;
  return variant === 1 ? title : `${title} (variant ${variant})`;
}
