import { formatHotelTime } from '../../../i18n/hotelTime.ts';
import { useLanguage } from '../../../i18n/LanguageProvider.tsx';
import { StaffConsoleContext } from './StaffConsolePage.tsx';

/** The staff page's formatter of moments, in its hotel's time zone (from the hotel call) and language. */
export function useHotelTime(): (moment: string) => string {
  const { language } = useLanguage();
  const timeZone = StaffConsoleContext.useSelector((snapshot) => snapshot.context.hotel?.hotel.timeZone ?? 'UTC');
  return (moment) => formatHotelTime(moment, language, timeZone);
}
