/**
 * Validates a parsed hotel content file: first its shape (TypeBox), then the rules a schema cannot say
 * (one primary language, unique keys, texts only in declared languages, quiz and options complete…).
 * Every problem is reported with the path of the field at fault, e.g. `actions[3].quiz.answers: …`.
 */

import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { ActionEntry, HotelContentFile, LanguageEntry, RewardEntry, RoomEntry } from './format.ts';

export class ContentError extends Error {
  readonly problems: string[];
  constructor(source: string, problems: string[]) {
    super(`${source}: invalid hotel content file:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ContentError';
    this.problems = problems;
  }
}

function fieldPath(instancePath: string): string {
  if (instancePath === '') return '(file)';
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/** TypeBox stops at the first bad item of an array: the item lists are checked one item at a time. */
const ITEM_LISTS: Record<string, TSchema> = {
  languages: LanguageEntry,
  rooms: RoomEntry,
  actions: ActionEntry,
  rewards: RewardEntry,
};

function allErrors(value: unknown) {
  const errors = Value.Errors(HotelContentFile, value).filter(
    (e) => !/^\/(languages|rooms|actions|rewards)\/\d+/.test(e.instancePath),
  );
  if (value !== null && typeof value === 'object') {
    for (const [list, schema] of Object.entries(ITEM_LISTS)) {
      const items = (value as Record<string, unknown>)[list];
      if (!Array.isArray(items)) continue;
      items.forEach((item, index) => {
        for (const e of Value.Errors(schema, item))
          errors.push({ ...e, instancePath: `/${list}/${index}${e.instancePath}` });
      });
    }
  }
  return errors;
}

function shapeProblems(value: unknown): string[] {
  const byPath = new Map<string, string[]>();
  for (const error of allErrors(value)) {
    if (error.keyword === 'boolean') continue;
    const path = fieldPath(error.instancePath);
    let message = error.message;
    if (error.keyword === 'additionalProperties') {
      const extra = (error.params as { additionalProperties?: string[] }).additionalProperties ?? [];
      message = `unknown field(s) ${extra.map((f) => JSON.stringify(f)).join(', ')}`;
    } else if (error.keyword === 'const') {
      message = `must be ${JSON.stringify((error.params as { allowedValue?: unknown }).allowedValue)}`;
    } else if (error.keyword === 'required') {
      const missing = (error.params as { requiredProperties?: string[] }).requiredProperties ?? [];
      message = `missing required field(s) ${missing.map((f) => JSON.stringify(f)).join(', ')}`;
    }
    const list = byPath.get(path) ?? [];
    list.push(message);
    byPath.set(path, list);
  }
  const problems: string[] = [];
  for (const [path, messages] of byPath) {
    const consts = messages.filter((m) => m.startsWith('must be "') || m.startsWith('must be null'));
    const rest = messages.filter((m) => !consts.includes(m) && m !== 'must match a schema in anyOf');
    if (consts.length > 1)
      rest.unshift(`must be one of ${consts.map((m) => m.slice(8)).join(', ')}${consts.length >= 3 ? ', …' : ''}`);
    else rest.unshift(...consts);
    problems.push(`${path}: ${[...new Set(rest.length > 0 ? rest : messages)].join('; ')}`);
  }
  return problems;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function duplicates(values: string[]): string[] {
  return [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];
}

function ruleProblems(file: HotelContentFile): string[] {
  const problems: string[] = [];
  const declared = new Set(file.languages.map((l) => l.code));
  if (!isTimeZone(file.hotel.timeZone))
    problems.push(`hotel.timeZone: unknown time zone ${JSON.stringify(file.hotel.timeZone)}`);
  const primaries = file.languages.filter((l) => l.isPrimary);
  if (primaries.length !== 1)
    problems.push(`languages: exactly one language must have isPrimary: true (found ${primaries.length})`);
  else if (!primaries[0]?.enabled) problems.push('languages: the primary language must be enabled');
  for (const dup of duplicates(file.languages.map((l) => l.code)))
    problems.push(`languages: code ${dup} appears twice`);
  const qrIds = [...(file.rooms ?? []).map((r) => r.qrId), ...(file.unassignedQrIds ?? [])];
  for (const dup of duplicates(qrIds)) problems.push(`rooms: QR id ${dup} appears twice`);
  for (const dup of duplicates((file.rooms ?? []).map((r) => r.number)))
    problems.push(`rooms: room number ${dup} appears twice`);

  const checkLangs = (path: string, map: Record<string, unknown> | undefined, required?: Set<string>) => {
    for (const code of Object.keys(map ?? {})) {
      if (!declared.has(code)) problems.push(`${path}.${code}: language ${code} is not declared in languages`);
    }
    for (const code of required ?? []) {
      if (!map || !(code in map))
        problems.push(`${path}: missing the ${code} text (the action is translated into ${code})`);
    }
  };

  const actions = file.actions ?? [];
  for (const dup of duplicates(actions.map((a) => a.key))) problems.push(`actions: key ${dup} appears twice`);
  actions.forEach((action, i) => {
    const at = `actions[${i}]`;
    const langs = new Set(Object.keys(action.texts));
    checkLangs(`${at}.texts`, action.texts);
    checkLangs(`${at}.tags`, action.tags);
    if (action.type === 'CUSTOM' && (action.options ?? []).length < 2)
      problems.push(`${at}.options: a CUSTOM action needs at least 2 options`);
    if (action.type !== 'CUSTOM' && action.options) problems.push(`${at}.options: only CUSTOM actions have options`);
    for (const [j, option] of (action.options ?? []).entries()) {
      checkLangs(`${at}.options[${j}].labels`, option.labels, langs);
    }
    if (action.type === 'QUIZ' && !action.quiz) problems.push(`${at}.quiz: a QUIZ action needs a quiz section`);
    if (action.type !== 'QUIZ' && action.quiz) problems.push(`${at}.quiz: only QUIZ actions have a quiz`);
    if (action.quiz) {
      checkLangs(`${at}.quiz.texts`, action.quiz.texts, langs);
      if (!action.quiz.answers.some((a) => a.correct))
        problems.push(`${at}.quiz.answers: at least one answer must have correct: true`);
      for (const [j, answer] of action.quiz.answers.entries()) {
        checkLangs(`${at}.quiz.answers[${j}].texts`, answer.texts, langs);
      }
    }
  });

  const rewards = file.rewards ?? [];
  for (const dup of duplicates(rewards.map((r) => r.key))) problems.push(`rewards: key ${dup} appears twice`);
  rewards.forEach((reward, i) => {
    checkLangs(`rewards[${i}].texts`, reward.texts);
    if (reward.codePool && reward.type !== 'CODE')
      problems.push(`rewards[${i}].codePool: only CODE rewards have a code pool`);
    for (const dup of duplicates(reward.codePool ?? []))
      problems.push(`rewards[${i}].codePool: code ${dup} appears twice`);
  });
  return problems;
}

/** Returns the file typed, or throws a ContentError listing every problem found. */
export function validateContent(value: unknown, source = 'content'): HotelContentFile {
  if (!Value.Check(HotelContentFile, value)) throw new ContentError(source, shapeProblems(value));
  const problems = ruleProblems(value);
  if (problems.length > 0) throw new ContentError(source, problems);
  return value;
}
