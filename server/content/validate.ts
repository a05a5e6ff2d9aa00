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
import { genericClaimsIn, legalRequirementClaimsIn } from '../../contract/claim-words.ts';
import type { ContentProblem } from '../../contract/content-editor.ts';
import {
  type ChoiceList,
  CONTENT_FORMATS,
  type ContentFormat,
  type ContentRule,
  type ContentRuleValues,
  isContentError,
} from '../../contract/content-rules.ts';
import {
  ActionEntry,
  CONTENT_PATTERNS,
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
import { type RuleProblem, ruleProblem } from './problem-words.ts';

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

/** A problem of the file: where it is, its rule and values (contract/content-rules.ts) and its English sentence. */
type Problem = RuleProblem;

/** The line of a field in the YAML text (or of its nearest parent that is there), when the text is known. */
export type LineOf = (path: FieldPath) => number | undefined;

/** Fields whose allowed values come from the contract: a wrong value lists every one of them. */
const ALLOWED_VALUES = new Map<string, { list: ChoiceList; values: readonly string[] }>([
  ['actions.type', { list: 'actionType', values: ACTION_TYPES }],
  ['rewards.type', { list: 'rewardType', values: RewardType.anyOf.map((literal) => String(literal.const)) }],
  ['staff.role', { list: 'staffRole', values: STAFF_ROLES }],
]);

/** A refused pattern names what the text must look like. */
const FORMAT_OF_PATTERN = new Map<string, ContentFormat>(
  CONTENT_FORMATS.map((format) => [CONTENT_PATTERNS[format], format]),
);

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

type ShapeError = ReturnType<typeof allErrors>[number];

/** One refusal of the schema as a rule, or undefined for the ones told apart (a choice, a union's other branch). */
function shapeProblem(path: FieldPath, error: ShapeError, got: string): Problem | undefined {
  const invalid = () => ruleProblem(path, 'invalid', { detail: error.message, got });
  switch (error.keyword) {
    case 'required':
      return ruleProblem(path, 'required', { fields: error.params.requiredProperties.join(', ') });
    case 'additionalProperties':
      return ruleProblem(path, 'unknownField', { fields: error.params.additionalProperties.join(', ') });
    case 'type':
      return ruleProblem(path, 'wrongType', { expected: [error.params.type].flat().join(' or '), got });
    case 'minLength':
      return ruleProblem(path, 'tooShort', { min: String(error.params.limit), got });
    case 'maxLength':
      return ruleProblem(path, 'tooLong', { max: String(error.params.limit) });
    case 'minItems':
      return ruleProblem(path, 'tooFewItems', { min: String(error.params.limit) });
    case 'maxItems':
      return ruleProblem(path, 'tooManyItems', { max: String(error.params.limit) });
    case 'minProperties':
      return ruleProblem(path, 'tooFewFields', { min: String(error.params.limit) });
    case 'minimum':
      return ruleProblem(path, 'tooSmall', { min: String(error.params.limit), got });
    case 'maximum':
      return ruleProblem(path, 'tooLarge', { max: String(error.params.limit), got });
    case 'exclusiveMinimum':
      return ruleProblem(path, 'notAbove', { limit: String(error.params.limit), got });
    case 'pattern': {
      const format = FORMAT_OF_PATTERN.get(String(error.params.pattern));
      return format ? ruleProblem(path, 'pattern', { format, got }) : invalid();
    }
    case 'format':
      return error.params.format === 'date' ? ruleProblem(path, 'pattern', { format: 'date', got }) : invalid();
    case 'const':
    case 'enum':
    case 'anyOf':
    case 'boolean':
      return undefined;
    default:
      return invalid();
  }
}

/** The problems of one field: one per rule it breaks. */
function fieldProblems(path: FieldPath, bad: unknown, errors: ShapeError[]): Problem[] {
  const got = shown(bad);
  const allowed = ALLOWED_VALUES.get(path.filter((part) => typeof part === 'string').join('.'));
  if (allowed && !(typeof bad === 'string' && allowed.values.includes(bad)))
    return [ruleProblem(path, 'notOneOf', { list: allowed.list, allowed: allowed.values.join(', '), got })];
  // An optional field may also be null: that branch's refusal says nothing about a value that is not null.
  const notNull = errors.filter((error) => !(error.keyword === 'type' && error.params.type === 'null'));
  const relevant = notNull.length > 0 ? notNull : errors;
  const choices = relevant.flatMap((error) =>
    error.keyword === 'const'
      ? [error.params.allowedValue]
      : error.keyword === 'enum'
        ? error.params.allowedValues
        : [],
  );
  const problems: Problem[] =
    choices.length > 0
      ? [ruleProblem(path, 'notOneOf', { list: 'value', allowed: choices.map(String).join(', '), got })]
      : [];
  for (const error of relevant) {
    const problem = shapeProblem(path, error, got);
    if (problem && !problems.some((known) => known.rule === problem.rule)) problems.push(problem);
  }
  // An empty or too short text is told alone: its form is the next question.
  return problems.some((problem) => problem.rule === 'tooShort')
    ? problems.filter((problem) => problem.rule !== 'pattern')
    : problems;
}

function shapeProblems(value: unknown): Problem[] {
  const byPath = new Map<string, { path: FieldPath; errors: ShapeError[] }>();
  for (const error of allErrors(value)) {
    const path = fieldPath(error.instancePath);
    const entry = byPath.get(pathText(path)) ?? { path, errors: [] };
    entry.errors.push(error);
    byPath.set(pathText(path), entry);
  }
  const problems = [...byPath.values()].flatMap(({ path, errors }) =>
    fieldProblems(path, valueAt(value, path), errors),
  );
  // A refusal no rule tells (a union's own keyword alone) still refuses the document: nothing invalid is saved.
  const [first] = byPath.values();
  if (problems.length > 0 || !first) return problems;
  const [error] = first.errors;
  return [ruleProblem(first.path, 'invalid', { detail: error?.message ?? '', got: shown(valueAt(value, first.path)) })];
}

/** Reports a problem at `path` under `rule` with its values. */
type Report = <R extends ContentRule>(path: FieldPath, rule: R, values: ContentRuleValues<R>) => void;

/** A CUSTOM action offers a choice: one option alone is none. */
const MIN_CUSTOM_OPTIONS = 2;

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
  const problem: Report = (path, rule, values) => problems.push(ruleProblem(path, rule, values));
  const declared = new Set(file.languages.map((l) => l.code));
  if (!isTimeZone(file.hotel.timeZone))
    problem(['hotel', 'timeZone'], 'unknownTimeZone', { zone: file.hotel.timeZone });
  const primaries = file.languages.filter((l) => l.isPrimary);
  if (primaries.length !== 1) problem(['languages'], 'onePrimaryLanguage', { found: String(primaries.length) });
  else if (!primaries[0]?.enabled) problem(['languages'], 'primaryDisabled', {});
  for (const i of repeats(file.languages.map((l) => l.code)))
    problem(['languages', i, 'code'], 'duplicate', { what: 'languageCode', value: file.languages[i]?.code ?? '' });
  const rooms = file.rooms ?? [];
  const unassigned = file.unassignedQrIds ?? [];
  // A room without qrId gets a generated one: '#' cannot be in a QR id, so these never repeat.
  for (const i of repeats([...rooms.map((r, index) => r.qrId ?? `#${index}`), ...unassigned])) {
    const path = i < rooms.length ? ['rooms', i, 'qrId'] : ['unassignedQrIds', i - rooms.length];
    problem(path, 'duplicate', { what: 'qrId', value: rooms[i]?.qrId ?? unassigned[i - rooms.length] ?? '' });
  }
  for (const i of repeats(rooms.map((r) => r.number)))
    problem(['rooms', i, 'number'], 'duplicate', { what: 'roomNumber', value: rooms[i]?.number ?? '' });
  // The room QR's address is /{qrId}: a page's or a probe's word there would never open the room.
  const reserved = [...PAGE_WORDS, ...OPERATIONS_WORDS].join(', ');
  for (const [i, room] of rooms.entries())
    if (room.qrId !== undefined && !mayBeQrId(room.qrId))
      problem(['rooms', i, 'qrId'], 'qrIdReserved', { qrId: room.qrId, reserved });
  for (const [i, qrId] of unassigned.entries())
    if (!mayBeQrId(qrId)) problem(['unassignedQrIds', i], 'qrIdReserved', { qrId, reserved });

  const checkLangs = (path: FieldPath, map: Record<string, unknown> | undefined, required?: Set<string>) => {
    for (const code of Object.keys(map ?? {})) {
      if (!declared.has(code)) problem([...path, code], 'languageNotDeclared', { language: code });
    }
    for (const code of required ?? []) {
      if (!map || !(code in map)) problem(path, 'missingTranslation', { language: code });
    }
  };

  const actions = file.actions ?? [];
  for (const i of repeats(actions.map((a) => a.key)))
    problem(['actions', i, 'key'], 'duplicate', { what: 'key', value: actions[i]?.key ?? '' });
  actions.forEach((action, i) => {
    const at = ['actions', i];
    const langs = new Set(Object.keys(action.texts));
    checkLangs([...at, 'texts'], action.texts);
    checkLangs([...at, 'tags'], action.tags);
    if (action.type === 'CUSTOM' && (action.options ?? []).length < MIN_CUSTOM_OPTIONS)
      problem([...at, 'options'], 'customNeedsOptions', { min: String(MIN_CUSTOM_OPTIONS) });
    if (action.type !== 'CUSTOM' && action.options) problem([...at, 'options'], 'onlyCustomHasOptions', {});
    for (const [j, option] of (action.options ?? []).entries()) {
      checkLangs([...at, 'options', j, 'labels'], option.labels, langs);
    }
    if (action.type === 'QUIZ' && !action.quiz) problem(at, 'quizNeeded', {});
    if (action.type !== 'QUIZ' && action.quiz) problem([...at, 'quiz'], 'onlyQuizHasQuiz', {});
    if (action.quiz) {
      checkLangs([...at, 'quiz', 'texts'], action.quiz.texts, langs);
      if (!action.quiz.answers.some((a) => a.correct)) problem([...at, 'quiz', 'answers'], 'quizNeedsCorrect', {});
      for (const [j, answer] of action.quiz.answers.entries()) {
        checkLangs([...at, 'quiz', 'answers', j, 'texts'], answer.texts, langs);
      }
    }
  });

  proofProblems(actions, problem);

  const rewards = file.rewards ?? [];
  for (const i of repeats(rewards.map((r) => r.key)))
    problem(['rewards', i, 'key'], 'duplicate', { what: 'key', value: rewards[i]?.key ?? '' });
  rewards.forEach((reward, i) => {
    checkLangs(['rewards', i, 'texts'], reward.texts);
    checkLangs(['rewards', i, 'partner', 'guarantee'], reward.partner?.guarantee);
    if (reward.codePool && reward.type !== 'CODE') problem(['rewards', i, 'codePool'], 'onlyCodeHasPool', {});
  });
  poolProblems(rewards, problem);
  staffProblems(file, problem);

  const menu = file.menu ?? [];
  // The menu is how meals are analysed when the server has no vision model: a meal action without one is a dead end.
  const mealAction = actions.findIndex((action) => action.type === 'LIMEAT');
  if (mealAction >= 0 && menu.length === 0) problem(['actions', mealAction, 'type'], 'mealNeedsMenu', {});
  for (const i of repeats(menu.map((dish) => dish.key)))
    problem(['menu', i, 'key'], 'duplicate', { what: 'key', value: menu[i]?.key ?? '' });
  menu.forEach((dish, i) => {
    checkLangs(['menu', i, 'names'], dish.names);
    dish.ingredients.forEach((ingredient, j) => {
      if (!isFoodKey(ingredient.food))
        problem(['menu', i, 'ingredients', j, 'food'], 'unknownFood', {
          food: ingredient.food,
          allowed: FOOD_KEYS.join(', '),
        });
    });
  });
  // docs/impact.md#hotel-figures: a figure shown in place of a published one says where it comes from.
  for (const [category, override] of Object.entries(file.impactFactors ?? {}))
    if (override && override.source === undefined && Object.keys(override).length > 0)
      problem(['impactFactors', category, 'source'], 'impactSource', {});
  claimProblems(file, declared, problem);
  return problems;
}

