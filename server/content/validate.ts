/**
 * Validates a parsed hotel content file: first its shape (TypeBox), then the rules a schema cannot say
 * (one primary language, unique keys, texts only in declared languages, quiz and options complete…).
 * Every problem names the field at fault, the `key` of its action or reward, its line when the YAML text is
 * known, and the bad value, e.g. `line 120: actions[2].type (action "skip-cleaning"): "SHOWERING" is not …`.
 */

import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { ACTION_TYPES } from '../../contract/action-types.ts';
import { mayBeQrId, OPERATIONS_WORDS, PAGE_WORDS } from '../../contract/app-addresses.ts';
import type { ContentProblem } from '../../contract/content-editor.ts';
import {
  ActionEntry,
  HotelContentFile,
  LanguageEntry,
  MenuDish,
  RewardEntry,
  RoomEntry,
  StaffEntry,
} from '../../contract/hotel-content-file.ts';
import { FOOD_KEYS, isFoodKey } from '../../contract/meal-foods.ts';
import { RewardType } from '../../contract/schemas.ts';
import { MIN_STAFF_PIN_LENGTH, STAFF_ROLES, signsInByPinAlone } from '../../contract/staff-roles.ts';
import { staffNameKey } from '../domain/staff-sessions.ts';
import { CURRENT_PIN_HASH_PREFIX, isCurrentPinHash } from './pin.ts';

/** A content file that cannot be used: its message names the file, then lists the problems (if any). */
export class ContentError extends Error {
  readonly problems: string[];
  constructor(source: string, problems: string[], summary = 'invalid hotel content file') {
    super(`${source}: ${summary}${problems.map((problem) => `\n  - ${problem}`).join('')}`);
    this.name = 'ContentError';
    this.problems = problems;
  }
}

/** Where a field is in the file: ['actions', 2, 'type']; [] is the whole file. */
export type FieldPath = ReadonlyArray<string | number>;

interface Problem {
  path: FieldPath;
  message: string;
}

/** The line of a field in the YAML text (or of its nearest parent that is there), when the text is known. */
export type LineOf = (path: FieldPath) => number | undefined;

/** Fields whose allowed values come from the contract: a wrong value lists every one of them. */
const ALLOWED_VALUES: Record<string, { what: string; values: readonly string[] }> = {
  'actions.type': { what: 'an action type', values: ACTION_TYPES },
  'rewards.type': { what: 'a reward type', values: RewardType.anyOf.map((literal) => String(literal.const)) },
  'staff.role': { what: 'a staff role', values: STAFF_ROLES },
};

const pathText = (path: FieldPath): string =>
  path.length === 0
    ? '(file)'
    : path.reduce<string>(
        (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part),
        '',
      );

