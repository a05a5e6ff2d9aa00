import { fromPromise, type PromiseActorLogic } from 'xstate';
import type { actionsListMachine } from '../../machines/actionsList.machine.ts';
import type { demoResetMachine } from '../../machines/demoReset.machine.ts';
import { demoResetOverlayMachine } from '../../machines/demoResetOverlay.machine.ts';
import type { actionLaunchMachine } from '../../machines/dialogs/actionLaunch.machine.ts';
import type { actionOutcomeMachine } from '../../machines/dialogs/actionOutcome.machine.ts';
import type { rewardsListMachine } from '../../machines/rewardsList.machine.ts';
import type { staffResetMachine } from '../../machines/staffReset.machine.ts';
import { staffResetOverlayMachine } from '../../machines/staffResetOverlay.machine.ts';
import type { staySessionMachine } from '../../machines/staySession.machine.ts';
import type { toastMachine } from '../../machines/toast.machine.ts';
import type { welcomePopupMachine } from '../../machines/welcomePopup.machine.ts';
import { stayLogic } from '../../src/views/stay/stay.logic.ts';

/**
 * The stay page's actor tree as a test wants it: the root's logic (what `StayPage`, `ActionsPage` and `RewardsPage`
 * take as `logic`) with the children the test gives, each typed as the real one; the others stay the app's.
 */
export interface StayTreeParts {
  staySession?: typeof staySessionMachine;
  actionsList?: typeof actionsListMachine;
  welcomePopup?: typeof welcomePopupMachine;
  /** Loads the launch's code (the real one loads its lazy chunk). */
  prepareLaunch?: PromiseActorLogic<void, void>;
  actionLaunch?: typeof actionLaunchMachine;
  actionOutcome?: typeof actionOutcomeMachine;
  submissionToast?: typeof toastMachine;
  proofToast?: typeof toastMachine;
  rewardsList?: typeof rewardsListMachine;
  /** The staff reset's PIN dialog, run by its overlay once its code loaded. */
  staffReset?: typeof staffResetMachine;
  /** With `staffReset`: loads the PIN dialog's code after the long press (already loaded unless given). */
  prepareStaffReset?: PromiseActorLogic<void, void>;
  /** The demo reset's question, run by its overlay. */
  demoReset?: typeof demoResetMachine;
}

/** A lazy chunk already loaded: the step that awaits it ends at once. */
export const codeLoaded = fromPromise<void, void>(async () => {});

export function stayTreeLogic(parts: StayTreeParts, root: typeof stayLogic = stayLogic): typeof stayLogic {
  const { staffReset, prepareStaffReset = codeLoaded, demoReset, ...children } = parts;
  return root.provide({
    actors: {
      ...definedOnly(children),
      ...(staffReset && {
        staffResetOverlay: staffResetOverlayMachine.provide({
          actors: { prepareStaffReset, staffReset },
        }),
      }),
      ...(demoReset && { demoResetOverlay: demoResetOverlayMachine.provide({ actors: { demoReset } }) }),
    },
  });
}

/** The parts given (an undefined one would replace the app's child with nothing). */
function definedOnly<Parts extends object>(parts: Parts): Partial<Parts> {
  return Object.fromEntries(Object.entries(parts).filter(([, logic]) => logic !== undefined)) as Partial<Parts>;
}
