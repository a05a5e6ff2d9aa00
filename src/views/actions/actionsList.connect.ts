import type { MessageDescriptor } from '@lingui/core';
import type { SnapshotFrom } from 'xstate';
import type { Action } from '../../../contract/schemas.ts';
import type { ActionsListEvent, actionsListMachine } from '../../../machines/actionsList.machine.ts';
import { type LanguageNoticeProps, languageNoticeOf } from '../../components/LanguageNotice.tsx';
import { dataStateOf } from '../binding/dataState.ts';
import { listedActions, progressOf } from './actionCardRules.ts';

type ListSnapshot = SnapshotFrom<typeof actionsListMachine>;

export interface ActionsListProps {
  root: { 'data-scope': 'actions-list'; 'data-state': ReturnType<typeof dataStateOf<ListSnapshot['value']>> };
  isLoading: boolean;
  /** Once loaded, the cards (actions without a type are skipped), each marked when its dialogs are open. */
  cards: Array<{ action: Action; selected: boolean }> | null;
  /** Once loaded, how many listed actions are completed, of how many. */
  progress: { done: number; total: number } | null;
  /** Shown when the list came from a fallback language: the requested and the shown codes (upper case). */
  languageNotice: LanguageNoticeProps | null;
  /** Translations missing in every language, with its retry. */
  failure: { message: MessageDescriptor; onRetry(): void } | null;
}

/** The actions list's props; `openedActionId` is the action whose launch runs (the root's launch child). */
export function connectActionsList(
  snapshot: ListSnapshot,
  send: (event: ActionsListEvent) => void,
  openedActionId: number | null,
): ActionsListProps {
  const { actions, language, shownLanguage, error } = snapshot.context;
  const ready = snapshot.matches('ready');
  const listed = ready ? listedActions(actions) : [];
  return {
    root: { 'data-scope': 'actions-list', 'data-state': dataStateOf(snapshot) },
    isLoading: snapshot.hasTag('loading'),
    cards: ready ? listed.map((action) => ({ action, selected: action.actId === openedActionId })) : null,
    progress: ready && listed.length > 0 ? progressOf(listed) : null,
    languageNotice: ready ? languageNoticeOf(language, shownLanguage) : null,
    failure:
      snapshot.matches('failed') && error ? { message: error, onRetry: () => send({ type: 'actions.retry' }) } : null,
  };
}
