import { type ComponentType, lazy } from 'react';
import { ACTION_TYPE_RULES, ACTION_TYPES, type ActionModal } from '../../../../contract/action-types.ts';
import type { ActionModalProps } from './types.ts';

/**
 * A modal drawn from its machine's actor (FlowModalProps): the launch runs the machine of the same modal kind
 * (machines/actionModals.ts), so the host's `flow` is that machine's actor.
 */
function flowView<Props>(load: () => Promise<{ default: ComponentType<Props> }>): ComponentType<ActionModalProps> {
  return lazy(load) as unknown as ComponentType<ActionModalProps>;
}

/**
 * One view per modal kind of the contract (contract/action-types.ts `ActionModal`: a record over every kind, so a new
 * kind is asked for here), each its own lazy chunk so the actions list stays light on the first visit (the module's
 * default export).
 */
const MODAL_VIEWS: Record<ActionModal, ComponentType<ActionModalProps>> = {
  yesNo: flowView(() => import('./YesNoModal.tsx')),
  luniclean: flowView(() => import('./LunicleanModal.tsx')),
  lunishower: flowView(() => import('./LunishowerModal.tsx')),
  heating: flowView(() => import('./HeatingModal.tsx')),
  review: flowView(() => import('./ReviewModal.tsx')),
  custom: flowView(() => import('./CustomModal.tsx')),
  quiz: flowView(() => import('./QuizModal.tsx')),
  claim: flowView(() => import('./ClaimModal.tsx')),
  limeatInstructions: lazy(() => import('./LimeatInstructionsModal.tsx')),
  proofInstructions: lazy(() => import('./ProofInstructionsModal.tsx')),
};

/**
 * The modal of each actType (its registry entry's `modal`), plus `COMPLETED`: the read-only summary of a completed
 * action. An unknown type has none here: the action dialog host falls back to FALLBACK_ACTION_TYPE's modal.
 */
export const ACTION_MODALS: Partial<Record<string, ComponentType<ActionModalProps>>> = {
  ...Object.fromEntries(ACTION_TYPES.map((type) => [type, MODAL_VIEWS[ACTION_TYPE_RULES[type].modal]])),
  COMPLETED: lazy(() => import('./CompletedSummary.tsx')),
};
