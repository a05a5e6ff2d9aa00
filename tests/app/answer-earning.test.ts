/**
 * Which answer earns is one rule for the server and the app (contract/recorded-answers.ts): an answered card is
 * declined exactly when the server gave its answer no points.
 */
import { describe, expect, it } from 'vitest';
import type { ActionResponse } from '../../contract/schemas.ts';
import { evaluateAnswer, type SubmittedAnswer } from '../../server/domain/answers.ts';
import { cardStateOf } from '../../src/views/actions/actionCardRules.ts';
import { makeAction } from './stay-fixtures.ts';

/** The card of an action answered with what the server stored for `answer`. */
function answeredCard(actType: string, actPositiveResponse: 'YES' | 'NO' | null, answer: SubmittedAnswer) {
  const evaluated = evaluateAnswer(answer, { positiveResponse: actPositiveResponse });
  const stored = evaluated.stored.response;
  const response: ActionResponse =
    stored === 'YES' || stored === 'NO' || stored === 'SKIP' || stored === 'CLEAN' ? stored : null;
  const action = makeAction({ actType, actPositiveResponse, alreadyCompleted: true, response });
  return { earns: evaluated.earns, state: cardStateOf(action, false) };
}

describe('the server and the action card agree on which answer earns', () => {
  it.each([
    ['YESNO', 'yesno'],
    ['YESNOSTAY', 'yesnon'],
    ['YESNOMAIL', 'yesnomail'],
  ] as const)('%s: declined exactly when the answer earned nothing', (actType, kind) => {
    for (const positive of ['YES', 'NO', null] as const) {
      for (const given of [true, false]) {
        const { earns, state } = answeredCard(actType, positive, { kind, response: given });
        expect(state, `${positive} ${given}`).toBe(earns ? 'completed' : 'declined');
      }
    }
  });

  it('LUNICLEAN: declined exactly when the answer earned nothing', () => {
    for (const skipCleaning of [true, false]) {
      const { earns, state } = answeredCard('LUNICLEAN', null, { kind: 'luniclean', skipCleaning, roomNumber: null });
      expect(state, String(skipCleaning)).toBe(earns ? 'completed' : 'declined');
    }
  });
});
