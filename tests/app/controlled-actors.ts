import { type AnyStateMachine, fromPromise, type PromiseActorLogic } from 'xstate';

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

  /**
   * `machine` with its calls among these replaced by the controlled ones, typed as `machine` (the one place where
   * the controlled actors, which settle with whatever the test gives, stand for the machine's typed ones).
   */
  function provideTo<Machine extends AnyStateMachine>(machine: Machine): Machine {
    const own = Object.keys(machine.implementations.actors);
    const replaced = Object.fromEntries(Object.entries(actors).filter(([name]) => own.includes(name)));
    if (Object.keys(replaced).length === 0) throw new Error(`${machine.id} calls none of ${names.join(', ')}`);
    const provided: AnyStateMachine = machine.provide({ actors: replaced });
    return provided as Machine;
  }

  /** The controlled call `name` as the promise actor a machine declares for it. */
  function actorAs<Output, Input>(name: Names): PromiseActorLogic<Output, Input> {
    const actor: unknown = actors[name];
    return actor as PromiseActorLogic<Output, Input>;
  }

  return {
    actors,
    provideTo,
    actorAs,
    calls,
    resolve: (name: Names, value: unknown) => settle(name).resolve(value),
    reject: (name: Names, error: unknown) => settle(name).reject(error),
    isPending: (name: Names) => pending.has(name),
  };
}
