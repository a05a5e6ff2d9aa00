import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ACTION_TYPE_RULES,
  type ActionType,
  type CardLabel,
  FALLBACK_ACTION_TYPE,
  isActionType,
} from '../../../contract/action-types.ts';
import {
  cleaningDecisionOf,
  REWARDED_CLEANING_DECISION,
  rewardedYesNoAnswer,
  yesNoAnswerOf,
} from '../../../contract/recorded-answers.ts';
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
 * The card button's label by type and state (docs/behaviour.md#action-card): completed cards offer their details, a
 * declined one its answer to change, an unavailable one the nights to change.
 */
export function actionButtonLabel(type: ActionType, state: CardState): MessageDescriptor {
  if (state === 'completed') return VIEW_DETAILS;
  if (state === 'declined') return CHANGE_ANSWER;
  if (state === 'unavailable') return CHANGE_NIGHTS;
  return LABELS[ACTION_TYPE_RULES[type].cardLabel];
}

/**
 * How a card looks (docs/behaviour.md#action-card): open (its points on offer), completed (done, its points earned),
 * declined (answered without the rewarded answer: done for now, its points still on offer, the answer changeable),
 * unavailable (a per-night action with no night left, machines/actionLaunch.machine.ts `isNightActionUnavailable`).
 */
export type CardState = 'open' | 'completed' | 'declined' | 'unavailable';

/** The answer on record is known and not the one that earns the points, and the guest may still change it. */
function isDeclined(action: Action, type: ActionType): boolean {
  if (!ACTION_TYPE_RULES[type].editable) return false;
  if (ACTION_TYPE_RULES[type].modal === 'luniclean') {
    const decision = cleaningDecisionOf(action.response);
    return decision !== 'undecided' && decision !== REWARDED_CLEANING_DECISION;
  }
  const answer = yesNoAnswerOf(action.response);
  return answer !== 'none' && answer !== rewardedYesNoAnswer(action.actPositiveResponse);
}

export function cardStateOf(action: Action, unavailable: boolean): CardState {
  if (unavailable) return 'unavailable';
  if (!action.alreadyCompleted) return 'open';
  return isDeclined(action, cardTypeOf(action)) ? 'declined' : 'completed';
}

/** The actions page's progress (docs/behaviour.md#actions-list): completed actions among the listed ones. */
export function progressOf(actions: Action[]): { done: number; total: number } {
  return {
    done: actions.filter((action) => cardStateOf(action, false) === 'completed').length,
    total: actions.length,
  };
}
