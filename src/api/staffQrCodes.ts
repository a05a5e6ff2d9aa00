/**
 * The staff page's printed QR codes (docs/behaviour.md#rooms-and-qr-codes): a new id for a room's code, a new key for
 * the hotel's, new codes for a PROOF action, and the sheet to print, each with the manager's session token.
 */
import type {
  HotelKeyRotationReply,
  ProofCodesRotationReply,
  QrSheetQuery,
  RoomQrRotationReply,
} from '../../contract/schemas.ts';
import { call, http, staffSessionHeaders } from './http.ts';

/** The printed code of room `number` stops working at once; its new id is answered. */
export const rotateRoomQr = (hId: number, token: string, number: string): Promise<RoomQrRotationReply> =>
  call(() =>
    http
      .post(`staff/hotels/${hId}/rooms/${encodeURIComponent(number)}/qr-rotation`, {
        headers: staffSessionHeaders(token),
      })
      .json<RoomQrRotationReply>(),
  );

/** The hotel's printed code stops working at once; its new key is answered. */
export const rotateHotelKey = (hId: number, token: string): Promise<HotelKeyRotationReply> =>
  call(() =>
    http
      .post(`staff/hotels/${hId}/qr-key-rotation`, { headers: staffSessionHeaders(token) })
      .json<HotelKeyRotationReply>(),
  );

/** The printed codes of PROOF action `action` (its content key) stop working at once; the new ones are answered. */
export const rotateProofCodes = (hId: number, token: string, action: string): Promise<ProofCodesRotationReply> =>
  call(() =>
    http
      .post(`staff/hotels/${hId}/actions/${encodeURIComponent(action)}/proof-rotation`, {
        headers: staffSessionHeaders(token),
      })
      .json<ProofCodesRotationReply>(),
  );

/**
 * The sheet to print as a PDF: the whole hotel, one room's card (`room`) or one PROOF action's codes (`proof`). A
 * Blob, since the token goes in a header a plain link cannot send.
 */
export const getQrSheet = (hId: number, token: string, query: QrSheetQuery): Promise<Blob> =>
  call(() =>
    http
      .get(`staff/hotels/${hId}/qr-sheet.pdf`, {
        searchParams: { ...query },
        headers: staffSessionHeaders(token),
      })
      .blob(),
  );
