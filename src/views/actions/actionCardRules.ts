import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type ActionType, isActionType } from '../../api/action-types.ts';
import type { Action } from '../../api/contract.ts';

/** SPEC.md §2: a type this client does not know is drawn as a review card. */
export function cardTypeOf(action: Action): ActionType {
  return isActionType(action.actType) ? action.actType : 'REVIEW';
}

/** SPEC.md §2: actions without a type are skipped. */
export function listedActions(actions: Action[]): Action[] {
  return actions.filter((action) => Boolean(action.actType));
}

/** Completed skip-cleaning and yes/no cards show a pencil (the answer can be changed), the others an eye. */
export function isEditableType(type: ActionType): boolean {
  return type === 'LUNICLEAN' || type === 'YESNO' || type === 'YESNOSTAY' || type === 'YESNOMAIL';
}

const COLLECT = msg`Collecter`;
const CHOOSE_AND_COLLECT = msg`Choisir & collecter`;
const CLAIM = msg`Réclamer`;
const DISCOVER_AND_COLLECT = msg`Découvrir et collecter`;
const VIEW_DETAILS = msg`Voir les détails`;

const LABELS: Record<ActionType, MessageDescriptor> = {
  REVIEW: COLLECT,
  YESNO: COLLECT,
  YESNOSTAY: COLLECT,
  YESNOMAIL: COLLECT,
  LUNICLEAN: CHOOSE_AND_COLLECT,
  CLAIM,
  LUNISHOWER: DISCOVER_AND_COLLECT,
  HEATING: DISCOVER_AND_COLLECT,
  CUSTOM: DISCOVER_AND_COLLECT,
  QUIZ: DISCOVER_AND_COLLECT,
  LIMEAT: DISCOVER_AND_COLLECT,
  PROOF: DISCOVER_AND_COLLECT,
};

/** The card button's label by type (SPEC.md §2 "Action card"); completed cards offer their details. */
export function actionButtonLabel(type: ActionType, completed: boolean): MessageDescriptor {
  return completed ? VIEW_DETAILS : LABELS[type];
}