function valueAt(value: unknown, path: FieldPath): unknown {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

/** ` (action "skip-cleaning")` for a field inside an action or a reward that has a key. */
function keyNote(file: unknown, path: FieldPath): string {
  const [list, index] = path;
  if ((list !== 'actions' && list !== 'rewards') || typeof index !== 'number') return '';
  const key = valueAt(file, [list, index, 'key']);
  return typeof key === 'string' ? ` (${list === 'actions' ? 'action' : 'reward'} ${JSON.stringify(key)})` : '';
}

function describeProblem(file: unknown, lineOf: LineOf | undefined, { path, message }: Problem): string {
  const line = lineOf?.(path);
  return `${line !== undefined ? `line ${line}: ` : ''}${pathText(path)}${keyNote(file, path)}: ${message}`;
}

function fieldPath(instancePath: string): FieldPath {
  if (instancePath === '') return [];
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** TypeBox stops at the first bad item of an array: the item lists are checked one item at a time. */
const ITEM_LISTS: Record<string, TSchema> = {
  languages: LanguageEntry,
  rooms: RoomEntry,
  actions: ActionEntry,
  rewards: RewardEntry,
  menu: MenuDish,
  staff: StaffEntry,
};

function allErrors(value: unknown) {
  const errors = Value.Errors(HotelContentFile, value).filter(
    (e) => !/^\/(languages|rooms|actions|rewards|menu|staff)\/\d+/.test(e.instancePath),
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

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

function shapeProblems(value: unknown): Problem[] {
  const byPath = new Map<string, { path: FieldPath; messages: string[] }>();
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
    const entry = byPath.get(pathText(path)) ?? { path, messages: [] };
    entry.messages.push(message);
    byPath.set(pathText(path), entry);
  }
  const problems: Problem[] = [];
  for (const { path, messages } of byPath.values()) {
    const bad = valueAt(value, path);
    const allowed = ALLOWED_VALUES[path.filter((part) => typeof part === 'string').join('.')];
    if (allowed && !allowed.values.includes(bad as string)) {
      problems.push({ path, message: `${shown(bad)} is not ${allowed.what}; allowed: ${allowed.values.join(', ')}` });
      continue;
    }
    const consts = messages.filter((m) => m.startsWith('must be "') || m.startsWith('must be null'));
    const rest = messages.filter((m) => !consts.includes(m) && m !== 'must match a schema in anyOf');
    if (consts.length > 1) rest.unshift(`must be one of ${consts.map((m) => m.slice(8)).join(', ')}`);
    else rest.unshift(...consts);
    const got = messages.some((m) => m.startsWith('missing') || m.startsWith('unknown')) ? '' : ` (got ${shown(bad)})`;
    problems.push({ path, message: `${[...new Set(rest.length > 0 ? rest : messages)].join('; ')}${got}` });
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

/** The indexes of the values that repeat an earlier one. */
function repeats(values: readonly string[]): number[] {
  return values.flatMap((value, index) => (values.indexOf(value) !== index ? [index] : []));
}

function ruleProblems(file: HotelContentFile): Problem[] {
  const problems: Problem[] = [];
  const problem = (path: FieldPath, message: string) => problems.push({ path, message });
  const declared = new Set(file.languages.map((l) => l.code));
  if (!isTimeZone(file.hotel.timeZone))
    problem(['hotel', 'timeZone'], `unknown time zone ${JSON.stringify(file.hotel.timeZone)}`);
  const primaries = file.languages.filter((l) => l.isPrimary);
  if (primaries.length !== 1)
    problem(['languages'], `exactly one language must have isPrimary: true (found ${primaries.length})`);
  else if (!primaries[0]?.enabled) problem(['languages'], 'the primary language must be enabled');
  for (const i of repeats(file.languages.map((l) => l.code)))
    problem(['languages', i, 'code'], `code ${file.languages[i]?.code} appears twice`);
  const rooms = file.rooms ?? [];
  const unassigned = file.unassignedQrIds ?? [];
  // A room without qrId gets a generated one: '#' cannot be in a QR id, so these never repeat.
  for (const i of repeats([...rooms.map((r, index) => r.qrId ?? `#${index}`), ...unassigned])) {
    const path = i < rooms.length ? ['rooms', i, 'qrId'] : ['unassignedQrIds', i - rooms.length];
    problem(path, `QR id ${rooms[i]?.qrId ?? unassigned[i - rooms.length]} appears twice`);
  }
  for (const i of repeats(rooms.map((r) => r.number)))
    problem(['rooms', i, 'number'], `room number ${rooms[i]?.number} appears twice`);
  // The room QR's address is /{qrId}: a page's or a probe's word there would never open the room.
  const reservedQrId = (qrId: string) =>
    `QR id ${qrId} is an address of the app (${[...PAGE_WORDS, ...OPERATIONS_WORDS].join(', ')} are taken)`;
  for (const [i, room] of rooms.entries())
    if (room.qrId !== undefined && !mayBeQrId(room.qrId)) problem(['rooms', i, 'qrId'], reservedQrId(room.qrId));
  for (const [i, qrId] of unassigned.entries())
    if (!mayBeQrId(qrId)) problem(['unassignedQrIds', i], reservedQrId(qrId));

  const checkLangs = (path: FieldPath, map: Record<string, unknown> | undefined, required?: Set<string>) => {
    for (const code of Object.keys(map ?? {})) {
      if (!declared.has(code)) problem([...path, code], `language ${code} is not declared in languages`);
    }
    for (const code of required ?? []) {
      if (!map || !(code in map)) problem(path, `missing the ${code} text (the action is translated into ${code})`);
    }
  };

  const actions = file.actions ?? [];
  for (const i of repeats(actions.map((a) => a.key))) problem(['actions', i, 'key'], 'key appears twice');
  actions.forEach((action, i) => {
    const at = ['actions', i];
    const langs = new Set(Object.keys(action.texts));
    checkLangs([...at, 'texts'], action.texts);
    checkLangs([...at, 'tags'], action.tags);
    if (action.type === 'CUSTOM' && (action.options ?? []).length < 2)
      problem([...at, 'options'], 'a CUSTOM action needs at least 2 options');
    if (action.type !== 'CUSTOM' && action.options) problem([...at, 'options'], 'only CUSTOM actions have options');
    for (const [j, option] of (action.options ?? []).entries()) {
      checkLangs([...at, 'options', j, 'labels'], option.labels, langs);
    }
    if (action.type === 'QUIZ' && !action.quiz) problem(at, 'a QUIZ action needs a quiz section');
    if (action.type !== 'QUIZ' && action.quiz) problem([...at, 'quiz'], 'only QUIZ actions have a quiz');
    if (action.quiz) {
      checkLangs([...at, 'quiz', 'texts'], action.quiz.texts, langs);
      if (!action.quiz.answers.some((a) => a.correct))
        problem([...at, 'quiz', 'answers'], 'at least one answer must have correct: true');
      for (const [j, answer] of action.quiz.answers.entries()) {
        checkLangs([...at, 'quiz', 'answers', j, 'texts'], answer.texts, langs);
      }
    }
  });

  proofProblems(actions, problem);

  const rewards = file.rewards ?? [];
  for (const i of repeats(rewards.map((r) => r.key))) problem(['rewards', i, 'key'], 'key appears twice');
  rewards.forEach((reward, i) => {
    checkLangs(['rewards', i, 'texts'], reward.texts);
    if (reward.codePool && reward.type !== 'CODE')
      problem(['rewards', i, 'codePool'], 'only CODE rewards have a code pool');
  });
  poolProblems(rewards, problem);
  staffProblems(file, problem);

  const menu = file.menu ?? [];
  // The menu is how meals are analysed when the server has no vision model: a meal action without one is a dead end.
  const mealAction = actions.findIndex((action) => action.type === 'LIMEAT');
  if (mealAction >= 0 && menu.length === 0)
    problem(['actions', mealAction, 'type'], 'a LIMEAT action needs a menu (the dishes guests pick after their photo)');
  for (const i of repeats(menu.map((dish) => dish.key))) problem(['menu', i, 'key'], 'key appears twice');
  menu.forEach((dish, i) => {
    checkLangs(['menu', i, 'names'], dish.names);
    dish.ingredients.forEach((ingredient, j) => {
      if (!isFoodKey(ingredient.food))
        problem(
          ['menu', i, 'ingredients', j, 'food'],
          `${JSON.stringify(ingredient.food)} is not a food of the factor table; allowed: ${FOOD_KEYS.join(', ')}`,
        );
    });
  });
  // docs/impact.md#hotel-figures: a figure shown in place of a published one says where it comes from.
  for (const [category, override] of Object.entries(file.impactFactors ?? {}))
    if (override && override.source === undefined && Object.keys(override).length > 0)
      problem(['impactFactors', category, 'source'], 'a figure of the hotel names its source');
  return problems;
}

/** docs/behaviour.md#reward-claims: a code names one claim of the hotel, so a pool code appears once in the file. */
function poolProblems(rewards: RewardEntry[], problem: (path: FieldPath, message: string) => void) {
  const codes = rewards.flatMap((reward, i) =>
    (reward.codePool ?? []).map((code, j) => ({ code, path: ['rewards', i, 'codePool', j] as FieldPath })),
  );
  for (const i of repeats(codes.map((c) => c.code))) {
    const entry = codes[i];
    if (entry) problem(entry.path, `code ${entry.code} appears twice`);
  }
}

/**
 * docs/behaviour.md#staff-accounts: a plain PIN of a hotel that is not a demo is MIN_STAFF_PIN_LENGTH digits or more,
 * or a passphrase of as many characters with at least one letter; a demo hotel's may be shorter (4 characters).
 */
export function isStrongStaffPin(pin: string): boolean {
  return pin.length >= MIN_STAFF_PIN_LENGTH && (/^\d+$/.test(pin) || /\p{L}/u.test(pin));
}

const WEAK_PIN = `must be at least ${MIN_STAFF_PIN_LENGTH} digits, or a passphrase of at least ${MIN_STAFF_PIN_LENGTH} characters with a letter, for a hotel that is not a demo`;

/**
 * The file's staff (docs/behaviour.md#staff-accounts): `hotel.staffPin` (legacy) or a `staff` list, not both; names
 * unique in any case; each account one PIN, plain or hashed; strong plain PINs outside demos; no two enabled accounts
 * that may reset a stay with one plain PIN (PIN-only sign-in finds one account by its PIN). Whether the hotel keeps an
 * enabled manager depends on the accounts already in the database: the import checks it.
 */
function staffProblems(file: HotelContentFile, problem: (path: FieldPath, message: string) => void) {
  const { hotel } = file;
  const staff = file.staff ?? [];
  if (hotel.staffPin !== undefined && file.staff !== undefined)
    problem(['hotel', 'staffPin'], 'a file with a staff list declares its first manager there, not in hotel.staffPin');
  if (hotel.staffPin !== undefined && !hotel.isDemo && !isStrongStaffPin(hotel.staffPin))
    problem(['hotel', 'staffPin'], `the staff PIN ${WEAK_PIN}`);
  for (const i of repeats(staff.map((entry) => staffNameKey(entry.name))))
    problem(
      ['staff', i, 'name'],
      `name ${JSON.stringify(staff[i]?.name)} appears twice (names are told apart in any case)`,
    );
  const pinOnly: Array<{ pin: string; index: number }> = [];
  staff.forEach((entry, i) => {
    if ((entry.pin === undefined) === (entry.pinHash === undefined))
      problem(['staff', i], `${JSON.stringify(entry.name)} needs exactly one of pin and pinHash`);
    // Today's parameters only: weaker ones make the PIN easy to find from a copy of the database, larger ones make
    // every sign-in take the memory of many.
    if (entry.pinHash !== undefined && !isCurrentPinHash(entry.pinHash))
      problem(['staff', i, 'pinHash'], `${JSON.stringify(entry.name)}: a pinHash must be ${CURRENT_PIN_HASH_PREFIX}…`);
    if (entry.pin === undefined) return;
    if (!hotel.isDemo && !isStrongStaffPin(entry.pin)) problem(['staff', i, 'pin'], `the PIN ${WEAK_PIN}`);
    if (entry.enabled !== false && signsInByPinAlone(entry.role)) pinOnly.push({ pin: entry.pin, index: i });
  });
  for (const i of repeats(pinOnly.map((entry) => entry.pin))) {
    const index = pinOnly[i]?.index ?? 0;
    problem(
      ['staff', index, 'pin'],
      `${JSON.stringify(staff[index]?.name)} has the PIN of another account that may reset a stay: the guest page's PIN-only sign-in could not tell them apart`,
    );
  }
}

/**
 * docs/server.md#hotel-content-files: only PROOF actions list ids of printed QR codes (a PROOF action without them
 * gets a generated one), and an id names one code of the hotel.
 */
function proofProblems(
  actions: HotelContentFile['actions'] & object,
  problem: (path: FieldPath, message: string) => void,
) {
  const hotelCodes: Array<{ qrId: string; path: FieldPath }> = [];
  actions.forEach((action, i) => {
    const at = ['actions', i];
    if (action.type !== 'PROOF' && action.proofQrIds)
      problem([...at, 'proofQrIds'], 'only PROOF actions have proofQrIds');
    for (const [j, qrId] of (action.proofQrIds ?? []).entries())
      hotelCodes.push({ qrId, path: [...at, 'proofQrIds', j] });
  });
  for (const i of repeats(hotelCodes.map((code) => code.qrId))) {
    const code = hotelCodes[i];
    if (code) problem(code.path, `proof QR id ${code.qrId} appears twice`);
  }
}

/**
 * Returns the file typed, or throws a ContentError listing every problem found (with its line when `lineOf`
 * can find it in the YAML text).
 */
export function validateContent(value: unknown, source = 'content', lineOf?: LineOf): HotelContentFile {
  const problems = findProblems(value);
  if (problems.length > 0)
    throw new ContentError(
      source,
      problems.map((problem) => describeProblem(value, lineOf, problem)),
    );
  return value as HotelContentFile;
}

function findProblems(value: unknown): Problem[] {
  return Value.Check(HotelContentFile, value) ? ruleProblems(value) : shapeProblems(value);
}

/** Every problem of a document, each where it is and in words (the staff page's editor shows them by their field). */
export function contentProblems(value: unknown): ContentProblem[] {
  return findProblems(value).map((problem) => ({
    path: [...problem.path],
    rule: 'invalid',
    values: {},
    message: `${problem.message}${keyNote(value, problem.path)}`,
  }));
}
