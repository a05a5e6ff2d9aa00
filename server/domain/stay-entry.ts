/**
 * A QR scan's stay creation answers everything the actions page opens with (docs/server.md#stay-creation): the stay,
 * its hotel and its actions list, so the guest's phone waits on one call instead of four in a row on a weak hotel
 * Wi-Fi (docs/performance.md#qr-scan-to-actions-round-trips).
 */
import type { CreatedStayReply } from '../../contract/schemas.ts';
import type { Store } from '../db/store.ts';
import { actionsOfStay } from './catalogue.ts';
import { hotelInfo } from './hotels.ts';
import { type CreateStayInput, createStay } from './stays.ts';

export interface EnterStayInput extends CreateStayInput {
  /** The language of the actions list; the hotel's primary language when absent. */
  lang?: string | undefined;
}

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
  const { created, answer } = await createStay(store, creation, now);
  const hotel = await hotelInfo(store, answer.stay.hId, emailEnabled);
  const listLanguage = lang ?? hotel.primaryLanguage;
  const actions = await actionsOfStay(
    store,
    { sUUID: answer.sUUID, profileUUID: answer.profileUUID, lang: listLanguage },
    now,
  );
  return { created, answer: { ...answer, hotel, lang: listLanguage, actions } };
}
