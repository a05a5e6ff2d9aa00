import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { ContentProblem } from '../../contract/content-editor.ts';
import type { ContentRule } from '../../contract/content-rules.ts';
import { messages as ar } from '../../locales/ar/staff.po';
import { messages as en } from '../../locales/en/staff.po';
import { messages as fr } from '../../locales/fr/staff.po';
import { problemText } from '../../src/views/staff/console/content/problemTexts.ts';

/** The content editor's problems in the manager's language (docs/behaviour.md#content-validator). */

const i18n = setupI18n({ messages: { fr, en, ar } });

function textIn(locale: 'fr' | 'en' | 'ar', problem: ContentProblem): string {
  i18n.activate(locale);
  return problemText(i18n, problem);
}

const problem = (
  rule: ContentRule,
  values: Record<string, string>,
  message = 'the English sentence',
): ContentProblem => ({
  path: ['hotel', 'name'],
  rule,
  values,
  message,
});

describe('a content problem in words', () => {
  it.each([
    [problem('tooShort', { min: '1', got: '""' }), 'Obligatoire', 'Required', 'مطلوب'],
    [
      problem('tooLong', { max: '200' }),
      'Au plus 200 caractères',
      'At most 200 characters',
      'الحد الأقصى لعدد الأحرف: 200',
    ],
    [
      problem('unknownTimeZone', { zone: 'Mars/Olympus' }),
      'Ce fuseau horaire est inconnu',
      'This time zone is unknown',
      'هذه المنطقة الزمنية غير معروفة',
    ],
    [
      problem('pattern', { format: 'time', got: '"12h"' }),
      'Une heure au format HH:MM (de 00:00 à 23:59)',
      'A time as HH:MM (00:00 to 23:59)',
      'وقت بصيغة HH:MM (من 00:00 إلى 23:59)',
    ],
    [
      problem('duplicate', { what: 'key', value: 'skip-cleaning' }),
      'La clé skip-cleaning est déjà prise',
      'Key skip-cleaning is already taken',
      'المفتاح skip-cleaning مستخدم بالفعل',
    ],
    [
      problem('notOneOf', { list: 'value', allowed: 'ROOM, HOTEL, STAY', got: '"X"' }),
      'Valeur inconnue\u00a0; possibles\u00a0: ROOM, HOTEL, STAY',
      'Unknown value; allowed: ROOM, HOTEL, STAY',
      'قيمة غير معروفة؛ القيم الممكنة: ROOM, HOTEL, STAY',
    ],
    [problem('missingTranslation', { language: 'ar' }), 'Texte ar manquant', 'Missing ar text', 'النص بلغة ar ناقص'],
    [
      problem('genericClaim', { words: 'eco-friendly', language: 'en' }),
      'À vérifier\u00a0: «\u00a0eco-friendly\u00a0» est une allégation environnementale générale. Dites plutôt ce qu’un geste économise, estimé.',
      'To check: “eco-friendly” is a generic environmental claim. Say what a gesture saves instead, estimated.',
      'للمراجعة: «eco-friendly» ادعاء بيئي عام. اذكر بدلًا منه ما توفّره البادرة، على سبيل التقدير.',
    ],
    [
      problem('legalRequirementClaim', { words: 'tri sélectif', language: 'fr' }),
      'À vérifier\u00a0: «\u00a0tri sélectif\u00a0» est imposé par la loi, à ne pas présenter comme un mérite de l’hôtel.',
      'To check: “tri sélectif” is required by law: do not present it as the hotel’s merit.',
      'للمراجعة: «tri sélectif» يفرضه القانون، فلا تقدّمه على أنه ميزة للفندق.',
    ],
  ])('%o: fr, en, ar', (shown, inFrench, inEnglish, inArabic) => {
    expect([textIn('fr', shown), textIn('en', shown), textIn('ar', shown)]).toEqual([inFrench, inEnglish, inArabic]);
  });

  it('keeps the validator’s English sentence for a rule or a value this client does not know', () => {
    // As a newer server's answer reads: the rule is only a string there.
    const fromNewerServer: ContentProblem = JSON.parse(
      '{ "path": ["hotel"], "rule": "tooPurple", "values": {}, "message": "too purple" }',
    );
    expect(textIn('fr', fromNewerServer)).toBe('too purple');
    expect(textIn('ar', problem('pattern', { format: 'isbn', got: '"x"' }, 'must be an ISBN'))).toBe('must be an ISBN');
    expect(textIn('en', problem('wrongType', { expected: 'string or null', got: '1' }, 'must be string or null'))).toBe(
      'must be string or null',
    );
  });
});
