import { describe, expect, it } from 'vitest';
import { modelPathTitle } from '../support/model-path-title.ts';

const path = (events: { type: string; [key: string]: unknown }[], value: string | Record<string, string>) => ({
  steps: [{ type: 'xstate.init' }, ...events].map((event) => ({ event })),
  state: { value },
});

describe('model path titles', () => {
  const failed = path(
    [
      { type: 'answer.submit', answer: 'yes' },
      { type: 'xstate.error.actor.submitAnswer', error: { status: 500, code: 'server_error' } },
    ],
    { choosing: 'failed' },
  );
  const title = modelPathTitle(failed);

  it('names the events and the state reached, not the context', () => {
    expect(title).toBe('answer.submit {"answer":"yes"} → submitAnswer error (server_error) ⇒ choosing.failed');
  });

  it('counts repeated events and leaves long payloads out', () => {
    const reply = { message: 'Merci pour votre réponse positive !', greenMiles: 50, greenMilesChange: 10 };
    const lowered = path(
      [
        { type: 'temperature.lower' },
        { type: 'temperature.lower' },
        { type: 'xstate.done.actor.submitAnswer', output: reply },
        { type: 'xstate.after.celebration.outcome.pending' },
      ],
      'idle',
    );
    expect(modelPathTitle(lowered)).toBe('temperature.lower ×2 → submitAnswer done → after celebration ⇒ idle');
  });

  it(title, () => {});
  // Titles are given while the describe collects its tests.
  const second = modelPathTitle(failed);
  it('numbers a second path whose title is already taken in the describe', () => {
    expect(second).toBe(`${title} (variant 2)`);
  });
});
