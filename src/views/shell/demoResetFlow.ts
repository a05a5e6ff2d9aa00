import { lazyLogic } from '../binding/lazyLogic.ts';

/**
 * The demo reset's logic (machines/demoReset.machine.ts with its call), a lazy chunk: the reset panel loads it before
 * it shows (DemoResetSlot.tsx), so it is there whenever the panel asks the root to spawn it.
 */
export const demoResetFlow = lazyLogic(async () => (await import('./demoReset.logic.ts')).demoResetLogic);
