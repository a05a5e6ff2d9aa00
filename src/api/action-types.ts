/**
 * The action types of SPEC.md §1 and the rules on them that the server and the guest app must agree on.
 * Plain constants (no schema library), so the guest bundle can import them.
 */
export const ACTION_TYPES = [
  'LUNICLEAN',
  'LUNISHOWER',
  'HEATING',
  'YESNO',
  'YESNOSTAY',
  'YESNOMAIL',
  'REVIEW',
  'CUSTOM',
  'QUIZ',
  'LIMEAT',
  'CLAIM',
  'PROOF',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export function isActionType(value: string | null | undefined): value is ActionType {
  return (ACTION_TYPES as readonly string[]).includes(value ?? '');
}

/** SPEC.md §4 "Re-doing": a completed action can be done again only for these types. */
export const REDOABLE_ACTION_TYPES: ReadonlySet<string> = new Set<ActionType>([
  'LUNICLEAN',
  'YESNO',
  'YESNOMAIL',
  'YESNOSTAY',
  'LUNISHOWER',
  'LIMEAT',
  'HEATING',
]);

/** The optimal heating band, °C (SPEC.md §9: below 18 too low, above 22 too high). */
export const HEATING_OPTIMAL_MIN = 18;
export const HEATING_OPTIMAL_MAX = 22;
