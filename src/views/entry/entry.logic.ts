import { fromPromise } from 'xstate';
import { type CreatedStay, entryMachine, type QrScanRecord } from '../../../machines/entry.machine.ts';
import { registerQrScan } from '../../api/qr-scans.ts';
import { createHotelStay, createRoomStay } from '../../api/stays.ts';
import { guestStorage, rememberGuestStay } from '../../storage/guest-storage.ts';
import { handOverStay } from '../../storage/stay-handover.ts';

/**
 * The storage keys (docs/behaviour.md#browser-storage) written once a stay exists; stayInfo only when the room number
 * is known.
 */
export function rememberStay(stay: CreatedStay): void {
  rememberGuestStay(stay);
  if (stay.roomNumber) guestStorage.set('stayInfo', JSON.stringify({ roomNumber: stay.roomNumber }));
}

/** The scan record completed with what only the browser knows. */
export function withBrowserDetails(scan: QrScanRecord) {
  return { ...scan, userAgent: navigator.userAgent || null, referer: document.referrer || null };
}

/** The entry machine wired to the API and to browser storage; navigation is added by EntryPage. */
export const entryLogic = entryMachine.provide({
  actors: {
    createHotelStay: fromPromise(({ input }) => createHotelStay(input.hId, input.key, input.profileUUID, input.lang)),
    createRoomStay: fromPromise(({ input }) => createRoomStay(input)),
    registerQrScan: fromPromise(({ input }) => registerQrScan(withBrowserDetails(input))),
  },
  actions: {
    rememberStay: ({ context }) => {
      if (context.stay) rememberStay(context.stay);
    },
    handOverStay: ({ context }) => handOverStay(context.seed),
  },
});
