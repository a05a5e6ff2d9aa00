import { fromPromise } from 'xstate';
import { type DemoResetInput, demoResetMachine } from '../../../machines/demoReset.machine.ts';
import { resetDemoStay } from '../../api/demo.ts';

/** The demo reset question with its real call (docs/behaviour.md#demo-reset); a lazy chunk (demoResetFlow.ts). */
export const demoResetLogic = demoResetMachine.provide({
  actors: {
    resetDemoStay: fromPromise(({ input }: { input: DemoResetInput }) => resetDemoStay(input)),
  },
});
