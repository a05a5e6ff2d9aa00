/**
 * The `data-state` attribute of a flow's root element (zag-style DOM contract): the machine's active state as a
 * dotted path (`active.modal`, `ready.reloading`), typed from the machine's own state values so a view cannot name
 * a state its machine does not have.
 */

/** Every dotted path of a state value: `'a' | 'b' | 'b.c'` for `'a' | { b: 'c' }`. */
export type StatePath<Value> = Value extends string
  ? Value
  : Value extends Record<string, unknown>
    ? { [Key in keyof Value & string]: Key | `${Key}.${StatePath<Value[Key]>}` }[keyof Value & string]
    : never;

/** The deepest active path of a snapshot's value (the first region of a parallel state). */
export function dataStateOf<Value>(snapshot: { value: Value }): StatePath<Value> {
  return pathOf(snapshot.value) as StatePath<Value>;
}

function pathOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const [key, child] = Object.entries(value)[0] ?? ['', undefined];
  const rest = pathOf(child);
  return rest ? `${key}.${rest}` : key;
}
