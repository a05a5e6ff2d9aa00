import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue } from 'react';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { Sheet } from '../../components/Sheet.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { hotelLanguageChoices, pointsNameOf } from './hotelLanguages.ts';
import { useSelectLanguage, useStayChild, useStaySession } from './stayActor.ts';
import { connectWelcomePopup } from './welcomePopup.connect.ts';
import './WelcomePopup.css';
import { useConnected } from '../binding/useConnected.ts';

/** docs/behaviour.md#welcome-popup: the app version label shown in the welcome popup. */
const VERSION_LABEL = 'v3.2.1';

/** The once-per-device welcome dialog of the actions page (the root opens it once the actions loaded). */
export function WelcomePopup() {
  const popup = useStayChild('welcomePopup');
  const { root, isOpen, onClose } = useConnected(popup, connectWelcomePopup);
  // Opened in a render of its own, after the page under it: on a first visit the page and its dialog in one commit
  // made one long task on a phone (the dialog's focus lays the whole new page out at once). Closed at once.
  const shown = useDeferredValue(isOpen, false) && isOpen;
  return <div {...root}>{shown && <WelcomeDialog onClose={onClose} />}</div>;
}

function WelcomeDialog({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const { language } = useLanguage();
  const selectLanguage = useSelectLanguage();
  const pointsName = pointsNameOf(hotel);

  return (
    <Sheet
      title={<Trans>Bienvenue sur GreenMiles !</Trans>}
      onClose={onClose}
      corner={<LanguageMenu languages={hotelLanguageChoices(hotel)} current={language} onSelect={selectLanguage} />}
    >
      <p>
        <Trans>
          Gagnez des {pointsName} pour les gestes que l'hôtel vous propose pendant votre séjour, puis échangez-les
          contre des récompenses.
        </Trans>
      </p>
      <button type="button" className="button-primary welcome-popup__start" data-part="close" onClick={onClose}>
        {t`C'est parti !`}
      </button>
      <p className="welcome-popup__version" data-part="version">
        {VERSION_LABEL}
      </p>
    </Sheet>
  );
}
