/**
 * The content validator's rules (docs/behaviour.md#content-validator), on the validator alone (no database): each
 * rule of contract/content-rules.ts is what some document breaks, at the field at fault, with exactly the values the
 * rule names; the English sentence `hotel:check` prints is made from them; no document ever gets a rule outside the
 * list. The editor's own rules (a database, a YAML text) are in tests/server/content-editor.test.ts.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACTION_TYPES } from '../../contract/action-types.ts';
import type { ContentProblem } from '../../contract/content-editor.ts';
import {
  CHOICE_LISTS,
  CONTENT_FORMATS,
  CONTENT_RULE_NAMES,
  CONTENT_RULES,
  CONTENT_VALUE_TYPES,
  type ContentRule,
  DUPLICATE_KINDS,
  EDITOR_RULES,
  isWarningRule,
} from '../../contract/content-rules.ts';
import { withValueAt } from '../../machines/contentDraft.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { contentProblems } from '../../server/content/validate.ts';

const tilleuls = parse(readFileSync(SAMPLE_HOTEL_FILES[0] as string, 'utf8'));

/** The sample hotel as `yaml` parses it: a document to break in ways no type allows. */
type Doc = ReturnType<typeof parse>;

const sample = (): Doc => structuredClone(tilleuls);
const actionIndex = (doc: Doc, key: string): number => doc.actions.findIndex((a: { key: string }) => a.key === key);
const WATER = tilleuls.rewards.findIndex((r: { key: string }) => r.key === 'water-donation');

interface Case {
  name: string;
  breaks: (doc: Doc) => void;
  rule: ContentRule;
  path: ReadonlyArray<string | number>;
  /** Some of the values the problem must carry. */
  values?: Record<string, string>;
}

