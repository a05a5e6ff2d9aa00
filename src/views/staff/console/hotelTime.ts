import { interfaceLocaleFor } from '../../../../contract/locales.ts';
import { useLanguage } from '../../../i18n/LanguageProvider.tsx';
import { StaffConsoleContext } from './StaffConsolePage.tsx';

/**
 * A moment (ISO timestamp) as the hotel's clock reads it, in the interface language with Latin digits: staff read
 * the hotel's time whatever the device's zone (docs/behaviour.md#staff-page).
 */
export function formatHotelTime(moment: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(`${interfaceLocaleFor(language)}-u-nu-latn`, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(moment));
}

/** The staff page's formatter of moments, in its hotel's time zone (from the hotel call) and language. */
export function useHotelTime(): (moment: string) => string {
  const { language } = useLanguage();
  const timeZone = StaffConsoleContext.useSelector((snapshot) => snapshot.context.hotel?.hotel.timeZone ?? 'UTC');
  return (moment) => formatHotelTime(moment, language, timeZone);
}
