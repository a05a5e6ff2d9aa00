import { useMemo, useRef } from 'react';

/** A machine's `provide`, reduced to the part the views use: named implementations of actions or actors. */
interface ProvidableLogic<Logic, Implementations> {
  provide(implementations: Implementations): Logic;
}

type Callbacks = Record<string, (...args: never[]) => unknown>;

/**
 * `logic.provide({ actions: callbacks })` built once per `logic`, whose actions always call the latest `callbacks`:
 * the actor keeps its first implementations, while the view may pass new closures (navigation, storage, props) on
 * every render.
 */
export function useProvidedLogic<
  Logic extends ProvidableLogic<Logic, { actions: ActionCallbacks }>,
  ActionCallbacks extends Callbacks,
>(logic: Logic, actions: ActionCallbacks): Logic {
  const latest = useRef(actions);
  latest.current = actions;
  return useMemo(() => {
    const stable = Object.fromEntries(
      Object.keys(latest.current).map((name) => [
        name,
        (...args: never[]) => (latest.current[name] as (...callArgs: never[]) => unknown)(...args),
      ]),
    ) as ActionCallbacks;
    return logic.provide({ actions: stable });
  }, [logic]);
}
