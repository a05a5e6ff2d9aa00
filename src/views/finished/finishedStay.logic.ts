import { fromPromise } from 'xstate';
import type { Stay } from '../../../contract/schemas.ts';
import { finishedStayMachine } from '../../../machines/finishedStay.machine.ts';
import type { LoadStayInput } from '../../../machines/staySession.machine.ts';
import { getStay } from '../../api/stays.ts';

/** The finished-stay check with its real call; the view adds navigation and storage. */
export const finishedStayLogic = finishedStayMachine.provide({
  actors: {
    loadStay: fromPromise<Stay, LoadStayInput>(({ input }) => getStay(input)),
  },
});
