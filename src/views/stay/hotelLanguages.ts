import type { HotelReply } from '../../../contract/schemas.ts';
import { INTERFACE_LANGUAGES, type LanguageChoice } from '../../components/LanguageMenu.tsx';

/** docs/behaviour.md#interface-language: only languages with enabled = 1 are offered, in the hotel's order; FR/EN/AR without a hotel list. */
export function hotelLanguageChoices(hotel: HotelReply | null): LanguageChoice[] {
  const enabled = (hotel?.languagesSupported ?? [])
    .filter((language) => language.enabled === 1)
    .sort((a, b) => a.position - b.position)
    .map(({ code, name, direction }) => ({ code, name, direction }));
  return enabled.length > 0 ? enabled : INTERFACE_LANGUAGES;
}

/** docs/behaviour.md#points-name: the hotel may rename the points; the default name is 'GreenMiles' (also when the hotel call failed). */
export function pointsNameOf(hotel: HotelReply | null): string {
  return hotel?.hotel.hGreenMilesName || 'GreenMiles';
}

/**
 * The word for "hotel" by base language code, as hotel names start with it. Compared without case or accents,
 * so 'hotel' also covers Hôtel, HOTEL and the languages that write it the same way (de, es, it, nl, pt …).
 */
const HOTEL_WORDS: Record<string, readonly string[]> = {
  fr: ['hotel'],
  en: ['hotel'],
  ar: ['فندق'],
  de: ['hotel'],
  es: ['hotel'],
  it: ['hotel', 'albergo'],
  pt: ['hotel'],
  nl: ['hotel'],
  tr: ['otel'],
  ru: ['отель', 'гостиница'],
  el: ['ξενοδοχειο'],
  he: ['מלון'],
  fa: ['هتل'],
  ur: ['ہوٹل'],
};

/** The interface locales: the header's 'Hôtel {name}' template speaks one of them whatever the hotel's list. */
const INTERFACE_CODES = INTERFACE_LANGUAGES.map((language) => language.code);

function comparable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

function baseCode(code: string): string {
  return code.toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * Whether the hotel's name already starts with the word for hotel in one of its languages (any listed, its primary
 * one) or of the interface's: the header then shows the name alone instead of 'Hôtel Hôtel Les Tilleuls'.
 */
export function nameStartsWithHotelWord(name: string, hotel: HotelReply | null): boolean {
  const codes = [
    ...(hotel?.languagesSupported ?? []).map((language) => language.code),
    hotel?.primaryLanguage ?? '',
    ...INTERFACE_CODES,
  ];
  const words = new Set(codes.flatMap((code) => HOTEL_WORDS[baseCode(code)] ?? []));
  const start = comparable(name.trim());
  return [...words].some((word) => start.startsWith(word) && !/^[\p{L}\p{N}]/u.test(start.slice(word.length)));
}