/** Each rule the validator applies, and a document that breaks it (the sample hotel with one change). */
const CASES: Case[] = [
  { name: 'a missing name', breaks: (d) => delete d.hotel.name, rule: 'required', path: ['hotel'] },
  {
    name: 'a field no schema knows',
    breaks: (d) => (d.hotel.surprise = 1),
    rule: 'unknownField',
    path: ['hotel'],
    values: { fields: 'surprise' },
  },
  {
    name: 'a text where a yes/no goes',
    breaks: (d) => (d.hotel.isDemo = 'yes'),
    rule: 'wrongType',
    path: ['hotel', 'isDemo'],
    values: { expected: 'boolean', got: '"yes"' },
  },
  { name: 'an empty name', breaks: (d) => (d.hotel.name = ''), rule: 'tooShort', path: ['hotel', 'name'] },
  {
    name: 'a name too long',
    breaks: (d) => (d.hotel.name = 'x'.repeat(201)),
    rule: 'tooLong',
    path: ['hotel', 'name'],
    values: { max: '200' },
  },
  { name: 'no language', breaks: (d) => (d.languages = []), rule: 'tooFewItems', path: ['languages'] },
  {
    name: 'eleven tags',
    breaks: (d) => (d.actions[0].tags.fr = Array.from({ length: 11 }, (_, i) => `t${i}`)),
    rule: 'tooManyItems',
    path: ['actions', 0, 'tags', 'fr'],
    values: { max: '10' },
  },
  {
    name: 'an impact override without a figure',
    breaks: (d) => (d.impactFactors = { cleaning: {} }),
    rule: 'tooFewFields',
    path: ['impactFactors', 'cleaning'],
  },
  {
    name: 'a check-out time that is not HH:MM',
    breaks: (d) => (d.hotel.checkoutTime = '12h'),
    rule: 'pattern',
    path: ['hotel', 'checkoutTime'],
    values: { format: 'time', got: '"12h"' },
  },
  {
    name: 'a colour that is not #RRGGBB',
    breaks: (d) => (d.actions[0].titleColor = 'green'),
    rule: 'pattern',
    path: ['actions', 0, 'titleColor'],
    values: { format: 'colour' },
  },
  {
    name: 'a key with capitals',
    breaks: (d) => (d.actions[0].key = 'Skip'),
    rule: 'pattern',
    path: ['actions', 0, 'key'],
    values: { format: 'key' },
  },
  {
    name: 'a QR id with a space',
    breaks: (d) => (d.rooms[0].qrId = 'room 101'),
    rule: 'pattern',
    path: ['rooms', 0, 'qrId'],
    values: { format: 'qrId' },
  },
  {
    name: 'a language code that is none',
    breaks: (d) => (d.languages[3].code = 'de!'),
    rule: 'pattern',
    path: ['languages', 3, 'code'],
    values: { format: 'languageCode' },
  },
  {
    name: 'a day that does not exist',
    breaks: (d) => (d.rewards[0].validUntil = '2027-02-30'),
    rule: 'pattern',
    path: ['rewards', 0, 'validUntil'],
    values: { format: 'date' },
  },
  {
    name: "a partner's address that is not https",
    breaks: (d) => (d.rewards[WATER].partner.url = 'http://water.example.org'),
    rule: 'pattern',
    path: ['rewards', WATER, 'partner', 'url'],
    values: { format: 'httpsUrl', got: '"http://water.example.org"' },
  },
  {
    name: "a partner's empty name",
    breaks: (d) => (d.rewards[WATER].partner.name = ''),
    rule: 'tooShort',
    path: ['rewards', WATER, 'partner', 'name'],
  },
  {
    name: 'a scope of none of its values',
    breaks: (d) => (d.actions[0].scope = 'WORLD'),
    rule: 'notOneOf',
    path: ['actions', 0, 'scope'],
    values: { list: 'value', allowed: 'ROOM, HOTEL, STAY', got: '"WORLD"' },
  },
  {
    name: 'an action type of none of the contract',
    breaks: (d) => (d.actions[0].type = 'SHOWERING'),
    rule: 'notOneOf',
    path: ['actions', 0, 'type'],
    values: { list: 'actionType', allowed: ACTION_TYPES.join(', ') },
  },
  {
    name: 'negative points',
    breaks: (d) => (d.actions[0].reward = -3),
    rule: 'tooSmall',
    path: ['actions', 0, 'reward'],
    values: { min: '0', got: '-3' },
  },
  {
    name: 'too many guests in a room',
    breaks: (d) => (d.hotel.roomCapacity = 51),
    rule: 'tooLarge',
    path: ['hotel', 'roomCapacity'],
    values: { max: '50' },
  },
  {
    name: 'no grams of an ingredient',
    breaks: (d) => (d.menu[0].ingredients[0].grams = 0),
    rule: 'notAbove',
    path: ['menu', 0, 'ingredients', 0, 'grams'],
    values: { limit: '0' },
  },
  {
    name: 'a time zone of nowhere',
    breaks: (d) => (d.hotel.timeZone = 'Mars/Olympus'),
    rule: 'unknownTimeZone',
    path: ['hotel', 'timeZone'],
    values: { zone: 'Mars/Olympus' },
  },
  {
    name: 'two primary languages',
    breaks: (d) => (d.languages[1].isPrimary = true),
    rule: 'onePrimaryLanguage',
    path: ['languages'],
    values: { found: '2' },
  },
  {
    name: 'a disabled primary language',
    breaks: (d) => (d.languages[0].enabled = false),
    rule: 'primaryDisabled',
    path: ['languages'],
  },
  {
    name: 'a language twice',
    breaks: (d) => (d.languages[3].code = 'fr'),
    rule: 'duplicate',
    path: ['languages', 3, 'code'],
    values: { what: 'languageCode', value: 'fr' },
  },
  {
    name: 'a room QR id twice',
    breaks: (d) => (d.rooms[1].qrId = d.rooms[0].qrId),
    rule: 'duplicate',
    path: ['rooms', 1, 'qrId'],
    values: { what: 'qrId', value: 'tilleuls-101' },
  },
  {
    name: 'a room number twice',
    breaks: (d) => (d.rooms[1].number = d.rooms[0].number),
    rule: 'duplicate',
    path: ['rooms', 1, 'number'],
    values: { what: 'roomNumber', value: '101' },
  },
  {
    name: 'an action key twice',
    breaks: (d) => (d.actions[1].key = d.actions[0].key),
    rule: 'duplicate',
    path: ['actions', 1, 'key'],
    values: { what: 'key', value: 'skip-cleaning' },
  },
  {
    name: 'a pool code twice',
    breaks: (d) => (d.rewards[0].codePool = ['TIL-1', 'TIL-1']),
    rule: 'duplicate',
    path: ['rewards', 0, 'codePool', 1],
    values: { what: 'poolCode', value: 'TIL-1' },
  },
  {
    name: 'a proof code twice',
    breaks: (d) => {
      const proof = d.actions[actionIndex(d, 'garden-visit')];
      proof.proofQrIds = [proof.proofQrIds[0], proof.proofQrIds[0]];
    },
    rule: 'duplicate',
    path: ['actions', 11, 'proofQrIds', 1],
    values: { what: 'proofQrId' },
  },
  {
    name: 'a staff name twice, in another case',
    breaks: (d) => (d.staff[1].name = 'CLAIRE'),
    rule: 'duplicate',
    path: ['staff', 1, 'name'],
    values: { what: 'staffName', value: 'CLAIRE' },
  },
  {
    name: "a room QR id that is a page's address",
    breaks: (d) => (d.rooms[0].qrId = 'metrics'),
    rule: 'qrIdReserved',
    path: ['rooms', 0, 'qrId'],
    values: { qrId: 'metrics' },
  },
  {
    name: 'a text in a language the hotel does not offer',
    breaks: (d) => (d.actions[0].texts.it = { name: 'x', description: 'y' }),
    rule: 'languageNotDeclared',
    path: ['actions', 0, 'texts', 'it'],
    values: { language: 'it' },
  },
  {
    name: "a partner's guarantee in a language the hotel does not offer",
    breaks: (d) => (d.rewards[WATER].partner.guarantee.it = 'x'),
    rule: 'languageNotDeclared',
    path: ['rewards', WATER, 'partner', 'guarantee', 'it'],
    values: { language: 'it' },
  },
  {
    name: "an option without the action's Arabic",
    breaks: (d) => delete d.actions[actionIndex(d, 'travel-mode')].options[0].labels.ar,
    rule: 'missingTranslation',
    path: ['actions', 7, 'options', 0, 'labels'],
    values: { language: 'ar' },
  },
  {
    name: 'a CUSTOM action with one option',
    breaks: (d) => d.actions[actionIndex(d, 'travel-mode')].options.splice(1),
    rule: 'customNeedsOptions',
    path: ['actions', 7, 'options'],
    values: { min: '2' },
  },
  {
    name: 'options on a yes/no action',
    breaks: (d) => (d.actions[3].options = d.actions[actionIndex(d, 'travel-mode')].options),
    rule: 'onlyCustomHasOptions',
    path: ['actions', 3, 'options'],
  },
  {
    name: 'a QUIZ action without its quiz',
    breaks: (d) => delete d.actions[actionIndex(d, 'shower-quiz')].quiz,
    rule: 'quizNeeded',
    path: ['actions', 8],
  },
  {
    name: 'a quiz on a yes/no action',
    breaks: (d) => (d.actions[3].quiz = d.actions[actionIndex(d, 'shower-quiz')].quiz),
    rule: 'onlyQuizHasQuiz',
    path: ['actions', 3, 'quiz'],
  },
  {
    name: 'a quiz without a right answer',
    breaks: (d) => delete d.actions[actionIndex(d, 'shower-quiz')].quiz.answers[1].correct,
    rule: 'quizNeedsCorrect',
    path: ['actions', 8, 'quiz', 'answers'],
  },
  {
    name: 'proof codes on a yes/no action',
    breaks: (d) => (d.actions[3].proofQrIds = ['tilleuls-bar']),
    rule: 'onlyProofHasQrIds',
    path: ['actions', 3, 'proofQrIds'],
  },
  {
    name: 'a code pool on a water reward',
    breaks: (d) => (d.rewards[1].codePool = ['TIL-1']),
    rule: 'onlyCodeHasPool',
    path: ['rewards', 1, 'codePool'],
  },
  {
    name: 'a meal action without a menu',
    breaks: (d) => delete d.menu,
    rule: 'mealNeedsMenu',
    path: ['actions', 9, 'type'],
  },
  {
    name: 'a figure of the hotel without its source',
    breaks: (d) => (d.impactFactors = { shower: { waterLitres: 40 } }),
    rule: 'impactSource',
    path: ['impactFactors', 'shower', 'source'],
  },
  {
    name: 'a food the factor table does not have',
    breaks: (d) => (d.menu[0].ingredients[0].food = 'wagyu'),
    rule: 'unknownFood',
    path: ['menu', 0, 'ingredients', 0, 'food'],
    values: { food: 'wagyu' },
  },
  {
    name: 'a generic claim in a French action name',
    breaks: (d) => (d.actions[0].texts.fr.name = 'Un geste écologique'),
    rule: 'genericClaim',
    path: ['actions', 0, 'texts', 'fr', 'name'],
    values: { words: 'écologique', language: 'fr' },
  },
  {
    name: 'a legal requirement presented as a merit in an English reward description',
    breaks: (d) => (d.rewards[0].texts.en.description = 'Thanks to our waste sorting, enjoy a drink.'),
    rule: 'legalRequirementClaim',
    path: ['rewards', 0, 'texts', 'en', 'description'],
    values: { words: 'waste sorting', language: 'en' },
  },
  {
    name: 'hotel.staffPin beside a staff list',
    breaks: (d) => (d.hotel.staffPin = '731946'),
    rule: 'staffPinBesideList',
    path: ['hotel', 'staffPin'],
  },
  {
    name: 'a short PIN outside a demo',
    breaks: (d) => (d.staff[1].pin = '1234'),
    rule: 'weakPin',
    path: ['staff', 1, 'pin'],
    values: { field: 'pin', min: '6' },
  },
  {
    name: 'an account with neither PIN nor hash',
    breaks: (d) => delete d.staff[2].pin,
    rule: 'pinOrHash',
    path: ['staff', 2],
    values: { name: 'Inès' },
  },
  {
    name: 'a PIN hash of weaker parameters',
    breaks: (d) => {
      delete d.staff[2].pin;
      d.staff[2].pinHash = 'argon2id$m=1,t=1,p=1$c2FsdA==$aGFzaA==';
    },
    rule: 'oldPinHash',
    path: ['staff', 2, 'pinHash'],
    values: { name: 'Inès' },
  },
  {
    name: "the front desk with the manager's PIN",
    breaks: (d) => (d.staff[1].pin = d.staff[0].pin),
    rule: 'sharedPin',
    path: ['staff', 1, 'pin'],
    values: { name: 'Hugo' },
  },
];

