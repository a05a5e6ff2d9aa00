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
