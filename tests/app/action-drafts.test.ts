import { describe, expect, it } from 'vitest';
import { ACTION_TYPES } from '../../contract/action-types.ts';
import type { ContentDocument } from '../../contract/content-editor.ts';
import type { ActionEntry } from '../../contract/hotel-content-file.ts';
import { withValueAt } from '../../machines/contentDraft.ts';
import { contentProblems } from '../../server/content/validate.ts';
import {
  ACTION_TYPE_FIELDS,
  colourInputValue,
  displayOrder,
  keyFromName,
  moved,
  newAction,
  parseTags,
  reorderedActions,
  withLanguage,
  withoutLanguage,
  withType,
} from '../../src/views/staff/console/content/actions/actionDrafts.ts';
import { tilleulsDocument } from './content-fixtures.ts';

/** Every empty text of an action written (what the manager does after adding it). */
function filledIn(action: ActionEntry): ActionEntry {
  const fill = (value: unknown): unknown =>
    value === ''
      ? 'Texte'
      : Array.isArray(value)
        ? value.map(fill)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]))
          : value;
  return fill(action) as ActionEntry;
}

describe('action drafts (the Actions section of the content editor)', () => {
  it('makes a key from a name: accents dropped, signs as dashes, unique, at most 64 characters', () => {
    expect(keyFromName('Renoncer au ménage !', [])).toBe('renoncer-au-menage');
    expect(keyFromName('Renoncer au ménage', ['renoncer-au-menage'])).toBe('renoncer-au-menage-2');
    expect(keyFromName('Renoncer au ménage', ['renoncer-au-menage', 'renoncer-au-menage-2'])).toBe(
      'renoncer-au-menage-3',
    );
    expect(keyFromName('زيارة الحديقة', [])).toBe('action');
    expect(keyFromName('زيارة', ['action'])).toBe('action-2');
    const long = keyFromName('a'.repeat(80), ['a'.repeat(64)]);
    expect(long).toBe(`${'a'.repeat(62)}-2`);
    for (const key of ['renoncer-au-menage-3', 'action-2', long]) expect(key).toMatch(/^[a-z0-9][a-z0-9-]{0,63}$/);
  });

  it('a new action of each of the twelve types, once its texts are written, is valid content', () => {
    const sample = tilleulsDocument();
    for (const type of ACTION_TYPES) {
      const action = newAction(type, 'Nouvelle action', sample);
      expect(action).toMatchObject({
        key: 'nouvelle-action',
        type,
        scope: ACTION_TYPE_FIELDS[type].scope,
        period: ACTION_TYPE_FIELDS[type].period,
        reward: 10,
        position: 13,
        texts: { fr: { name: 'Nouvelle action', description: '' } },
      });
      expect(action.positiveResponse).toBe(ACTION_TYPE_FIELDS[type].positiveResponse ? 'YES' : undefined);
      const document = withValueAt(sample, ['actions', sample.actions?.length ?? 0], action);
      // As added: its empty texts are the problems the editor shows, each at its field.
      expect(contentProblems(document).every((problem) => problem.path[1] === 12)).toBe(true);
      expect(contentProblems(withValueAt(sample, ['actions', 12], filledIn(action)))).toEqual([]);
    }
    expect(newAction('CUSTOM', 'Venir en train', sample).options).toEqual([
      { labels: { fr: '' } },
      { labels: { fr: '' } },
    ]);
    expect(newAction('QUIZ', 'Quiz', sample).quiz).toEqual({
      texts: { fr: { question: '' } },
      answers: [{ correct: true, texts: { fr: '' } }, { texts: { fr: '' } }],
    });
  });

  it('a new action of an empty hotel comes first, in its primary language', () => {
    const empty: ContentDocument = {
      ...tilleulsDocument(),
      actions: undefined,
      languages: [
        { code: 'en', name: 'English', enabled: true, position: 1 },
        { code: 'ar', name: 'العربية', enabled: true, isPrimary: true, position: 2 },
      ],
    };
    expect(newAction('CLAIM', 'رشّة', empty)).toMatchObject({
      key: 'action',
      position: 1,
      texts: { ar: { name: 'رشّة' } },
    });
  });

  it('another type for an unsaved action keeps what both types have and brings the new one its parts', () => {
    const custom = withLanguage(
      { ...newAction('CUSTOM', 'Venir', tilleulsDocument()), tags: { fr: ['Mobilité'] } },
      'en',
    );
    const withQuestion = {
      ...custom,
      texts: { ...custom.texts, fr: { name: 'Venir', description: 'D', question: 'Q ?' } },
    };
    const quiz = withType(withQuestion, 'QUIZ');
    expect(quiz.options).toBeUndefined();
    expect(quiz.quiz?.texts).toEqual({ fr: { question: '' }, en: { question: '' } });
    expect(quiz.texts.fr).toEqual({ name: 'Venir', description: 'D' });
    expect(quiz.tags).toEqual({ fr: ['Mobilité'] });
    expect(quiz.key).toBe(custom.key);
    const yesNo = withType(withQuestion, 'YESNO');
    expect(yesNo).toMatchObject({ positiveResponse: 'YES', scope: 'ROOM', period: 'STAY' });
    expect(yesNo.texts.fr?.question).toBe('Q ?');
    expect(withType(yesNo, 'PROOF')).not.toHaveProperty('positiveResponse');
  });

  it('a language added to an action reaches its options and quiz; taken away, it leaves everywhere', () => {
    const sample = tilleulsDocument();
    const quiz = sample.actions?.find((action) => action.type === 'QUIZ') as ActionEntry;
    const withGerman = withLanguage(quiz, 'de');
    expect(withGerman.texts.de).toEqual({ name: '', description: '' });
    expect(withGerman.quiz?.texts.de).toEqual({ question: '' });
    expect(withGerman.quiz?.answers.every((answer) => answer.texts.de === '')).toBe(true);
    expect(withoutLanguage(withGerman, 'de')).toEqual(quiz);
    const custom = sample.actions?.find((action) => action.type === 'CUSTOM') as ActionEntry;
    const noArabic = withoutLanguage(custom, 'ar');
    expect(Object.keys(noArabic.texts)).toEqual(['fr', 'en']);
    expect(noArabic.tags).toEqual({ fr: ['Mobilité'], en: ['Travel'] });
    expect(noArabic.options?.every((option) => !('ar' in option.labels))).toBe(true);
    expect(withoutLanguage(withoutLanguage(noArabic, 'en'), 'fr')).not.toHaveProperty('tags');
  });

  it('moves an action in the guests’ order and numbers them all from 1', () => {
    const at = (key: string, position: number) => ({ ...newAction('CLAIM', key, tilleulsDocument()), key, position });
    const actions = [at('c', 30), at('a', 10), at('b', 20), at('b2', 20)];
    expect(displayOrder(actions)).toEqual([1, 2, 3, 0]);
    const up = reorderedActions(actions, 0, -1);
    expect(up.map((action) => [action.key, action.position])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['b2', 4],
    ]);
    expect(reorderedActions(actions, 1, -1).map((action) => action.key)).toEqual(['a', 'b', 'b2', 'c']);
    expect(moved(['x', 'y', 'z'], 2, 1)).toEqual(['x', 'y', 'z']);
    expect(moved(['x', 'y', 'z'], 0, 2)).toEqual(['y', 'z', 'x']);
  });

  it('reads tags as typed and a colour as a colour input takes it', () => {
    expect(parseTags(' Eau,  Énergie ,, ')).toEqual(['Eau', 'Énergie']);
    expect(parseTags('ماء، طاقة')).toEqual(['ماء', 'طاقة']);
    expect(parseTags(' , ')).toEqual([]);
    expect(colourInputValue('#FFF')).toBe('#ffffff');
    expect(colourInputValue('#1F6F4A')).toBe('#1f6f4a');
    expect(colourInputValue('#1F6F4A80')).toBe('#1f6f4a');
    expect(colourInputValue('#abcd')).toBe('#aabbcc');
    expect(colourInputValue('green')).toBeNull();
    expect(colourInputValue(undefined)).toBeNull();
  });
});
