import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { type ActorRefFrom, type AnyStateMachine, createActor, setup } from 'xstate';
import type { StaffSectionInput } from '../../machines/staffConsole.machine.ts';
import { LanguageProvider } from '../../src/i18n/LanguageProvider.tsx';

export const SECTION_INPUT: StaffSectionInput = { hId: 1, token: 'staff-token', timeZone: 'Europe/Paris' };

/**
 * A staff section machine run as the staff page runs it: the child `section` of a parent that, like the page, stops
 * showing it once told who is signed in was refused (`staffSession.expired`, `staffRole.forbidden`:
 * machines/staffRefusal.ts); its view rendered with the child's ref.
 */
export function renderStaffSection<Machine extends AnyStateMachine>(
  section: Machine,
  view: (actorRef: ActorRefFrom<Machine>) => ReactNode,
) {
  // The stand-in only starts the section and listens: any section machine will do.
  const anySection: AnyStateMachine = section;
  const host = setup({ actors: { section: anySection } }).createMachine({
    id: 'staffPageStandIn',
    initial: 'signedIn',
    states: {
      signedIn: {
        invoke: { id: 'section', src: 'section', input: SECTION_INPUT },
        on: { 'staffSession.expired': 'signedOut', 'staffRole.forbidden': 'roleRefused' },
      },
      signedOut: {},
      roleRefused: {},
    },
  });
  const page = createActor(host).start();
  const child = page.getSnapshot().children.section as ActorRefFrom<Machine>;
  render(<LanguageProvider>{view(child)}</LanguageProvider>);
  const user = userEvent.setup();
  return {
    user,
    /** What the section told the page: the session expired, the role may not, or nothing yet. */
    toldPage: () =>
      page.getSnapshot().matches('signedOut')
        ? ('expired' as const)
        : page.getSnapshot().matches('roleRefused')
          ? ('forbidden' as const)
          : null,
  };
}
