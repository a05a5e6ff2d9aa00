/**
 * The content validator's rules (docs/behaviour.md#content-validator): every problem it finds names one of these,
 * with the values its sentence needs (all strings), so the staff page says it in the manager's language while
 * `hotel:check` prints it in English (server/content/problem-words.ts). A problem never names a rule outside this list.
 */

/** What a text of a fixed form must look like: the `format` of a `pattern` problem. */
export const CONTENT_FORMATS = [
  'time',
  'colour',
  'key',
  'languageCode',
  'qrId',
  'email',
  'codePrefix',
  'pinHash',
  'date',
  'httpsUrl',
] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

/** The kind of value a field holds: the `expected` of a `wrongType` problem. */
export const CONTENT_VALUE_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'] as const;
export type ContentValueType = (typeof CONTENT_VALUE_TYPES)[number];

/** What must not repeat: the `what` of a `duplicate` problem. */
export const DUPLICATE_KINDS = [
  'languageCode',
  'qrId',
  'roomNumber',
  'key',
  'poolCode',
  'proofQrId',
  'staffName',
] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];

/** The list a `notOneOf` value was looked for in: a type of the contract, or the field's own few values. */
export const CHOICE_LISTS = ['actionType', 'rewardType', 'staffRole', 'value'] as const;
export type ChoiceList = (typeof CHOICE_LISTS)[number];

/**
 * Each rule and the values its problems carry. `got` is the bad value as JSON (or `nothing`); lists (`fields`,
 * `allowed`, `reserved`) are joined with ', '.
 */
export const CONTENT_RULES = {
  // The shape of the document (its schema).
  required: ['fields'],
  unknownField: ['fields'],
  wrongType: ['expected', 'got'],
  tooShort: ['min', 'got'],
  tooLong: ['max'],
  tooFewItems: ['min'],
  tooManyItems: ['max'],
  tooFewFields: ['min'],
  pattern: ['format', 'got'],
  notOneOf: ['list', 'allowed', 'got'],
  tooSmall: ['min', 'got'],
  tooLarge: ['max', 'got'],
  notAbove: ['limit', 'got'],
  /** A schema keyword the validator has no words for: TypeBox's own sentence. */
  invalid: ['detail', 'got'],
  // What a schema cannot say.
  unknownTimeZone: ['zone'],
  onePrimaryLanguage: ['found'],
  primaryDisabled: [],
  duplicate: ['what', 'value'],
  qrIdReserved: ['qrId', 'reserved'],
  languageNotDeclared: ['language'],
  missingTranslation: ['language'],
  customNeedsOptions: ['min'],
  onlyCustomHasOptions: [],
  quizNeeded: [],
  onlyQuizHasQuiz: [],
  quizNeedsCorrect: [],
  onlyProofHasQrIds: [],
  onlyCodeHasPool: [],
  mealNeedsMenu: [],
  /** A figure of the hotel shown in place of a published one says where it comes from. */
  impactSource: [],
  unknownFood: ['food', 'allowed'],
  // Warnings (WARNING_RULES): said, never refused. `words` are the entries of contract/claim-words.ts found in a text
  // in `language`.
  /** A generic environmental claim ('eco-friendly', 'carbon neutral'…). */
  genericClaim: ['words', 'language'],
  /** A measure the law requires, phrased as the hotel's merit ('waste sorting'…). */
  legalRequirementClaim: ['words', 'language'],
  // The file's staff (`hotel:check`, `hotel:import`; the editor refuses staff altogether).
  staffPinBesideList: [],
  weakPin: ['field', 'min'],
  pinOrHash: ['name'],
  oldPinHash: ['name', 'prefix'],
  sharedPin: ['name'],
  // The content editor's own (server/domain/content-editor.ts).
  otherHotel: ['hotelId'],
  staffInContent: [],
  database: ['detail'],
  yaml: ['detail'],
} as const satisfies Record<string, readonly string[]>;

export type ContentRule = keyof typeof CONTENT_RULES;
export const CONTENT_RULE_NAMES = Object.keys(CONTENT_RULES) as ContentRule[];

/** The rules only the editor applies (a document's hotel, its staff, the database, a YAML text): not the validator's. */
export const EDITOR_RULES = ['otherHotel', 'staffInContent', 'database', 'yaml'] as const satisfies ContentRule[];

/**
 * The rules whose problems are warnings (`severity: 'warning'`): the import, a save and `hotel:check` go ahead and say
 * them. Every other problem is an error, which refuses the document.
 */
export const WARNING_RULES = ['genericClaim', 'legalRequirementClaim'] as const satisfies ContentRule[];

export function isWarningRule(rule: ContentRule): boolean {
  return (WARNING_RULES as readonly ContentRule[]).includes(rule);
}

/** Whether a problem refuses the document: every one but a warning. */
export function isContentError(problem: { severity?: 'warning' }): boolean {
  return problem.severity !== 'warning';
}

/** The values a problem of `rule` carries. */
export type ContentRuleValues<R extends ContentRule> = { [K in (typeof CONTENT_RULES)[R][number]]: string };

export function isContentRule(rule: string): rule is ContentRule {
  return Object.hasOwn(CONTENT_RULES, rule);
}