function problemsOf(breaks: (doc: Doc) => void): ContentProblem[] {
  const doc = sample();
  breaks(doc);
  return contentProblems(doc);
}

/** A problem carries exactly the values its rule names. */
function expectWellFormed(problem: ContentProblem) {
  expect(CONTENT_RULE_NAMES).toContain(problem.rule);
  expect(Object.keys(problem.values).sort(), problem.rule).toEqual([...CONTENT_RULES[problem.rule]].sort());
  for (const value of Object.values(problem.values)) expect(typeof value).toBe('string');
  expect(problem.message).not.toBe('');
}

describe('the content validator’s rules', () => {
  it('the sample hotel breaks none', () => {
    expect(contentProblems(sample())).toEqual([]);
  });

  it.each(CASES)('$name: $rule at its field', ({ breaks, rule, path, values }) => {
    const problems = problemsOf(breaks);
    const problem = problems.find((found) => found.rule === rule && found.path.join('.') === path.join('.'));
    expect(problem, JSON.stringify(problems)).toBeDefined();
    if (!problem) return;
    expectWellFormed(problem);
    if (values) expect(problem.values).toMatchObject(values);
    // Only the claim rules warn; every other problem refuses the document.
    expect(problem.severity).toBe(isWarningRule(rule) ? 'warning' : undefined);
  });

  it('every rule of the list but the editor’s own is what some document breaks; the safety net aside', () => {
    // `invalid` catches a schema keyword without words of its own: today's schema has none.
    const byTheValidator = CONTENT_RULE_NAMES.filter(
      (rule) => rule !== 'invalid' && !(EDITOR_RULES as readonly string[]).includes(rule),
    );
    expect(new Set(CASES.map((c) => c.rule))).toEqual(new Set(byTheValidator));
    expect(new Set(CASES.filter((c) => c.rule === 'duplicate').map((c) => c.values?.what))).toEqual(
      new Set(DUPLICATE_KINDS),
    );
  });

  it('makes the English sentence hotel:check prints from the rule and its values, with the key of the action', () => {
    const messages = (breaks: (doc: Doc) => void) => problemsOf(breaks).map((problem) => problem.message);
    expect(messages((d) => (d.actions[4].reward = -3))).toEqual([
      'must be >= 0 (got -3) (action "no-single-use-plastic")',
    ]);
    expect(messages((d) => delete d.hotel.timeZone)).toEqual(['missing required field(s) "timeZone"']);
    expect(messages((d) => (d.rewards[1].type = 'VOUCHER'))).toEqual([
      '"VOUCHER" is not a reward type; allowed: CODE, EAU, SLIDER, GENERIC (reward "water-donation")',
    ]);
    expect(messages((d) => (d.actions[0].scope = 'WORLD'))).toEqual([
      'must be one of "ROOM", "HOTEL", "STAY" (got "WORLD") (action "skip-cleaning")',
    ]);
    expect(messages((d) => (d.hotel.timeZone = 'Mars/Olympus'))).toEqual(['unknown time zone "Mars/Olympus"']);
    expect(messages((d) => (d.hotel.checkoutTime = '12h'))).toEqual(['must be a 24-hour time HH:MM (got "12h")']);
    expect(messages((d) => (d.staff[1].name = 'CLAIRE'))).toEqual([
      'name "CLAIRE" appears twice (names are told apart in any case)',
    ]);
  });

  it('an empty key is told empty, not also of the wrong form; an optional field’s null branch says nothing', () => {
    expect(problemsOf((d) => (d.actions[0].key = '')).map((p) => p.rule)).toEqual(['tooShort']);
    expect(problemsOf((d) => (d.hotel.reportEmail = 'nobody')).map((p) => [p.rule, p.values])).toEqual([
      ['pattern', { format: 'email', got: '"nobody"' }],
    ]);
  });

  it('never names a rule outside the list, nor values other than its own, whatever the document', () => {
    const paths = fc.constantFrom<Array<string | number>>(
      [],
      ['hotel'],
      ['hotel', 'id'],
      ['hotel', 'checkoutTime'],
      ['hotel', 'hotelQrEntry'],
      ['languages'],
      ['languages', 0],
      ['languages', 0, 'direction'],
      ['rooms', 0],
      ['actions', 0],
      ['actions', 0, 'type'],
      ['actions', 7, 'options', 0, 'labels'],
      ['actions', 8, 'quiz', 'answers'],
      ['rewards', 0, 'texts', 'fr'],
      ['rewards', 0, 'validUntil'],
      ['menu', 0, 'ingredients'],
      ['impactFactors', 'meal'],
      ['staff', 0],
      ['staff', 0, 'role'],
    );
    fc.assert(
      fc.property(paths, fc.jsonValue({ maxDepth: 2 }), (path, value) => {
        const problems = contentProblems(path.length === 0 ? value : withValueAt(sample(), path, value));
        expect(problems.filter((problem) => !isWellFormed(problem))).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('every translated text is in at least one language; a position or a water volume fits an integer column', () => {
    const doc = sample();
    const custom = actionIndex(doc, doc.actions.find((a: { options?: unknown }) => a.options).key);
    const quiz = doc.actions.findIndex((a: { quiz?: unknown }) => a.quiz);
    const translated: Array<Array<string | number>> = [
      ['actions', 0, 'texts'],
      ['actions', custom, 'options', 0, 'labels'],
      ['actions', quiz, 'quiz', 'texts'],
      ['actions', quiz, 'quiz', 'answers', 0, 'texts'],
      ['rewards', 0, 'texts'],
      ['menu', 0, 'names'],
    ];
    for (const path of translated)
      expect(
        contentProblems(withValueAt(sample(), path, {})).map((problem) => [problem.rule, problem.path, problem.values]),
        path.join('.'),
      ).toContainEqual(['tooFewFields', path, { min: '1' }]);
    for (const path of [
      ['languages', 0, 'position'],
      ['actions', 0, 'position'],
      ['rewards', 0, 'position'],
      ['rewards', WATER, 'waterVolume'],
    ])
      expect(
        contentProblems(withValueAt(sample(), path, 2 ** 31)).map((problem) => [problem.rule, problem.path]),
        path.join('.'),
      ).toContainEqual(['tooLarge', path]);
  });

  it('a field named like a member every object has (valueOf, constructor…) is refused as any unknown name is', () => {
    const objects = [[], ['hotel'], ['languages', 0], ['actions', 0], ['rewards', 1], ['menu', 0], ['staff', 0]];
    const languageMaps = [
      ['actions', 0, 'texts'],
      ['rewards', 1, 'texts'],
    ];
    for (const place of [...objects, ...languageMaps])
      for (const name of Object.getOwnPropertyNames(Object.prototype))
        for (const value of [null, 1, 'x']) {
          const doc = sample();
          const target = place.reduce((parent, part) => parent[part], doc);
          Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
          const expected = objects.includes(place)
            ? ['unknownField', place.join('.')]
            : ['languageNotDeclared', [...place, name].join('.')];
          const problems = contentProblems(doc).map((problem) => [problem.rule, problem.path.join('.')]);
          expect(problems, `${place.join('.')}.${name} = ${value}`).toContainEqual(expected);
        }
  });

  it('the values of a closed kind are of its list', () => {
    const problems = CASES.flatMap((c) => problemsOf(c.breaks));
    for (const problem of problems) {
      if (problem.rule === 'pattern') expect(CONTENT_FORMATS).toContain(problem.values.format);
      if (problem.rule === 'wrongType') expect(CONTENT_VALUE_TYPES).toContain(problem.values.expected);
      if (problem.rule === 'duplicate') expect(DUPLICATE_KINDS).toContain(problem.values.what);
      if (problem.rule === 'notOneOf') expect(CHOICE_LISTS).toContain(problem.values.list);
    }
  });
});

function isWellFormed(problem: ContentProblem): boolean {
  const names = CONTENT_RULES[problem.rule] as readonly string[] | undefined;
  return (
    names !== undefined &&
    Object.keys(problem.values).length === names.length &&
    names.every((name) => typeof problem.values[name] === 'string') &&
    problem.message !== ''
  );
}
