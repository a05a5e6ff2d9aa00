import { type ComponentType, lazy } from 'react';
import type { ActionModalProps } from './types.ts';

/**
 * The modal of each actType (SPEC.md §2 "Modals by actType"), each its own lazy chunk so the actions list stays
 * light on the first visit: `YESNO: lazy(() => import('./YesNoModal.tsx'))` (the module's default export).
 * An unknown type falls back to the review modal; the modal layer only logs a warning.
 */
export const ACTION_MODALS: Partial<Record<string, ComponentType<ActionModalProps>>> = {
  YESNO: lazy(() => import('./YesNoModal.tsx')),
  YESNOMAIL: lazy(() => import('./YesNoModal.tsx')),
  YESNOSTAY: lazy(() => import('./YesNoModal.tsx')),
  LUNICLEAN: lazy(() => import('./LunicleanModal.tsx')),
};

export const FALLBACK_ACTION_TYPE = 'REVIEW';
