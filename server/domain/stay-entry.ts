/**
 * A QR scan's stay creation answers everything the actions page opens with (docs/server.md#stay-creation): the stay,
 * its hotel and its actions list, so the guest's phone waits on one call instead of four in a row on a weak hotel
 * Wi-Fi (docs/performance.md#qr-scan-to-actions-round-trips).
 */
import type { CreatedStayReply } from '../../contract/schemas.ts';
import type { Store } from '../db/store.ts';
import { actionsOfStay } from './actions-list.ts';
import { hotelInfo } from './hotels.ts';
import {
  type CreateRoomQrStayInput,
  type CreateStayInput,
  type CreateStayResult,
  createRoomQrStay,
  createStay,
} from './stays.ts';

interface ListLanguage {
  /** The language of the actions list; the hotel's primary language when absent. */
  lang?: string | undefined;
}

export type EnterStayInput = CreateStayInput & ListLanguage;
export type EnterRoomQrStayInput = CreateRoomQrStayInput & ListLanguage;

export interface EnterStayResult {
  created: boolean;
  answer: CreatedStayReply;
}

/** Creates (or gives back) the stay, then reads its hotel and its actions list as their own calls answer them. */
export async function enterStay(
  store: Store,
  input: EnterStayInput,
  emailEnabled: boolean,
  now: Date,
): Promise<EnterStayResult> {
  const { lang, ...creation } = input;
  return withStayPage(store, await createStay(store, creation, now), { lang, emailEnabled, now });
}

/** enterStay for a room QR code scanned, from its id alone (docs/server.md#stay-creation). */
export async function enterRoomQrStay(
  store: Store,
  input: EnterRoomQrStayInput,
  emailEnabled: boolean,
  now: Date,
): Promise<EnterStayResult> {
  const { lang, ...creation } = input;
  return withStayPage(store, await createRoomQrStay(store, creation, now), { lang, emailEnabled, now });
}

async function withStayPage(
  store: Store,
  { created, answer }: CreateStayResult,
  { lang, emailEnabled, now }: ListLanguage & { emailEnabled: boolean; now: Date },
): Promise<EnterStayResult> {
  const hotel = await hotelInfo(store, answer.stay.hId, emailEnabled);
  const listLanguage = lang ?? hotel.primaryLanguage;
  const actions = await actionsOfStay(
    store,
    { sUUID: answer.sUUID, profileUUID: answer.profileUUID, lang: listLanguage },
    now,
  );
  return { created, answer: { ...answer, hotel, lang: listLanguage, actions } };
}