/** The maps of a text per language: a key of theirs is a language code, and every text under it is in it. */
const PER_LANGUAGE_MAPS = new Set(['texts', 'labels', 'names', 'tags', 'guarantee']);

/**
 * docs/behaviour.md#claims: warns on the generic environmental claims and the legal requirements presented as a merit
 * in every text guests read, each against its language's words (contract/claim-words.ts); the hotel's name and points
 * name, in no one language, against every list.
 */
function claimProblems(file: HotelContentFile, declared: ReadonlySet<string>, problem: Report) {
  const check = (path: FieldPath, text: string, language: string) => {
    const generic = genericClaimsIn(text, language);
    if (generic.length > 0) problem(path, 'genericClaim', { words: generic.join(', '), language });
    const legal = legalRequirementClaimsIn(text, language);
    if (legal.length > 0) problem(path, 'legalRequirementClaim', { words: legal.join(', '), language });
  };
  const walk = (path: FieldPath, value: unknown, language: string | null) => {
    if (typeof value === 'string') {
      if (language !== null) check(path, value, language);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const parent = path[path.length - 1];
    for (const [key, inner] of Object.entries(value)) {
      const isLanguage = typeof parent === 'string' && PER_LANGUAGE_MAPS.has(parent) && declared.has(key);
      walk([...path, Array.isArray(value) ? Number(key) : key], inner, isLanguage ? key : language);
    }
  };
  for (const list of ['actions', 'rewards', 'menu'] as const) walk([list], file[list] ?? [], null);
  const { name, greenMilesName } = file.hotel;
  check(['hotel', 'name'], name, '');
  if (greenMilesName !== undefined) check(['hotel', 'greenMilesName'], greenMilesName, '');
}

/** docs/behaviour.md#reward-claims: a code names one claim of the hotel, so a pool code appears once in the file. */
function poolProblems(rewards: RewardEntry[], problem: Report) {
  const codes = rewards.flatMap((reward, i) =>
    (reward.codePool ?? []).map((code, j) => ({ code, path: ['rewards', i, 'codePool', j] as FieldPath })),
  );
  for (const i of repeats(codes.map((c) => c.code))) {
    const entry = codes[i];
    if (entry) problem(entry.path, 'duplicate', { what: 'poolCode', value: entry.code });
  }
}

/**
 * docs/behaviour.md#staff-accounts: a plain PIN of a hotel that is not a demo is MIN_STAFF_PIN_LENGTH digits or more,
 * or a passphrase of as many characters with at least one letter; a demo hotel's may be shorter (4 characters).
 */
export function isStrongStaffPin(pin: string): boolean {
  return pin.length >= MIN_STAFF_PIN_LENGTH && (/^\d+$/.test(pin) || /\p{L}/u.test(pin));
}

/**
 * The file's staff (docs/behaviour.md#staff-accounts): `hotel.staffPin` (legacy) or a `staff` list, not both; names
 * unique in any case; each account one PIN, plain or hashed; strong plain PINs outside demos; no two enabled accounts
 * that may reset a stay with one plain PIN (PIN-only sign-in finds one account by its PIN). Whether the hotel keeps an
 * enabled manager depends on the accounts already in the database: the import checks it.
 */
function staffProblems(file: HotelContentFile, problem: Report) {
  const { hotel } = file;
  const staff = file.staff ?? [];
  if (hotel.staffPin !== undefined && file.staff !== undefined)
    problem(['hotel', 'staffPin'], 'staffPinBesideList', {});
  if (hotel.staffPin !== undefined && !hotel.isDemo && !isStrongStaffPin(hotel.staffPin))
    problem(['hotel', 'staffPin'], 'weakPin', { field: 'staffPin', min: String(MIN_STAFF_PIN_LENGTH) });
  for (const i of repeats(staff.map((entry) => staffNameKey(entry.name))))
    problem(['staff', i, 'name'], 'duplicate', { what: 'staffName', value: staff[i]?.name ?? '' });
  const pinOnly: Array<{ pin: string; index: number }> = [];
  staff.forEach((entry, i) => {
    if ((entry.pin === undefined) === (entry.pinHash === undefined))
      problem(['staff', i], 'pinOrHash', { name: entry.name });
    // Today's parameters only: weaker ones make the PIN easy to find from a copy of the database, larger ones make
    // every sign-in take the memory of many.
    if (entry.pinHash !== undefined && !isCurrentPinHash(entry.pinHash))
      problem(['staff', i, 'pinHash'], 'oldPinHash', { name: entry.name, prefix: CURRENT_PIN_HASH_PREFIX });
    if (entry.pin === undefined) return;
    if (!hotel.isDemo && !isStrongStaffPin(entry.pin))
      problem(['staff', i, 'pin'], 'weakPin', { field: 'pin', min: String(MIN_STAFF_PIN_LENGTH) });
    if (entry.enabled !== false && signsInByPinAlone(entry.role)) pinOnly.push({ pin: entry.pin, index: i });
  });
  for (const i of repeats(pinOnly.map((entry) => entry.pin))) {
    const index = pinOnly[i]?.index ?? 0;
    problem(['staff', index, 'pin'], 'sharedPin', { name: staff[index]?.name ?? '' });
  }
}

/**
 * docs/server.md#hotel-content-files: only PROOF actions list ids of printed QR codes (a PROOF action without them
 * gets a generated one), and an id names one code of the hotel.
 */
function proofProblems(actions: HotelContentFile['actions'] & object, problem: Report) {
  const hotelCodes: Array<{ qrId: string; path: FieldPath }> = [];
  actions.forEach((action, i) => {
    const at = ['actions', i];
    if (action.type !== 'PROOF' && action.proofQrIds) problem([...at, 'proofQrIds'], 'onlyProofHasQrIds', {});
    for (const [j, qrId] of (action.proofQrIds ?? []).entries())
      hotelCodes.push({ qrId, path: [...at, 'proofQrIds', j] });
  });
  for (const i of repeats(hotelCodes.map((code) => code.qrId))) {
    const code = hotelCodes[i];
    if (code) problem(code.path, 'duplicate', { what: 'proofQrId', value: code.qrId });
  }
}

/**
 * Returns the file typed, or throws a ContentError listing every error found (with its line when `lineOf` can find it
 * in the YAML text). Its warnings refuse nothing: each goes to `warn`, described the same way.
 */
export function validateContent(
  value: unknown,
  source = 'content',
  lineOf?: LineOf,
  warn: (warning: string) => void = () => {},
): HotelContentFile {
  const problems = findProblems(value);
  const errors = problems.filter(isContentError);
  if (errors.length > 0)
    throw new ContentError(
      source,
      errors.map((problem) => describeProblem(value, lineOf, problem)),
    );
  for (const problem of problems) if (!isContentError(problem)) warn(describeProblem(value, lineOf, problem));
  return value as HotelContentFile;
}

function findProblems(value: unknown): Problem[] {
  return Value.Check(HotelContentFile, value) ? ruleProblems(value) : shapeProblems(value);
}

/**
 * Every problem of a document, errors and warnings, each where it is, under its rule with its values (the staff page
 * says it in the manager's language next to its field) and in English with its action's or reward's key.
 */
export function contentProblems(value: unknown): ContentProblem[] {
  return findProblems(value).map((problem) => ({
    ...problem,
    message: `${problem.message}${keyNote(value, problem.path)}`,
  }));
}
