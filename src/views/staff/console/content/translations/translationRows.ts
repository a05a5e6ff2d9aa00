import type { ContentDocument, ContentPath } from '../../../../../../contract/content-editor.ts';
import { directionOf } from '../../../../../../contract/locales.ts';
import {
  actionListLanguages,
  dishNameLanguages,
  pickTranslation,
  SOURCE_LANGUAGE,
  textLanguageOrder,
} from '../../../../../../contract/text-language.ts';
import { valueAt } from '../../../../../../machines/contentDraft.ts';

/**
 * The content's texts side by side (docs/behaviour.md#translations): one row per text, one cell per language, and
 * what a guest choosing a language reads of each, by the rules the guest app and the server apply
 * (contract/text-language.ts): rewards text by text, dishes by name, actions as a whole list.
 */

export type TextField =
  | 'name'
  | 'description'
  | 'question'
  | 'quizQuestion'
  | 'quizExplanation'
  | 'answer'
  | 'option'
  | 'tags'
  | 'dishName';

export type TextOwner = 'actions' | 'rewards' | 'menu';

export interface TranslationRow {
  /** Unique in the table: the path without its language. */
  id: string;
  owner: TextOwner;
  /** The action's, reward's or dish's key, and its place in its list. */
  key: string;
  index: number;
  field: TextField;
  /** An answer's or an option's place (1, 2…). */
  number: number | null;
  /** The path of this text in `lang`. */
  pathOf(lang: string): ContentPath;
  /**
   * What to remove with the text when it is emptied: its language's group (an action's name and description in
   * that language) once nothing else of it is left; a tag list is one value.
   */
  groupOf(lang: string): ContentPath | null;
}

export interface HotelLanguage {
  code: string;
  name: string;
  enabled: boolean;
  direction: 'ltr' | 'rtl';
}

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields => (typeof value === 'object' && value !== null ? (value as Fields) : {});
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const keyOf = (item: unknown, index: number): string => {
  const key = fieldsOf(item).key;
  return typeof key === 'string' && key !== '' ? key : `#${index + 1}`;
};
/** Whether any language of a per-language map has a text at `field` (a map of texts, or of values when null). */
const anyLanguageHas = (map: unknown, field: string | null): boolean =>
  Object.values(fieldsOf(map)).some((entry) => {
    const value = field === null ? entry : fieldsOf(entry)[field];
    return Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value !== '';
  });

/** The hotel's languages in the order guests see them (position, then the list's order). */
export function hotelLanguages(document: ContentDocument): HotelLanguage[] {
  return document.languages
    .map((language, index) => ({ language, index }))
    .sort((a, b) => a.language.position - b.language.position || a.index - b.index)
    .map(({ language }) => ({
      code: language.code,
      name: language.name,
      enabled: language.enabled,
      direction: directionOf(language.code, language.direction),
    }));
}

/** Every text of the content, in the content's order: each action's, then each reward's, then each dish's. */
export function translationRows(document: ContentDocument): TranslationRow[] {
  const rows: TranslationRow[] = [];
  const add = (
    owner: TextOwner,
    index: number,
    key: string,
    field: TextField,
    number: number | null,
    before: ContentPath,
    after: ContentPath,
    group: 'entry' | 'map' | null,
  ) => {
    const base = [owner, index, ...before];
    rows.push({
      id: [...base, ...after].join('.'),
      owner,
      key,
      index,
      field,
      number,
      pathOf: (lang) => [...base, lang, ...after],
      groupOf: (lang) => (group === 'entry' ? [...base, lang] : group === 'map' ? base : null),
    });
  };
  listOf(document.actions).forEach((action, i) => {
    const fields = fieldsOf(action);
    const key = keyOf(action, i);
    add('actions', i, key, 'name', null, ['texts'], ['name'], 'entry');
    add('actions', i, key, 'description', null, ['texts'], ['description'], 'entry');
    if (anyLanguageHas(fields.texts, 'question'))
      add('actions', i, key, 'question', null, ['texts'], ['question'], 'entry');
    const quiz = fieldsOf(fields.quiz);
    if (fields.quiz !== undefined) {
      add('actions', i, key, 'quizQuestion', null, ['quiz', 'texts'], ['question'], 'entry');
      if (anyLanguageHas(quiz.texts, 'explanation'))
        add('actions', i, key, 'quizExplanation', null, ['quiz', 'texts'], ['explanation'], 'entry');
      for (const j of listOf(quiz.answers).keys())
        add('actions', i, key, 'answer', j + 1, ['quiz', 'answers', j, 'texts'], [], null);
    }
    for (const j of listOf(fields.options).keys())
      add('actions', i, key, 'option', j + 1, ['options', j, 'labels'], [], null);
    if (anyLanguageHas(fields.tags, null)) add('actions', i, key, 'tags', null, ['tags'], [], 'map');
  });
  listOf(document.rewards).forEach((reward, i) => {
    const key = keyOf(reward, i);
    add('rewards', i, key, 'name', null, ['texts'], ['name'], 'entry');
    add('rewards', i, key, 'description', null, ['texts'], ['description'], 'entry');
  });
  for (const [i, dish] of listOf(document.menu).entries())
    add('menu', i, keyOf(dish, i), 'dishName', null, ['names'], [], null);
  return rows;
}

