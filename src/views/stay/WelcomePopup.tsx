import { Trans, useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { welcomePopupMachine } from '../../../machines/welcomePopup.machine.ts';
import { LanguageMenu } from '../../components/LanguageMenu.tsx';
import { Sheet } from '../../components/Sheet.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { guestStorage } from '../../storage/guest-storage.ts';
import { hotelLanguageChoices, pointsNameOf } from './hotelLanguages.ts';
import { useStaySession } from './StaySession.tsx';
import './WelcomePopup.css';

/** SPEC.md §9: the app version label shown in the welcome popup. */
const VERSION_LABEL = 'v3.2.1';

export const WelcomePopupContext = createActorContext(welcomePopupMachine);

export interface WelcomePopupProps {
  /** True once the actions list has loaded (SPEC.md §4). */
  actionsLoaded: boolean;
  logic?: typeof welcomePopupMachine | undefined;
}

/** The once-per-device welcome dialog of the actions page. */
export function WelcomePopup({ actionsLoaded, logic = welcomePopupMachine }: WelcomePopupProps) {
  const providedLogic = useMemo(
    () => logic.provide({ actions: { rememberShown: () => guestStorage.set('welcomeShown', 'true') } }),
    [logic],
  );
  return (
    <WelcomePopupContext.Provider
      logic={providedLogic}
      options={{ input: { alreadyShown: guestStorage.get('welcomeShown') !== null } }}
    >
      <WelcomePopupView actionsLoaded={actionsLoaded} />
    </WelcomePopupContext.Provider>
  );
}

function WelcomePopupView({ actionsLoaded }: { actionsLoaded: boolean }) {
  const actor = WelcomePopupContext.useActorRef();
  const isOpen = WelcomePopupContext.useSelector((snapshot) => snapshot.matches('open'));
  const state = WelcomePopupContext.useSelector((snapshot) => String(snapshot.value));

  const isWaiting = state === 'waitingForActions';

  useEffect(() => {
    if (actionsLoaded && isWaiting) actor.send({ type: 'actions.loaded' });
  }, [actionsLoaded, isWaiting, actor]);

  return (
    <div data-scope="welcome-popup" data-state={state}>
      {isOpen && <WelcomeDialog onClose={() => actor.send({ type: 'welcome.close' })} />}
    </div>
  );
}

function WelcomeDialog({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const { hotel } = useStaySession();
  const { language, setLanguage } = useLanguage();
  const pointsName = pointsNameOf(hotel);

  return (
    <Sheet
      title={<Trans>Bienvenue sur GreenMiles !</Trans>}
      onClose={onClose}
      corner={<LanguageMenu languages={hotelLanguageChoices(hotel)} current={language} onSelect={setLanguage} />}
    >
      <p>
        <Trans>
          Gagnez des {pointsName} en réalisant des gestes éco-responsables pendant votre séjour, puis échangez-les
          contre des récompenses.
        </Trans>
      </p>
      <button type="button" className="button-primary welcome-popup__start" data-part="close" onClick={onClose}>
        {t`C'est parti !`}
      </button>
      <p className="welcome-popup__version" data-part="version">
        {VERSION_LABEL}
      </p>
    </Sheet>
  );
}
