import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ACTION_TYPE_RULES,
  type ActionType,
  type CardLabel,
  FALLBACK_ACTION_TYPE,
  isActionType,
} from '../../../contract/action-types.ts';
import type { Action } from '../../../contract/schemas.ts';

/** docs/behaviour.md#actions-list: a type this client does not know is drawn as a review card. */
export function cardTypeOf(action: Action): ActionType {
  return isActionType(action.actType) ? action.actType : FALLBACK_ACTION_TYPE;
}

/** docs/behaviour.md#actions-list: actions without a type are skipped. */
export function listedActions(actions: Action[]): Action[] {
  return actions.filter((action) => Boolean(action.actType));
}

/** A completed card shows a pencil when its answer can be changed, else an eye. */
export function isEditableType(type: ActionType): boolean {
  return ACTION_TYPE_RULES[type].editable;
}

const LABELS: Record<CardLabel, MessageDescriptor> = {
  collect: msg`Collecter`,
  chooseAndCollect: msg`Choisir et collecter`,
  claim: msg`Réclamer`,
  discoverAndCollect: msg`Découvrir et collecter`,
};
const VIEW_DETAILS = msg`Voir les détails`;

/** The card button's label by type (docs/behaviour.md#action-card); completed cards offer their details. */
export function actionButtonLabel(type: ActionType, completed: boolean): MessageDescriptor {
  return completed ? VIEW_DETAILS : LABELS[ACTION_TYPE_RULES[type].cardLabel];
}
