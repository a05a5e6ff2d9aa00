import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Stay } from '../../../contract/schemas.ts';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { StaffResetTitle } from '../staff/StaffResetTitle.tsx';
import { hotelLanguageChoices, nameStartsWithHotelWord, pointsNameOf } from './hotelLanguages.ts';
import { useSelectLanguage, useStaySession } from './stayActor.ts';
import './Header.css';

function guestFullName(stay: Stay): string {
  return [stay.profile.firstName, stay.profile.lastName]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();
}

/** The shared stay header (docs/behaviour.md#header-and-navigation): who the guest is (a long press opens the staff reset), the language picker and the points badge. */
export function Header() {
  const { t } = useLingui();
  const { sUUID, stay, hotel } = useStaySession();
  const { language } = useLanguage();
  const selectLanguage = useSelectLanguage();
  const fullName = guestFullName(stay);
  const roomNumber = stay.roomNb;
  const hotelName = hotel?.hotel.name ?? stay.hotelName;
  const hotelTitle = nameStartsWithHotelWord(hotelName, hotel) ? hotelName : t`Hôtel ${hotelName}`;
  const title = fullName || (roomNumber ? t`Chambre ${roomNumber}` : hotelTitle);
  const pointsName = pointsNameOf(hotel);
  const points = stay.greenMiles;

  return (
    <header className="stay-header" data-scope="stay-header">
      <StaffResetTitle title={title} />
      <div className="stay-header__tools">
        <LanguageMenu languages={hotelLanguageChoices(hotel)} current={language} onSelect={selectLanguage} />
        <Link
          to="/{-$mode}/rewards/$sUUID"
          params={{ sUUID }}
          className="stay-header__points"
          data-part="points"
          aria-label={t`${points} ${pointsName}, voir mes récompenses`}
        >
          <span className="stay-header__points-value">{points}</span>{' '}
          <span className="stay-header__points-name">{pointsName}</span>
        </Link>
      </div>
    </header>
  );
}
