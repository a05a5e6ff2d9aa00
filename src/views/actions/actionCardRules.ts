import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ACTION_TYPE_RULES,
  type ActionType,
  type CardLabel,
  FALLBACK_ACTION_TYPE,
  isActionType,
} from '../../../contract/action-types.ts';
import { answerStateOf } from '../../../contract/recorded-answers.ts';
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
const CHANGE_ANSWER = msg`Changer ma réponse`;
const CHANGE_NIGHTS = msg`Modifier mes nuits`;

/**
 * The card button's label by type and state (docs/behaviour.md#action-card): answered cards offer their details, one
 * whose points are still on offer its answer to change, an unavailable one the nights to change.
 */
export function actionButtonLabel(type: ActionType, state: CardState): MessageDescriptor {
  if (state === 'completed' || state === 'missed') return VIEW_DETAILS;
  if (state === 'declined') return CHANGE_ANSWER;
  if (state === 'unavailable') return CHANGE_NIGHTS;
  return LABELS[ACTION_TYPE_RULES[type].cardLabel];
}

/**
 * How a card looks (docs/behaviour.md#action-card), from the answer state of contract/recorded-answers.ts: open (its
 * points on offer), completed (done, its points earned), declined (answered without earning, the answer changeable:
 * its points still on offer), missed (answered without earning, for good: a wrong quiz answer), unavailable (a
 * gesture that needs a next day in a stay ending tomorrow, contract/launch-rules.ts).
 */
export type CardState = 'open' | 'completed' | 'declined' | 'missed' | 'unavailable';

const CARD_STATE_OF_ANSWER = {
  open: 'open',
  earned: 'completed',
  onOffer: 'declined',
  missed: 'missed',
} as const satisfies Record<ReturnType<typeof answerStateOf>, CardState>;

export function cardStateOf(action: Action, unavailable: boolean): CardState {
  if (unavailable) return 'unavailable';
  return CARD_STATE_OF_ANSWER[answerStateOf(action)];
}

/** The actions page's progress (docs/behaviour.md#actions-list): actions done and earned among the listed ones. */
export function progressOf(actions: Action[]): { done: number; total: number } {
  return {
    done: actions.filter((action) => cardStateOf(action, false) === 'completed').length,
    total: actions.length,
  };
}
