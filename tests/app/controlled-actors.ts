import { fromPromise } from 'xstate';

/**
 * Promise actors whose settlement the test decides: a model-based path step
 * `xstate.done.actor.<id>` resolves the pending call of that actor, `xstate.error.actor.<id>` rejects it.
 * Each call is recorded with its input so the test can assert what the view asked for.
 */
export function controlledActors<const Names extends string>(names: readonly Names[]) {
  const pending = new Map<Names, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const calls: Array<{ name: Names; input: unknown }> = [];
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ name, input });
            pending.set(name, { resolve, reject });
          }),
      ),
    ]),
  ) as Record<Names, ReturnType<typeof fromPromise<unknown, unknown>>>;

  function settle(name: Names): { resolve: (value: unknown) => void; reject: (error: unknown) => void } {
    const call = pending.get(name);
    if (!call) throw new Error(`No pending call of actor "${name}"`);
    pending.delete(name);
    return call;
  }

  return {
    actors,
    calls,
    resolve: (name: Names, value: unknown) => settle(name).resolve(value),
    reject: (name: Names, error: unknown) => settle(name).reject(error),
    isPending: (name: Names) => pending.has(name),
  };
}