/** A cell's text: a tag list reads as its tags separated by commas. */
export function cellText(document: ContentDocument, row: TranslationRow, lang: string): string {
  const value = valueAt(document, row.pathOf(lang));
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : '';
}

export const isMissing = (document: ContentDocument, row: TranslationRow, lang: string): boolean =>
  cellText(document, row, lang).trim() === '';

/**
 * The change a cell's new text makes to the draft: the text set (tags split at commas), or, emptied, the text
 * removed with the group it leaves empty, so the draft never keeps a language half there.
 */
export function cellChange(
  document: ContentDocument,
  row: TranslationRow,
  lang: string,
  text: string,
): { path: ContentPath; value: unknown } {
  const path = row.pathOf(lang);
  const value =
    row.field === 'tags'
      ? text
          .split(',')
          .map((tag) => tag.trim())
          .filter((tag) => tag !== '')
      : text;
  const emptied = Array.isArray(value) ? value.length === 0 : value === '';
  if (!emptied) return { path, value };
  const group = row.groupOf(lang);
  if (group) {
    const left = Object.entries(fieldsOf(valueAt(document, group))).filter(
      ([name, kept]) => !(row.field === 'tags' ? name === lang : name === path.at(-1)) && kept != null,
    );
    if (left.length === 0) return { path: group, value: undefined };
  }
  return { path, value: undefined };
}

/** What a guest choosing a language reads of a text: a text in some language, nothing, or not the action at all. */
export type GuestReading =
  | { kind: 'text'; text: string; lang: string }
  | { kind: 'nothing' }
  | { kind: 'actionHidden' };

/** The hotel's primary language as the server reads it: the one marked, else the first shown, else French. */
function primaryLanguage(document: ContentDocument): string {
  return (
    document.languages.find((language) => language.isPrimary)?.code ??
    hotelLanguages(document)[0]?.code ??
    SOURCE_LANGUAGE
  );
}

/** The language the guest's actions list is shown in: the first the guest app tries that any action has. */
function actionListLanguage(document: ContentDocument, chosen: string): string | null {
  const enabled = hotelLanguages(document)
    .filter((language) => language.enabled)
    .map((language) => language.code);
  const translated = (lang: string) =>
    listOf(document.actions).some((action) => lang in fieldsOf(fieldsOf(action).texts));
  return actionListLanguages(chosen, primaryLanguage(document), enabled).find(translated) ?? null;
}

/** What a guest who chose `chosen` reads of this row's text. */
export function guestReading(document: ContentDocument, row: TranslationRow, chosen: string): GuestReading {
  const textIn = (lang: string): GuestReading => {
    const text = cellText(document, row, lang);
    return text.trim() === '' ? { kind: 'nothing' } : { kind: 'text', text, lang };
  };
  const primary = primaryLanguage(document);
  if (row.owner === 'actions') {
    // The server lists an action only in a language it is translated into; the app falls back the whole list.
    const listLang = actionListLanguage(document, chosen);
    const texts = fieldsOf(valueAt(document, ['actions', row.index, 'texts']));
    return listLang !== null && listLang in texts ? textIn(listLang) : { kind: 'actionHidden' };
  }
  if (row.owner === 'rewards') {
    // A reward picks the first language it has texts in, name and description together.
    const texts = Object.keys(fieldsOf(valueAt(document, ['rewards', row.index, 'texts']))).map((lang) => ({ lang }));
    const picked = pickTranslation(texts, textLanguageOrder(chosen, primary));
    return picked ? textIn(picked.lang) : { kind: 'nothing' };
  }
  const names = fieldsOf(valueAt(document, ['menu', row.index, 'names']));
  const named = (lang: string) => typeof names[lang] === 'string' && names[lang] !== '';
  const lang = dishNameLanguages(chosen, primary).find(named) ?? Object.keys(names).find(named);
  return lang === undefined ? { kind: 'nothing' } : textIn(lang);
}
