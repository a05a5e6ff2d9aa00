import { fromPromise } from 'xstate';
import { type DemoResetInput, demoResetMachine } from '../../../machines/demoReset.machine.ts';

/** The demo reset with its real call, loaded with its first use (presenters only). */
export const demoResetLogic = demoResetMachine.provide({
  actors: {
    resetDemoStay: fromPromise(async ({ input }: { input: DemoResetInput }) =>
      (await import('../../api/demo.ts')).resetDemoStay(input),
    ),
  },
});
