import type { ActionType } from '../../../../../../contract/action-types.ts';
import type { ContentDocument, ContentProblem } from '../../../../../../contract/content-editor.ts';
import { isContentError } from '../../../../../../contract/content-rules.ts';
import type { ActionEntry } from '../../../../../../contract/hotel-content-file.ts';
import { isWithin } from '../../../../../../machines/contentDraft.ts';

/**
 * The pure part of the content editor's Actions section (docs/behaviour.md#editing-actions): what each type
 * asks for, a new action of a type, its key made from its name, a language added to or taken from an action, and the
 * order of the list. The section sends what these return as `draft.change`.
 */

export type ActionScope = ActionEntry['scope'];
export type ActionPeriod = ActionEntry['period'];
export const ACTION_SCOPES: readonly ActionScope[] = ['ROOM', 'STAY', 'HOTEL'];
export const ACTION_PERIODS: readonly ActionPeriod[] = ['NIGHT', 'STAY'];

/** The part of an action only some types have (the validator refuses it on the others). */
export type ActionPart = 'options' | 'quiz' | 'proofCodes';

export interface ActionTypeFields {
  /** The guest's modal shows `texts.{lang}.question` (the QUIZ asks its own, in `quiz`). */
  question: boolean;
  /** The answer that earns the points, YES or NO (YES when absent). */
  positiveResponse: boolean;
  part: ActionPart | null;
  /** A new action's scope and period: how the sample hotels set this type. */
  scope: ActionScope;
  period: ActionPeriod;
}

/** What the editor shows for each of the twelve types (docs/behaviour.md#editing-actions). */
export const ACTION_TYPE_FIELDS: Record<ActionType, ActionTypeFields> = {
  LUNICLEAN: { question: true, positiveResponse: false, part: null, scope: 'ROOM', period: 'NIGHT' },
  LUNISHOWER: { question: true, positiveResponse: false, part: null, scope: 'ROOM', period: 'NIGHT' },
  HEATING: { question: true, positiveResponse: false, part: null, scope: 'ROOM', period: 'NIGHT' },
  YESNO: { question: true, positiveResponse: true, part: null, scope: 'ROOM', period: 'STAY' },
  YESNOSTAY: { question: true, positiveResponse: true, part: null, scope: 'STAY', period: 'STAY' },
  YESNOMAIL: { question: true, positiveResponse: true, part: null, scope: 'ROOM', period: 'NIGHT' },
  REVIEW: { question: true, positiveResponse: false, part: null, scope: 'STAY', period: 'STAY' },
  CUSTOM: { question: true, positiveResponse: false, part: 'options', scope: 'STAY', period: 'STAY' },
  QUIZ: { question: false, positiveResponse: false, part: 'quiz', scope: 'STAY', period: 'STAY' },
  LIMEAT: { question: false, positiveResponse: false, part: null, scope: 'STAY', period: 'NIGHT' },
  CLAIM: { question: false, positiveResponse: false, part: null, scope: 'STAY', period: 'STAY' },
  PROOF: { question: false, positiveResponse: false, part: 'proofCodes', scope: 'HOTEL', period: 'STAY' },
};

export const DEFAULT_ACTION_REWARD = 10;
/** The validator's bounds (contract/hotel-content-file.ts). */
export const MAX_OPTIONS = 20;
export const MIN_QUIZ_ANSWERS = 2;
export const MAX_QUIZ_ANSWERS = 10;
const KEY_MAX_LENGTH = 64;

/** The hotel's primary language (the first one when none is marked). */
export function primaryLanguageOf(document: Pick<ContentDocument, 'languages'>): string {
  return (document.languages.find((language) => language.isPrimary) ?? document.languages[0])?.code ?? 'fr';
}

/**
 * A key (a-z, 0-9, '-') made from a name, unlike every key in `taken`: accents dropped, other signs as dashes, then
 * '-2', '-3'… if needed; 'action' for a name with no Latin letter or digit (an Arabic name).
 */
