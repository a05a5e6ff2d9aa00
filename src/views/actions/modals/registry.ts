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
  REVIEW: lazy(() => import('./ReviewModal.tsx')),
  CUSTOM: lazy(() => import('./CustomModal.tsx')),
  QUIZ: lazy(() => import('./QuizModal.tsx')),
  LUNISHOWER: lazy(() => import('./LunishowerModal.tsx')),
  HEATING: lazy(() => import('./HeatingModal.tsx')),
  CLAIM: lazy(() => import('./ClaimModal.tsx')),
  PROOF: lazy(() => import('./ProofInstructionsModal.tsx')),
  LIMEAT: lazy(() => import('./LimeatInstructionsModal.tsx')),
  COMPLETED: lazy(() => import('./CompletedSummary.tsx')),
};
