import type { AnyActorLogic } from 'xstate';

/**
 * Actor logic whose code is a lazy chunk, for a parent that invokes it only after a step that awaits `load()`
 * (so the chunk stays out of the first visit): `logic` stands for the loaded logic, which does the work.
 */
export function lazyLogic<Logic extends AnyActorLogic>(load: () => Promise<Logic>) {
  let loaded: Logic | undefined;
  function current(): Logic {
    if (!loaded) throw new Error('Lazy actor logic used before it loaded');
    return loaded;
  }
  const logic = new Proxy({} as Logic, {
    get(_, key) {
      const value: unknown = Reflect.get(current(), key);
      return typeof value === 'function' ? value.bind(current()) : value;
    },
    has: (_, key) => Reflect.has(current(), key),
  });
  return {
    logic,
    load: async (): Promise<void> => {
      loaded ??= await load();
    },
  };
}
