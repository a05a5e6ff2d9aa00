import { fromPromise } from 'xstate';
import type { HotelReply, Stay } from '../../../contract/schemas.ts';
import { type LoadHotelInput, type LoadStayInput, staySessionMachine } from '../../../machines/staySession.machine.ts';
import { getHotel, getStay } from '../../api/stays.ts';

/** The stay session with its real calls; the view adds navigation and storage. */
export const staySessionLogic = staySessionMachine.provide({
  actors: {
    loadStay: fromPromise<Stay, LoadStayInput>(({ input }) => getStay(input)),
    loadHotel: fromPromise<HotelReply, LoadHotelInput>(({ input }) => getHotel(input.hId, input.profileUUID)),
  },
});
