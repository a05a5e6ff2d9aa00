import { fromPromise } from 'xstate';

/**
 * Defaults of the implementations a view provides (calls, browser effects, callbacks): machines stay pure, and a
 * view or test that forgets one fails loudly with its name instead of hanging or silently doing nothing.
 */

function notProvided(name: string): Error {
  return new Error(`${name} is provided by the view, and was not`);
}

/** A promise actor the view provides: until then it rejects, naming itself. */
export function viewProvidedActor<Output, Input>(name: string) {
  return fromPromise<Output, Input>(() => Promise.reject(notProvided(name)));
}

/** An action the view provides (with the `params` it is given, if any): until then it throws, naming itself. */
export function viewProvidedAction<Params = undefined>(name: string) {
  return (_: unknown, _params: Params): never => {
    throw notProvided(name);
  };
}

/**
 * A child machine whose code the view loads apart (a lazy chunk) and provides: typed as that machine, so the parent's
 * `children` and `input` stay checked; until provided it rejects, naming itself.
 */
export function viewProvidedMachine<Machine>(name: string): Machine {
  return viewProvidedActor<never, unknown>(name) as unknown as Machine;
}
