import type {
  Action,
  CreatedStayReply,
  HotelReply,
  Reward,
  RoomInfoReply,
  Stay,
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

/** `key`: the hotel QR key of the scanned URL (docs/trust-model.md#hotel-key), null when it had none. */
export const createHotelStay = async (
  hId: number,
  key: string | null,
  profileUUID: string,
): Promise<CreatedStayReply> => {
  const path = `stays/hotel/${hId}/new`;
  // docs/behaviour.md#hotel-qr: an OPTIONS probe precedes the hotel stay creation.
  await call(() => http(path, { method: 'options', retry: 0 }));
  const json = key === null ? { profileUUID } : { profileUUID, key };
  return call(() => http.post(path, { json }).json<CreatedStayReply>());
};

/** `qrId`: the scanned room QR id, the proof of presence the server checks (docs/trust-model.md#presence). */
export const createRoomStay = (room: {
  hId: number;
  rId: number;
  qrId: string;
  profileUUID: string;
}): Promise<CreatedStayReply> => call(() => http.post('stays/new', { json: room }).json<CreatedStayReply>());

export const getRoomInfo = (qrId: string): Promise<RoomInfoReply> =>
  call(() => http.get(`rooms/${encodeURIComponent(qrId)}/info`).json<RoomInfoReply>());

export const setStayEndDate = ({ sUUID, profileUUID }: StayRef, endDate: string): Promise<Stay> =>
  call(() =>
    http
      .put(`stays/${encodeURIComponent(sUUID)}/endDate`, { json: { endDate, uuid: profileUUID } })
      .json<StayReply>()
      .then((reply) => reply.stay),
  );
