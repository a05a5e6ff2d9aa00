/**
 * The default success messages of action submissions (docs/behaviour.md#success-messages), in the languages the server
 * speaks. Language: the guest's, else the hotel's primary language, else French (the product's source language).
 */
import { SOURCE_LANGUAGE } from '../../contract/text-language.ts';

export type SuccessMessageKey =
  | 'review'
  | 'custom'
  | 'claim'
  | 'quizRight'
  | 'quizWrong'
  | 'lunishowerYes'
  | 'lunishowerNo'
  | 'lunicleanSkipToday'
  | 'lunicleanSkipTomorrow'
  | 'lunicleanCleanToday'
  | 'lunicleanCleanTomorrow'
  | 'yesNoPositive'
  | 'yesNoOther'
  | 'heatingOptimal'
  | 'heatingOther';

export const SUCCESS_MESSAGES: Record<string, Record<SuccessMessageKey, string>> = {
  fr: {
    review: 'Merci pour votre avis !',
    custom: 'Merci pour votre réponse !',
    claim: 'Action validée, merci !',
    quizRight: 'Bonne réponse ! Bravo !',
    quizWrong: "Mauvaise réponse, mais merci d'avoir participé !",
    lunishowerYes: "Merci d'avoir réduit votre consommation d'eau !",
    lunishowerNo: 'Merci pour votre sincérité !',
    lunicleanSkipToday: "Merci ! Pas de ménage aujourd'hui.",
    lunicleanSkipTomorrow: 'Merci ! Pas de ménage demain.',
    lunicleanCleanToday: "Votre chambre sera nettoyée aujourd'hui comme prévu",
    lunicleanCleanTomorrow: 'Votre chambre sera nettoyée demain comme prévu',
    yesNoPositive: 'Merci pour votre réponse positive!',
    yesNoOther: 'Merci pour votre réponse !',
    heatingOptimal: 'Merci ! Votre chauffage est réglé à une température idéale.',
    heatingOther: "Merci ! Entre 19 et 21 °C, chaque degré de moins économise jusqu'à 7 % d'énergie.",
  },
  en: {
    review: 'Thank you for your review!',
    custom: 'Thank you for your answer!',
    claim: 'Action confirmed, thank you!',
    quizRight: 'Correct answer! Well done!',
    quizWrong: 'Wrong answer, but thank you for taking part!',
    lunishowerYes: 'Thank you for reducing your water use!',
    lunishowerNo: 'Thank you for your honesty!',
    lunicleanSkipToday: 'Thank you! No cleaning today.',
    lunicleanSkipTomorrow: 'Thank you! No cleaning tomorrow.',
    lunicleanCleanToday: 'Your room will be cleaned today as planned',
    lunicleanCleanTomorrow: 'Your room will be cleaned tomorrow as planned',
    yesNoPositive: 'Thank you for your positive answer!',
    yesNoOther: 'Thank you for your answer!',
    heatingOptimal: 'Thank you! Your heating is set to an ideal temperature.',
    heatingOther: 'Thank you! Between 19 and 21 °C, each degree less saves up to 7% energy.',
  },
  ar: {
    review: 'شكرًا على تقييمك!',
    custom: 'شكرًا على إجابتك!',
    claim: 'تم تأكيد الإجراء، شكرًا!',
    quizRight: 'إجابة صحيحة! أحسنت!',
    quizWrong: 'إجابة خاطئة، لكن شكرًا على مشاركتك!',
    lunishowerYes: 'شكرًا على تقليل استهلاكك للماء!',
    lunishowerNo: 'شكرًا على صراحتك!',
    lunicleanSkipToday: 'شكرًا! لا تنظيف اليوم.',
    lunicleanSkipTomorrow: 'شكرًا! لا تنظيف غدًا.',
    lunicleanCleanToday: 'سيتم تنظيف غرفتك اليوم كما هو مقرر',
    lunicleanCleanTomorrow: 'سيتم تنظيف غرفتك غدًا كما هو مقرر',
    yesNoPositive: 'شكرًا على إجابتك الإيجابية!',
    yesNoOther: 'شكرًا على إجابتك!',
    heatingOptimal: 'شكرًا! تم ضبط التدفئة على درجة حرارة مثالية.',
    heatingOther: 'شكرًا! بين 19 و21 درجة مئوية، كل درجة أقل توفر ما يصل إلى 7% من الطاقة.',
  },
};

/** The base language of a code (`en-GB` → `en`), lower case. */
function baseLanguage(code: string): string {
  return code.toLowerCase().split(/[-_]/)[0] ?? code;
}

export function hasMessagesFor(lang: string | null | undefined): boolean {
  return typeof lang === 'string' && Object.hasOwn(SUCCESS_MESSAGES, baseLanguage(lang));
}

/** The message in the first of `languages` the table has, else in French. */
export function successMessage(key: SuccessMessageKey, languages: Array<string | null | undefined>): string {
  for (const lang of languages) {
    if (hasMessagesFor(lang))
      return (SUCCESS_MESSAGES[baseLanguage(lang as string)] as Record<SuccessMessageKey, string>)[key];
  }
  return (SUCCESS_MESSAGES[SOURCE_LANGUAGE] as Record<SuccessMessageKey, string>)[key];
}
