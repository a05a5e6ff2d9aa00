import { createActorContext, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { HotelReply, Stay } from '../../../contract/schemas.ts';
import { stayMachine } from '../../../machines/stay.machine.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';

/**
 * The stay page's root actor (machines/stay.machine.ts) and the hooks views use to reach it and its children.
 * Its own module, so the header, the popup and the pages import it without importing the stay frame.
 */
export const StayContext = createActorContext(stayMachine);

type StayChildren = ReturnType<ReturnType<typeof StayContext.useActorRef>['getSnapshot']>['children'];

/**
 * A child actor of the root by id (stable ref: views then select from it). The flows of a page exist while the
 * page is shown, so a missing child is a view mounted outside its page.
 */
export function useStayChild<Id extends keyof StayChildren>(id: Id): NonNullable<StayChildren[Id]> {
  const child = StayContext.useSelector((snapshot) => snapshot.children[id]);
  if (!child) throw new Error(`The ${String(id)} actor is not running`);
  return child as NonNullable<StayChildren[Id]>;
}

/** A child actor that runs only at times (the action launch), else undefined. */
export function useOptionalStayChild<Id extends keyof StayChildren>(id: Id): StayChildren[Id] {
  return StayContext.useSelector((snapshot) => snapshot.children[id]);
}

export interface StaySession {
  sUUID: string;
  profileUUID: string;
  stay: Stay;
  hotel: HotelReply | null;
  language: string;
}

/** The loaded stay session, for the pages rendered inside StayPage (and the action modals). */
export function useStaySession(): StaySession {
  const { language } = useLanguage();
  const context = useSelector(useStayChild('session'), (snapshot) => snapshot.context);
  const { stay, profileUUID } = context;
  if (!stay || !profileUUID) throw new Error('useStaySession is used before the stay is loaded');
  return useMemo(
    () => ({
      sUUID: context.sUUID,
      profileUUID,
      stay,
      hotel: context.hotel,
      language,
    }),
    [context.sUUID, profileUUID, stay, context.hotel, language],
  );
}

/** The language menu's choice: the interface follows it, and the page's lists reload in it. */
export function useSelectLanguage(): (language: string, direction?: 'rtl' | 'ltr') => void {
  const { setLanguage } = useLanguage();
  const stayActor = StayContext.useActorRef();
  return (language, direction) => {
    setLanguage(language, direction);
    stayActor.send({ type: 'language.change', language });
  };
}
