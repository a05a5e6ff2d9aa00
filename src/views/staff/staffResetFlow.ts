import { lazyLogic } from '../binding/lazyLogic.ts';

/**
 * The staff reset's PIN dialog logic (machines/staffReset.machine.ts with its calls), a lazy chunk the stay page's root
 * loads (`prepareStaffReset`) once the header title was pressed long enough, before it spawns the dialog.
 */
export const staffResetFlow = lazyLogic(async () => (await import('./staffReset.logic.ts')).staffResetLogic);
