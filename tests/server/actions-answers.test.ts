/** Which answer earns, and the success message table (pure functions, no database). */
import { describe, expect, it } from 'vitest';
import { ACTION_TYPE_RULES, ACTION_TYPES, SUBMISSION_PATHS, type SubmissionPath } from '../../contract/action-types.ts';
import { isOptimalTemperature } from '../../contract/recorded-answers.ts';
import type { SubmissionBodies } from '../../contract/schemas.ts';
import { ANSWER_OF_BODY, evaluateAnswer, sameAnswer } from '../../server/domain/answers.ts';
import { SUCCESS_MESSAGES, successMessage } from '../../server/domain/submission-messages.ts';

describe('which answer earns', () => {
  const yes = { positiveResponse: 'YES' };
  it('yes/no types earn on the positive response only', () => {
    expect(evaluateAnswer({ kind: 'yesno', response: true }, yes).earns).toBe(true);
    expect(evaluateAnswer({ kind: 'yesno', response: false }, yes).earns).toBe(false);
    expect(evaluateAnswer({ kind: 'yesnomail', response: false }, { positiveResponse: 'NO' }).earns).toBe(true);
    expect(evaluateAnswer({ kind: 'yesnon', response: true }, { positiveResponse: null }).earns).toBe(true);
    expect(evaluateAnswer({ kind: 'yesnon', response: true }, yes).stored.response).toBe('YES');
  });
  it('luniclean earns when skipping, lunishower when the objective was met, quiz when right', () => {
    expect(evaluateAnswer({ kind: 'luniclean', skipCleaning: true, roomNumber: null }, yes)).toMatchObject({
      earns: true,
      stored: { response: 'SKIP' },
    });
    expect(evaluateAnswer({ kind: 'luniclean', skipCleaning: false, roomNumber: null }, yes)).toMatchObject({
      earns: false,
      stored: { response: 'CLEAN' },
      message: 'lunicleanCleanTomorrow',
    });
    // The thanks name the day of the 11:00 switch.
    expect(
      evaluateAnswer({ kind: 'luniclean', skipCleaning: true, roomNumber: null }, { ...yes, cleaningDay: 'today' }),
    ).toMatchObject({ message: 'lunicleanSkipToday' });
    expect(evaluateAnswer({ kind: 'lunishower', objectiveRespected: false }, yes)).toMatchObject({
      earns: false,
      stored: { response: 'false' },
    });
    expect(evaluateAnswer({ kind: 'quiz', selectedPosition: 2 }, { ...yes, quizCorrect: false })).toMatchObject({
      earns: false,
      isCorrect: false,
      stored: { selected_position: 2, is_correct: 0 },
    });
  });
  it('heating earns in 18–22 °C inclusive', () => {
    expect([17.5, 18, 20, 22, 22.5].map(isOptimalTemperature)).toEqual([false, true, true, true, false]);
  });
  it('review, custom and claim earn on submission', () => {
    expect(evaluateAnswer({ kind: 'review', rating: 1 }, yes).earns).toBe(true);
    expect(evaluateAnswer({ kind: 'custom', optionId: 3 }, yes).earns).toBe(true);
    expect(evaluateAnswer({ kind: 'claim' }, yes).earns).toBe(true);
  });
  it('re-doing is allowed for the types docs/behaviour.md lists', () => {
    expect(ACTION_TYPES.filter((type) => ACTION_TYPE_RULES[type].redoable).sort()).toEqual(
      ['HEATING', 'LIMEAT', 'LUNICLEAN', 'LUNISHOWER', 'YESNO', 'YESNOMAIL', 'YESNOSTAY'].sort(),
    );
  });
  it('compares stored answers', () => {
    const a = evaluateAnswer({ kind: 'heating', temperature: 21.5 }, yes).stored;
    expect(sameAnswer(a, evaluateAnswer({ kind: 'heating', temperature: 21.5 }, yes).stored)).toBe(true);
    expect(sameAnswer(a, evaluateAnswer({ kind: 'heating', temperature: 21 }, yes).stored)).toBe(false);
  });
});

describe('submission bodies', () => {
  const base = { uuid: 'profile', sUUID: 'stay' };
  const bodies: SubmissionBodies = {
    review: { ...base, rating: 3 },
    custom: { ...base, optionValue: 7 },
    claim: base,
    lunishower: { ...base, objectiveRespected: true },
    luniclean: { ...base, skipCleaning: true },
    yesno: { ...base, response: true },
    yesnon: { ...base, response: false },
    yesnomail: { ...base, response: true },
    quiz: { ...base, selectedPosition: 2 },
    heating: { ...base, temperature: 19.5 },
  };
  const answerOf = <Path extends SubmissionPath>(path: Path) => ANSWER_OF_BODY[path](bodies[path]);

  it('become an answer of their own path, for every path of the registry', () => {
    for (const path of Object.keys(SUBMISSION_PATHS) as SubmissionPath[]) expect(answerOf(path).kind).toBe(path);
  });
  it('carry the answer fields under the domain’s names', () => {
    expect(answerOf('custom')).toEqual({ kind: 'custom', optionId: 7 });
    expect(answerOf('luniclean')).toEqual({ kind: 'luniclean', skipCleaning: true, roomNumber: null });
    expect(answerOf('yesnon')).toEqual({ kind: 'yesnon', response: false });
    expect(answerOf('heating')).toEqual({ kind: 'heating', temperature: 19.5 });
  });
});

describe('success messages', () => {
  it('has every message in fr, en and ar', () => {
    const keys = Object.keys(SUCCESS_MESSAGES.fr ?? {}).sort();
    expect(keys.length).toBeGreaterThan(10);
    for (const lang of ['en', 'ar']) expect(Object.keys(SUCCESS_MESSAGES[lang] ?? {}).sort()).toEqual(keys);
  });
  it('keeps the French success messages', () => {
    expect(successMessage('review', ['fr'])).toBe('Merci pour votre avis !');
    expect(successMessage('quizWrong', ['fr'])).toBe("Mauvaise réponse, mais merci d'avoir participé !");
    expect(successMessage('yesNoPositive', ['fr'])).toBe('Merci pour votre réponse positive!');
  });
  it('falls back along the given languages, then to French', () => {
    expect(successMessage('custom', ['de', 'en'])).toBe('Thank you for your answer!');
    expect(successMessage('custom', ['EN-gb'])).toBe('Thank you for your answer!');
    expect(successMessage('custom', [undefined, null, 'de'])).toBe('Merci pour votre réponse !');
  });
});
