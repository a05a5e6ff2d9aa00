import type {
  Action,
  CreatedStayReply,
  HotelReply,
  ReceiptEmailReply,
  Reward,
  Stay,
  StayReceiptReply,
  StayReply,
} from '../../contract/schemas.ts';
import { call, frontTokenHeaders, http } from './http.ts';

export interface StayRef {
  sUUID: string;
  profileUUID: string;
}

export const getStay = ({ sUUID, profileUUID }: StayRef): Promise<Stay> =>
  call(() =>
    http
      .get(`stays/${encodeURIComponent(sUUID)}`, { searchParams: { uuid: profileUUID } })
      .json<StayReply>()
      .then((reply) => reply.stay),
  );

export const getActions = ({ sUUID, profileUUID }: StayRef, lang: string): Promise<Action[]> =>
  call(() =>
    http
      .get(`stays/${encodeURIComponent(sUUID)}/actions`, { searchParams: { lang, uuid: profileUUID } })
      .json<Action[]>(),
  );

export const getRewards = ({ sUUID, profileUUID }: StayRef, lang: string): Promise<Reward[]> =>
  call(() =>
    http
      .get(`stays/${encodeURIComponent(sUUID)}/rewards`, { searchParams: { lang, uuid: profileUUID } })
      .json<Reward[]>(),
  );

export const getHotel = (hId: number, profileUUID: string | null): Promise<HotelReply> =>
  call(() =>
    http
      .get(`green/hotels/${hId}`, {
        searchParams: profileUUID ? { uuid: profileUUID } : {},
        headers: frontTokenHeaders(),
      })
      .json<HotelReply>(),
  );

/**
 * `key`: the hotel QR key of the scanned URL (docs/trust-model.md#hotel-key), null when it had none; `lang`: the
 * language of the actions list the answer holds (docs/server.md#stay-creation).
 */
export const createHotelStay = (
  hId: number,
  key: string | null,
  profileUUID: string,
  lang: string,
): Promise<CreatedStayReply> => {
  const path = `stays/hotel/${hId}/new`;
  // docs/behaviour.md#hotel-qr: an OPTIONS probe precedes the hotel stay creation; the creation does not wait for
  // its answer (one round trip less on a weak Wi-Fi), and its failure is nobody's concern.
  call(() => http(path, { method: 'options', retry: 0 })).catch(() => undefined);
  const json = key === null ? { profileUUID, lang } : { profileUUID, key, lang };
  return call(() => http.post(path, { json }).json<CreatedStayReply>());
};

/**
 * `qrId`: the scanned room QR id, which names the room and its hotel and is the proof of presence the server checks
 * (docs/trust-model.md#presence); one call instead of room info then creation (docs/behaviour.md#room-qr).
 */
export const createRoomStay = ({
  qrId,
  profileUUID,
  lang,
}: {
  qrId: string;
  profileUUID: string;
  lang: string;
}): Promise<CreatedStayReply> =>
  call(() =>
    http.post(`rooms/${encodeURIComponent(qrId)}/stays`, { json: { profileUUID, lang } }).json<CreatedStayReply>(),
  );

export const setStayEndDate = ({ sUUID, profileUUID }: StayRef, endDate: string): Promise<Stay> =>
  call(() =>
    http
      .put(`stays/${encodeURIComponent(sUUID)}/endDate`, { json: { endDate, uuid: profileUUID } })
      .json<StayReply>()
      .then((reply) => reply.stay),
  );

/** The stay's impact receipt, names and texts in `lang` (docs/behaviour.md#receipt). */
export const getReceipt = ({ sUUID, profileUUID }: StayRef, lang: string): Promise<StayReceiptReply> =>
  call(() =>
    http
      .get(`stays/${encodeURIComponent(sUUID)}/receipt`, { searchParams: { lang, uuid: profileUUID } })
      .json<StayReceiptReply>(),
  );

/** Where the browser downloads the receipt's one-page PDF. */
export const receiptPdfUrl = ({ sUUID, profileUUID }: StayRef, lang: string): string =>
  `/api/stays/${encodeURIComponent(sUUID)}/receipt.pdf?${new URLSearchParams({ lang, uuid: profileUUID })}`;

export const emailReceipt = (
  { sUUID, profileUUID }: StayRef,
  email: string,
  lang: string,
): Promise<ReceiptEmailReply> =>
  call(() =>
    http
      .post(`stays/${encodeURIComponent(sUUID)}/receipt/email`, { json: { uuid: profileUUID, email, lang } })
      .json<ReceiptEmailReply>(),
  );
