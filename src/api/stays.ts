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

export const createHotelStay = async (hId: number, profileUUID: string): Promise<CreatedStayReply> => {
  const path = `stays/hotel/${hId}/new`;
  // docs/behaviour.md#hotel-qr: an OPTIONS probe precedes the hotel stay creation.
  await call(() => http(path, { method: 'options', retry: 0 }));
  return call(() => http.post(path, { json: { profileUUID } }).json<CreatedStayReply>());
};

export const createRoomStay = (hId: number, rId: number, profileUUID: string): Promise<CreatedStayReply> =>
  call(() => http.post('stays/new', { json: { hId, rId, profileUUID } }).json<CreatedStayReply>());

export const getRoomInfo = (qrId: string): Promise<RoomInfoReply> =>
  call(() => http.get(`rooms/${encodeURIComponent(qrId)}/info`).json<RoomInfoReply>());

export const setStayEndDate = ({ sUUID, profileUUID }: StayRef, endDate: string): Promise<Stay> =>
  call(() =>
    http
      .put(`stays/${encodeURIComponent(sUUID)}/endDate`, { json: { endDate, uuid: profileUUID } })
      .json<StayReply>()
      .then((reply) => reply.stay),
  );