export function keyFromName(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base =
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, KEY_MAX_LENGTH)
      .replace(/-+$/, '') || 'action';
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const key = `${base.slice(0, KEY_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(key)) return key;
  }
}

/** The action's name in the hotel's primary language (else any it has), or its key. */
export function actionName(action: Pick<ActionEntry, 'key' | 'texts'>, primary: string): string {
  return action.texts[primary]?.name || Object.values(action.texts).find((texts) => texts.name)?.name || action.key;
}

/** The languages an action is written in (its `texts`), the ones its options and quiz must speak too. */
export function languagesOf(action: Pick<ActionEntry, 'texts'>): string[] {
  return Object.keys(action.texts);
}

const blankPerLanguage = <Value>(languages: readonly string[], value: Value): Record<string, Value> =>
  Object.fromEntries(languages.map((code) => [code, value]));

const blankOption = (languages: readonly string[]): NonNullable<ActionEntry['options']>[number] => ({
  labels: blankPerLanguage(languages, ''),
});

const blankAnswer = (
  languages: readonly string[],
  correct: boolean,
): NonNullable<ActionEntry['quiz']>['answers'][number] =>
  correct ? { correct: true, texts: blankPerLanguage(languages, '') } : { texts: blankPerLanguage(languages, '') };

/** A new option, with an empty label in each of the action's languages. */
export const newOption = (action: Pick<ActionEntry, 'texts'>) => blankOption(languagesOf(action));

/** A new quiz answer (not marked correct), with an empty text in each of the action's languages. */
export const newAnswer = (action: Pick<ActionEntry, 'texts'>) => blankAnswer(languagesOf(action), false);

/** The parts a type requires, empty, in `languages`: two options, a quiz with two answers (the first correct). */
function requiredParts(type: ActionType, languages: readonly string[]): Pick<ActionEntry, 'options' | 'quiz'> {
  const { part } = ACTION_TYPE_FIELDS[type];
  if (part === 'options') return { options: [blankOption(languages), blankOption(languages)] };
  if (part === 'quiz')
    return {
      quiz: {
        texts: blankPerLanguage(languages, { question: '' }),
        answers: [blankAnswer(languages, true), blankAnswer(languages, false)],
      },
    };
  return {};
}

/**
 * A new action of `type` named `name` in the primary language, after the last one: a unique key from the name, the
 * type's usual scope and period, DEFAULT_ACTION_REWARD points, the parts the type requires (empty texts the editor
 * then shows as problems until they are written) and, for the yes/no types, YES as the answer that earns.
 */
export function newAction(type: ActionType, name: string, document: ContentDocument): ActionEntry {
  const actions = document.actions ?? [];
  const primary = primaryLanguageOf(document);
  const fields = ACTION_TYPE_FIELDS[type];
  return {
    key: keyFromName(
      name,
      actions.map((action) => action.key),
    ),
    type,
    scope: fields.scope,
    period: fields.period,
    reward: DEFAULT_ACTION_REWARD,
    position: actions.reduce((last, action) => Math.max(last, action.position), 0) + 1,
    ...(fields.positiveResponse ? { positiveResponse: 'YES' as const } : {}),
    texts: { [primary]: { name: name.trim(), description: '' } },
    ...requiredParts(type, [primary]),
  };
}

/**
 * An action not saved yet, given another type: what it had that the new type has too is kept (key, texts, tags,
 * points, picture, colour, position), the type's usual scope and period, and its own parts in the action's languages.
 */
export function withType(action: ActionEntry, type: ActionType): ActionEntry {
  const fields = ACTION_TYPE_FIELDS[type];
  const { options: _options, quiz: _quiz, proofQrIds: _proofQrIds, positiveResponse, ...kept } = action;
  const texts = Object.fromEntries(
    Object.entries(action.texts).map(([code, { question, ...rest }]) => [
      code,
      fields.question && question !== undefined ? { ...rest, question } : rest,
    ]),
  );
  return {
    ...kept,
    type,
    scope: fields.scope,
    period: fields.period,
    ...(fields.positiveResponse ? { positiveResponse: positiveResponse ?? 'YES' } : {}),
    texts,
    ...requiredParts(type, languagesOf(action)),
  };
}

/** The action translated into `code` too: empty name and description, option labels, quiz texts and answers. */
export function withLanguage(action: ActionEntry, code: string): ActionEntry {
  return {
    ...action,
    texts: { ...action.texts, [code]: { name: '', description: '' } },
    ...(action.options && {
      options: action.options.map((option) => ({ ...option, labels: { ...option.labels, [code]: '' } })),
    }),
    ...(action.quiz && {
      quiz: {
        texts: { ...action.quiz.texts, [code]: { question: '' } },
        answers: action.quiz.answers.map((answer) => ({ ...answer, texts: { ...answer.texts, [code]: '' } })),
      },
    }),
  };
}

const without = <Value>(map: Record<string, Value>, code: string): Record<string, Value> =>
  Object.fromEntries(Object.entries(map).filter(([key]) => key !== code));

/** The action no longer translated into `code`: its texts, tags, option labels and quiz texts in it leave. */
export function withoutLanguage(action: ActionEntry, code: string): ActionEntry {
  const { tags, ...rest } = action;
  const otherTags = tags && without(tags, code);
  return {
    ...rest,
    ...(otherTags && Object.keys(otherTags).length > 0 ? { tags: otherTags } : {}),
    texts: without(action.texts, code),
    ...(action.options && {
      options: action.options.map((option) => ({ ...option, labels: without(option.labels, code) })),
    }),
    ...(action.quiz && {
      quiz: {
        texts: without(action.quiz.texts, code),
        answers: action.quiz.answers.map((answer) => ({ ...answer, texts: without(answer.texts, code) })),
      },
    }),
  };
}

/** The indexes of the actions in the order guests see them: by position, then as listed. */
export function displayOrder(actions: readonly Pick<ActionEntry, 'position'>[]): number[] {
  return actions
    .map((_, index) => index)
    .sort((a, b) => (actions[a]?.position ?? 0) - (actions[b]?.position ?? 0) || a - b);
}

/** `list` with the item at `index` moved by `offset` places (a move past either end changes nothing). */
export function moved<Item>(list: readonly Item[], index: number, offset: number): Item[] {
  const to = index + offset;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(to, 0, item as Item);
  return copy;
}

/**
 * The actions with the one at `index` moved `offset` places in the guests' order, listed in that order and numbered
 * 1, 2, 3… (`position`, what the guests' list sorts by).
 */
export function reorderedActions(actions: readonly ActionEntry[], index: number, offset: number): ActionEntry[] {
  const order = displayOrder(actions);
  const inOrder = order.map((at) => actions[at] as ActionEntry);
  return moved(inOrder, order.indexOf(index), offset).map((action, at) => ({ ...action, position: at + 1 }));
}

/** The errors inside the action at `index` (its own and every field's): its warnings are shown at their fields. */
export function errorsInAction(problems: readonly ContentProblem[], index: number): ContentProblem[] {
  return problems.filter((problem) => isContentError(problem) && isWithin(problem.path, ['actions', index]));
}

/** Tags as typed in one field, a comma (or the Arabic comma) between two: trimmed, empty ones left out. */
export function parseTags(text: string): string[] {
  return text
    .split(/[,،]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/**
 * A title colour as a colour input takes it (#rrggbb): #rgb and #rgba spelled out, an alpha dropped; null for none
 * or a value the validator refuses anyway.
 */
export function colourInputValue(colour: unknown): string | null {
  if (typeof colour !== 'string') return null;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])[0-9a-f]?$/i.exec(colour);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  const long = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(colour);
  return long ? `#${long[1]}`.toLowerCase() : null;
}
