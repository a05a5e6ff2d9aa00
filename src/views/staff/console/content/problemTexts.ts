import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ContentProblem } from '../../../../../contract/content-editor.ts';
import type {
  ContentFormat,
  ContentRule,
  ContentValueType,
  DuplicateKind,
} from '../../../../../contract/content-rules.ts';

/**
 * A problem of the draft in the manager's words (docs/behaviour.md#content-validator): one sentence per rule of
 * contract/content-rules.ts, with its values. The problem is shown under its field, so a sentence need not name it.
 */

const TYPE_TEXTS: Record<ContentValueType, MessageDescriptor> = {
  string: msg`Doit être un texte`,
  integer: msg`Doit être un nombre entier`,
  number: msg`Doit être un nombre`,
  boolean: msg`Doit être oui ou non`,
  object: msg`Doit être un ensemble de champs`,
  array: msg`Doit être une liste`,
  null: msg`Doit être vide`,
};

const FORMAT_TEXTS: Record<ContentFormat, MessageDescriptor> = {
  time: msg`Une heure au format HH:MM (de 00:00 à 23:59)`,
  colour: msg`Une couleur au format #RRGGBB`,
  key: msg`Lettres minuscules, chiffres et tirets, sans tiret au début`,
  languageCode: msg`Un code de langue comme fr, en ou pt-BR`,
  qrId: msg`Lettres, chiffres, points, tirets et soulignés seulement`,
  email: msg`Une adresse e-mail`,
  codePrefix: msg`1 à 6 lettres majuscules ou chiffres`,
  pinHash: msg`Une empreinte Argon2id (argon2id$…)`,
  date: msg`Une date réelle au format AAAA-MM-JJ, de 2000 à 2100`,
  httpsUrl: msg`Une adresse web commençant par https://`,
};

const DUPLICATE_TEXTS: Record<DuplicateKind, MessageDescriptor> = {
  languageCode: msg({ message: 'La langue {value} figure deux fois' }),
  qrId: msg({ message: 'Le code QR {value} sert déjà ailleurs' }),
  roomNumber: msg({ message: 'La chambre {value} existe déjà' }),
  key: msg({ message: 'La clé {value} est déjà prise' }),
  poolCode: msg({ message: 'Le code {value} figure deux fois' }),
  proofQrId: msg({ message: 'Le code de preuve {value} figure deux fois' }),
  staffName: msg({ message: 'Le nom {value} existe déjà' }),
};

const REQUIRED = msg`Obligatoire`;
const AT_LEAST_ONE_ITEM = msg`Au moins un élément`;
const AT_LEAST_ONE_VALUE = msg`Indiquez au moins une valeur`;

