import { fromPromise } from 'xstate';
import type { Action } from '../../../contract/schemas.ts';
import { actionsListMachine, type LoadActionsInput } from '../../../machines/actionsList.machine.ts';
import { getActions } from '../../api/stays.ts';

/** The actions list with its real call. */
export const actionsListLogic = actionsListMachine.provide({
  actors: {
    loadActions: fromPromise<Action[], LoadActionsInput>(({ input }) =>
      getActions({ sUUID: input.sUUID, profileUUID: input.profileUUID }, input.language),
    ),
  },
});
