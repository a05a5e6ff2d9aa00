/**
 * The content validator's problems in English (what `hotel:check` prints and the API's `message` carries): one
 * sentence per rule of contract/content-rules.ts, made from its values. The staff page says them in the manager's
 * language from the same rule and values (src/views/staff/console/content/problemTexts.ts).
 */
import { FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE } from '../../contract/calendar-days.ts';
import {
  type ChoiceList,
  type ContentFormat,
  type ContentRule,
  type ContentRuleValues,
  type DuplicateKind,
  isWarningRule,
} from '../../contract/content-rules.ts';

/** A problem at `path` of the document, under one rule, with its values and its English sentence. */
export type RuleProblem = {
  [R in ContentRule]: {
    path: Array<string | number>;
    rule: R;
    values: ContentRuleValues<R>;
    message: string;
    severity?: 'warning';
  };
}[ContentRule];

const FORMAT_WORDS: Record<ContentFormat, string> = {
  time: 'a 24-hour time HH:MM',
  colour: 'a colour #RRGGBB (or #RGB)',
  key: 'lower-case letters, digits and -, starting with a letter or a digit',
  languageCode: 'a language code such as fr, en or pt-BR',
  qrId: 'letters, digits, ., _ and - only',
  email: 'an e-mail address',
  codePrefix: '1 to 6 upper-case letters or digits',
  pinHash: 'an Argon2id hash argon2id$m=…,t=…,p=…$salt$hash',
  date: `a date YYYY-MM-DD from ${FIRST_CALENDAR_DATE} to ${LAST_CALENDAR_DATE}`,
  httpsUrl: 'a web address starting with https://',
};

const LIST_WORDS: Record<Exclude<ChoiceList, 'value'>, string> = {
  actionType: 'an action type',
  rewardType: 'a reward type',
  staffRole: 'a staff role',
};

const DUPLICATE_WORDS: Record<DuplicateKind, (value: string) => string> = {
  languageCode: (code) => `code ${code} appears twice`,
  qrId: (qrId) => `QR id ${qrId} appears twice`,
  roomNumber: (number) => `room number ${number} appears twice`,
  key: () => 'key appears twice',
  poolCode: (code) => `code ${code} appears twice`,
  proofQrId: (qrId) => `proof QR id ${qrId} appears twice`,
  staffName: (name) => `name ${JSON.stringify(name)} appears twice (names are told apart in any case)`,
};

const quoted = (list: string) =>
  list
    .split(', ')
    .map((item) => JSON.stringify(item))
    .join(', ');

/** A text of one language, or one in no language (the hotel's name): '' */
const textIn = (language: string) => (language ? `the ${language} text` : 'the text');

const oneOf = <T extends string>(table: Record<T, unknown>, value: string): value is T => Object.hasOwn(table, value);