/** Each rule's sentence; `wrongType`, `pattern` and `duplicate` pick theirs by a value. */
const RULE_TEXTS: Record<Exclude<ContentRule, 'wrongType' | 'pattern' | 'duplicate'>, MessageDescriptor> = {
  required: msg({ message: 'Champs obligatoires manquants\u00a0: {fields}' }),
  unknownField: msg({ message: 'Champs inconnus\u00a0: {fields}' }),
  tooShort: msg({ message: 'Au moins {min} caractères' }),
  tooLong: msg({ message: 'Au plus {max} caractères' }),
  tooFewItems: msg({ message: 'Au moins {min} éléments' }),
  tooManyItems: msg({ message: 'Au plus {max} éléments' }),
  tooFewFields: msg({ message: 'Indiquez au moins {min} valeurs' }),
  notOneOf: msg({ message: 'Valeur inconnue\u00a0; possibles\u00a0: {allowed}' }),
  tooSmall: msg({ message: 'Au moins {min}' }),
  tooLarge: msg({ message: 'Au plus {max}' }),
  notAbove: msg({ message: 'Doit être supérieur à {limit}' }),
  invalid: msg`Valeur non valable`,
  unknownTimeZone: msg`Ce fuseau horaire est inconnu`,
  onePrimaryLanguage: msg({ message: 'Une seule langue doit être principale (actuellement\u00a0: {found})' }),
  primaryDisabled: msg`La langue principale doit être activée`,
  qrIdReserved: msg({ message: '{qrId} est une adresse de l’application\u00a0: choisissez un autre code' }),
  languageNotDeclared: msg({ message: 'L’hôtel ne propose pas la langue {language}' }),
  missingTranslation: msg({ message: 'Texte {language} manquant' }),
  customNeedsOptions: msg({ message: 'Au moins {min} choix' }),
  onlyCustomHasOptions: msg`Seule une action à choix a des options`,
  quizNeeded: msg`Un quiz a besoin de sa question et de ses réponses`,
  onlyQuizHasQuiz: msg`Seule une action quiz a un quiz`,
  quizNeedsCorrect: msg`Au moins une réponse doit être juste`,
  onlyProofHasQrIds: msg`Seule une action de preuve a des codes à scanner`,
  onlyCodeHasPool: msg`Seule une récompense à code a une liste de codes`,
  mealNeedsMenu: msg`Une action repas a besoin du menu du restaurant`,
  impactSource: msg`Indiquez la source de ces chiffres`,
  unknownFood: msg({ message: 'Aliment inconnu\u00a0: {food}' }),
  genericClaim: msg({
    message:
      'À vérifier\u00a0: «\u00a0{words}\u00a0» est une allégation environnementale générale. Dites plutôt ce qu’un geste économise, estimé.',
  }),
  legalRequirementClaim: msg({
    message:
      'À vérifier\u00a0: «\u00a0{words}\u00a0» est imposé par la loi, à ne pas présenter comme un mérite de l’hôtel.',
  }),
  staffPinBesideList: msg`Le premier responsable se déclare dans la liste du personnel`,
  weakPin: msg({ message: 'Au moins {min} chiffres, ou une phrase d’au moins {min} caractères avec une lettre' }),
  pinOrHash: msg`Un code PIN ou son empreinte\u00a0: un seul des deux`,
  oldPinHash: msg({ message: 'Empreinte d’anciens paramètres\u00a0: elle doit commencer par {prefix}' }),
  sharedPin: msg({ message: '{name} a le code PIN d’un autre compte qui peut réinitialiser un séjour' }),
  otherHotel: msg({ message: 'Ce contenu est celui d’un autre hôtel (n° {hotelId} attendu)' }),
  staffInContent: msg`Le personnel se gère dans l’onglet Personnes`,
  database: msg({ message: 'Enregistrement refusé\u00a0: {detail}' }),
  yaml: msg({ message: 'Fichier YAML illisible\u00a0: {detail}' }),
};

/** `table[key]` when the key is one of the table's (a rule or value this client knows), else undefined. */
function entry<Key extends string>(table: Record<Key, MessageDescriptor>, key: string | undefined) {
  return key !== undefined && Object.hasOwn(table, key) ? table[key as Key] : undefined;
}

function descriptorOf({ rule, values }: ContentProblem): MessageDescriptor | undefined {
  switch (rule) {
    case 'wrongType':
      return entry(TYPE_TEXTS, values.expected);
    case 'pattern':
      return entry(FORMAT_TEXTS, values.format);
    case 'duplicate':
      return entry(DUPLICATE_TEXTS, values.what);
    case 'tooShort':
      return values.min === '1' ? REQUIRED : RULE_TEXTS.tooShort;
    case 'tooFewItems':
      return values.min === '1' ? AT_LEAST_ONE_ITEM : RULE_TEXTS.tooFewItems;
    case 'tooFewFields':
      return values.min === '1' ? AT_LEAST_ONE_VALUE : RULE_TEXTS.tooFewFields;
    default:
      return entry(RULE_TEXTS, rule);
  }
}

/**
 * A problem in the language `i18n` speaks; a rule (or a value) this client does not know, from a newer server, keeps
 * the validator's English sentence.
 */
export function problemText(i18n: I18n, problem: ContentProblem): string {
  const descriptor = descriptorOf(problem);
  return descriptor ? i18n._({ ...descriptor, values: problem.values }) : problem.message;
}

/** `problemText` in the staff page's language. */
export function useProblemText(): (problem: ContentProblem) => string {
  const { i18n } = useLingui();
  return (problem) => problemText(i18n, problem);
}
