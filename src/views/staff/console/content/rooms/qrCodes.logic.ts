import { fromPromise } from 'xstate';
import { type PrintInput, qrCodesMachine, type RotateInput } from '../../../../../../machines/qrCodes.machine.ts';
import { getQrSheet, rotateHotelKey, rotateProofCodes, rotateRoomQr } from '../../../../../api/staffQrCodes.ts';
import { openPdf } from './openPdf.ts';

/** The file name of a sheet, when the browser downloads it instead of opening it. */
function sheetFileName({ hId, sheet }: PrintInput): string {
  const part = sheet.room ? `room-${sheet.room}` : sheet.proof ? `proof-${sheet.proof}` : 'all';
  return `greenmiles-qr-${hId}-${part}.pdf`;
}

/** The Rooms section's QR code machine with its real calls and the PDF opened in a new tab. */
export function qrCodesLogic() {
  return qrCodesMachine.provide({
    actors: {
      // What the new ids are, the editor reads back with the content.
      rotate: fromPromise(async ({ input }: { input: RotateInput }) => {
        const { hId, token, target } = input;
        if (target.kind === 'room') await rotateRoomQr(hId, token, target.number);
        else if (target.kind === 'proof') await rotateProofCodes(hId, token, target.action);
        else await rotateHotelKey(hId, token);
      }),
      printSheet: fromPromise(({ input }: { input: PrintInput }) =>
        openPdf(() => getQrSheet(input.hId, input.token, input.sheet), sheetFileName(input)),
      ),
    },
  });
}

export type QrCodesLogic = ReturnType<typeof qrCodesLogic>;