const ENGLISH: { [R in ContentRule]: (values: ContentRuleValues<R>) => string } = {
  required: ({ fields }) => `missing required field(s) ${quoted(fields)}`,
  unknownField: ({ fields }) => `unknown field(s) ${quoted(fields)}`,
  wrongType: ({ expected, got }) => `must be ${expected} (got ${got})`,
  tooShort: ({ min, got }) => `must not have fewer than ${min} characters (got ${got})`,
  tooLong: ({ max }) => `must not have more than ${max} characters`,
  tooFewItems: ({ min }) => `must not have fewer than ${min} items`,
  tooManyItems: ({ max }) => `must not have more than ${max} items`,
  tooFewFields: ({ min }) => `must not have fewer than ${min} field(s)`,
  pattern: ({ format, got }) => `must be ${oneOf(FORMAT_WORDS, format) ? FORMAT_WORDS[format] : format} (got ${got})`,
  notOneOf: ({ list, allowed, got }) =>
    oneOf(LIST_WORDS, list)
      ? `${got} is not ${LIST_WORDS[list]}; allowed: ${allowed}`
      : `must be one of ${quoted(allowed)} (got ${got})`,
  tooSmall: ({ min, got }) => `must be >= ${min} (got ${got})`,
  tooLarge: ({ max, got }) => `must be <= ${max} (got ${got})`,
  notAbove: ({ limit, got }) => `must be > ${limit} (got ${got})`,
  invalid: ({ detail, got }) => `${detail} (got ${got})`,
  unknownTimeZone: ({ zone }) => `unknown time zone ${JSON.stringify(zone)}`,
  onePrimaryLanguage: ({ found }) => `exactly one language must have isPrimary: true (found ${found})`,
  primaryDisabled: () => 'the primary language must be enabled',
  duplicate: ({ what, value }) =>
    oneOf(DUPLICATE_WORDS, what) ? DUPLICATE_WORDS[what](value) : `${value} appears twice`,
  qrIdReserved: ({ qrId, reserved }) => `QR id ${qrId} is an address of the app (${reserved} are taken)`,
  languageNotDeclared: ({ language }) => `language ${language} is not declared in languages`,
  missingTranslation: ({ language }) => `missing the ${language} text (the action is translated into ${language})`,
  customNeedsOptions: ({ min }) => `a CUSTOM action needs at least ${min} options`,
  onlyCustomHasOptions: () => 'only CUSTOM actions have options',
  quizNeeded: () => 'a QUIZ action needs a quiz section',
  onlyQuizHasQuiz: () => 'only QUIZ actions have a quiz',
  quizNeedsCorrect: () => 'at least one answer must have correct: true',
  onlyProofHasQrIds: () => 'only PROOF actions have proofQrIds',
  onlyCodeHasPool: () => 'only CODE rewards have a code pool',
  mealNeedsMenu: () => 'a LIMEAT action needs a menu (the dishes guests pick after their photo)',
  impactSource: () => 'a figure of the hotel names its source',
  unknownFood: ({ food, allowed }) => `${JSON.stringify(food)} is not a food of the factor table; allowed: ${allowed}`,
  genericClaim: ({ words, language }) =>
    `warning: ${textIn(language)} makes a generic environmental claim (${quoted(words)}): say what a gesture saves, estimated`,
  legalRequirementClaim: ({ words, language }) =>
    `warning: ${textIn(language)} presents a measure the law requires as a merit (${quoted(words)})`,
  staffPinBesideList: () => 'a file with a staff list declares its first manager there, not in hotel.staffPin',
  weakPin: ({ field, min }) =>
    `the ${field === 'staffPin' ? 'staff PIN' : 'PIN'} must be at least ${min} digits, or a passphrase of at least ${min} characters with a letter, for a hotel that is not a demo`,
  pinOrHash: ({ name }) => `${JSON.stringify(name)} needs exactly one of pin and pinHash`,
  oldPinHash: ({ name, prefix }) => `${JSON.stringify(name)}: a pinHash must be ${prefix}…`,
  sharedPin: ({ name }) =>
    `${JSON.stringify(name)} has the PIN of another account that may reset a stay: the guest page's PIN-only sign-in could not tell them apart`,
  otherHotel: ({ hotelId }) => `must be ${hotelId}, the hotel being edited`,
  staffInContent: () => 'staff accounts are managed on the People tab, not in the content',
  database: ({ detail }) => detail,
  yaml: ({ detail }) => detail,
};

/** The problem at `path` under `rule`, with its values and its English sentence. */
export function ruleProblem<R extends ContentRule>(
  path: ReadonlyArray<string | number>,
  rule: R,
  values: ContentRuleValues<R>,
): RuleProblem {
  const english: (values: ContentRuleValues<R>) => string = ENGLISH[rule];
  const problem = { path: [...path], rule, values, message: english(values) };
  // A rule and its own values: one member of the union, which TypeScript cannot follow through R.
  return (isWarningRule(rule) ? { ...problem, severity: 'warning' } : problem) as RuleProblem;
}
