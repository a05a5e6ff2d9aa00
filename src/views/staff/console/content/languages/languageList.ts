import type { ContentDocument } from '../../../../../../contract/content-editor.ts';
import { directionOf } from '../../../../../../contract/locales.ts';

/**
 * The languages a hotel offers, as the Languages section changes them (docs/behaviour.md#content-editor): the list
 * keeps its order in the document (the validator's problems name items by their place), and `position` gives the
 * order guests see.
 */
export type LanguageEntry = ContentDocument['languages'][number];

/** The list's indexes in the order guests see (position, then place in the list). */
export function indexesInOrder(languages: readonly LanguageEntry[]): number[] {
  return languages
    .map((_, index) => index)
    .sort((a, b) => (languages[a]?.position ?? 0) - (languages[b]?.position ?? 0) || a - b);
}

/** The list with the language at `index` one place earlier (-1) or later (+1), positions renumbered 0, 1, 2… */
export function moved(languages: readonly LanguageEntry[], index: number, by: -1 | 1): LanguageEntry[] {
  const order = indexesInOrder(languages);
  const at = order.indexOf(index);
  const other = order[at + by];
  if (at < 0 || other === undefined) return [...languages];
  order[at] = other;
  order[at + by] = index;
  return languages.map((language, place) => ({ ...language, position: order.indexOf(place) }));
}

/** The list with `index` the one primary language. */
export function withPrimary(languages: readonly LanguageEntry[], index: number): LanguageEntry[] {
  return languages.map((language, place) => ({ ...language, isPrimary: place === index }));
}

/** A language added by its code and name: offered at once, last, in its script's direction. */
export function newLanguage(languages: readonly LanguageEntry[], code: string, name: string): LanguageEntry {
  return {
    code,
    name,
    enabled: true,
    direction: directionOf(code),
    isPrimary: languages.length === 0,
    position: Math.max(-1, ...languages.map((language) => language.position)) + 1,
  };
}

type PerLanguage<Value> = Record<string, Value>;

function without<Value>(map: PerLanguage<Value>, code: string): PerLanguage<Value>;
function without<Value>(map: PerLanguage<Value> | undefined, code: string): PerLanguage<Value> | undefined;
function without<Value>(map: PerLanguage<Value> | undefined, code: string): PerLanguage<Value> | undefined {
  if (!map) return map;
  const { [code]: _, ...rest } = map;
  return rest;
}

/** The document without the language `code`, and without its texts everywhere (actions, rewards, menu). */
export function withoutLanguage(document: ContentDocument, code: string): ContentDocument {
  return {
    ...document,
    languages: document.languages.filter((language) => language.code !== code),
    actions: document.actions?.map((action) => ({
      ...action,
      texts: without(action.texts, code),
      tags: without(action.tags, code),
      options: action.options?.map((option) => ({ ...option, labels: without(option.labels, code) })),
      quiz: action.quiz && {
        texts: without(action.quiz.texts, code),
        answers: action.quiz.answers.map((answer) => ({ ...answer, texts: without(answer.texts, code) })),
      },
    })),
    rewards: document.rewards?.map((reward) => ({ ...reward, texts: without(reward.texts, code) })),
    menu: document.menu?.map((dish) => ({ ...dish, names: without(dish.names, code) })),
  };
}
