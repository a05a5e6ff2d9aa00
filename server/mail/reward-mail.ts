/**
 * The e-mail that sends a claimed reward to the guest: subject, plain text and HTML in fr, en or ar
 * (HTML `dir="rtl"` for Arabic). Every value taken from content or the database is HTML-escaped.
 */

import { rewardCodeText } from '../../contract/reward-code.ts';

export const MAIL_LANGUAGES = ['fr', 'en', 'ar'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/**
 * The text fallback (docs/behaviour.md#message-language): the chosen language, then English (then French, always
 * available here).
 */
export function mailLanguage(lang: string | null | undefined): MailLanguage {
  const base = (lang ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return (MAIL_LANGUAGES as readonly string[]).includes(base) ? (base as MailLanguage) : 'en';
}

export interface RewardMailInput {
  lang: MailLanguage;
  hotelName: string;
  /** The hotel's reward-code prefix (docs/behaviour.md#code-reward). */
  codePrefix: string;
  rewardName: string;
  description: string;
  rwType: string;
  /** The claim's code (CODE and other rewards staff check), without the hotel prefix. */
  code: string | null;
  validUntil: string | null;
  rwWaterVolume: number | null;
}

/** docs/behaviour.md#water-reward: the volume in the reward name ('N litres'), else rwWaterVolume, else 50. */
export function waterVolume(name: string, rwWaterVolume: number | null): number {
  const match = /(\d+(?:[.,]\d+)?)\s*(?:litres?|liters?|l)\b/i.exec(name);
  if (match?.[1]) {
    const value = Number(match[1].replace(',', '.'));
    if (Number.isFinite(value) && value > 0) return value;
  }
  return rwWaterVolume ?? 50;
}

/** docs/behaviour.md#water-reward: one month of water access per 10 litres, at least one. */
export function impactMonths(volume: number): number {
  return Math.max(1, Math.round(volume / 10));
}

interface Texts {
  subject: (reward: string, hotel: string) => string;
  greeting: string;
  intro: (hotel: string) => string;
  codeLabel: string;
  codeHint: string;
  validUntil: (date: string) => string;
  water: (litres: number, months: number) => string;
  closing: string;
}

const TEXTS: Record<MailLanguage, Texts> = {
  fr: {
    subject: (reward, hotel) => `Votre récompense GreenMiles : ${reward} (${hotel})`,
    greeting: 'Bonjour,',
    intro: (hotel) => `Voici la récompense que vous avez débloquée pendant votre séjour à ${hotel}.`,
    codeLabel: 'Votre code',
    codeHint: "Présentez ce code au personnel de l'hôtel.",
    validUntil: (date) => `Valable jusqu'au ${date}.`,
    water: (litres, months) =>
      `Votre don : ${litres} litres d'eau potable, soit ${months} mois d'accès à l'eau pour une personne.`,
    closing: 'Merci pour vos gestes pendant votre séjour !',
  },
  en: {
    subject: (reward, hotel) => `Your GreenMiles reward: ${reward} (${hotel})`,
    greeting: 'Hello,',
    intro: (hotel) => `Here is the reward you unlocked during your stay at ${hotel}.`,
    codeLabel: 'Your code',
    codeHint: 'Show this code to the hotel staff.',
    validUntil: (date) => `Valid until ${date}.`,
    water: (litres, months) =>
      `Your donation: ${litres} litres of drinking water, that is ${months} months of water access for one person.`,
    closing: 'Thank you for your gestures during your stay!',
  },
  ar: {
    subject: (reward, hotel) => `مكافأتك من GreenMiles: ${reward} (${hotel})`,
    greeting: 'مرحبًا،',
    intro: (hotel) => `إليك المكافأة التي حصلت عليها خلال إقامتك في ${hotel}.`,
    codeLabel: 'رمزك',
    codeHint: 'قدّم هذا الرمز لموظفي الفندق.',
    validUntil: (date) => `صالح حتى ${date}.`,
    water: (litres, months) => `تبرّعك: ${litres} لترًا من مياه الشرب، أي ${months} شهرًا من الحصول على الماء لشخص واحد.`,
    closing: 'شكرًا على بوادرك خلال إقامتك!',
  },
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A YYYY-MM-DD date written out in the language (the calendar date itself, no time zone shift). */
export function formatDate(date: string, lang: MailLanguage): string {
  const locale = lang === 'ar' ? 'ar-u-nu-latn' : lang;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

export function composeRewardMail(input: RewardMailInput): ComposedMail {
  const t = TEXTS[input.lang];
  const lines: string[] = [t.greeting, '', t.intro(input.hotelName), '', input.rewardName, input.description];
  const blocks: string[] = [
    `<p>${escapeHtml(t.greeting)}</p>`,
    `<p>${escapeHtml(t.intro(input.hotelName))}</p>`,
    `<h1 style="font-size:20px;margin:16px 0 8px">${escapeHtml(input.rewardName)}</h1>`,
    `<p>${escapeHtml(input.description)}</p>`,
  ];
  if (input.code !== null) {
    const shown = rewardCodeText(input.codePrefix, input.code);
    lines.push('', `${t.codeLabel}: ${shown}`, t.codeHint);
    blocks.push(
      `<p>${escapeHtml(t.codeLabel)}:</p>`,
      `<p dir="ltr" style="font-family:monospace;font-size:22px;font-weight:bold;letter-spacing:2px;white-space:nowrap">${escapeHtml(shown)}</p>`,
      `<p>${escapeHtml(t.codeHint)}</p>`,
    );
  }
  if (input.rwType === 'EAU') {
    const litres = waterVolume(input.rewardName, input.rwWaterVolume);
    const sentence = t.water(litres, impactMonths(litres));
    lines.push('', sentence);
    blocks.push(`<p>${escapeHtml(sentence)}</p>`);
  }
  if (input.validUntil !== null) {
    const sentence = t.validUntil(formatDate(input.validUntil, input.lang));
    lines.push('', sentence);
    blocks.push(`<p>${escapeHtml(sentence)}</p>`);
  }
  lines.push('', t.closing, '');
  blocks.push(`<p>${escapeHtml(t.closing)}</p>`);
  const dir = input.lang === 'ar' ? 'rtl' : 'ltr';
  const subject = t.subject(input.rewardName, input.hotelName);
  const html = [
    '<!doctype html>',
    `<html lang="${input.lang}" dir="${dir}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body dir="${dir}" style="font-family:sans-serif;line-height:1.5;color:#1b1b1b">`,
    ...blocks,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject, text: lines.join('\n'), html };
}
