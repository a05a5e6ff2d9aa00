/**
 * Departure day: a stay ends at its hotel's check-out time (hotel-local) on its end date, not at midnight.
 * Les Tilleuls checks out at 12:00 Europe/Paris (UTC+2 in June); the clock is moved across that hour.
 */
import { readFileSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { importContent, parseContent } from '../../server/content/import.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { actionOfType, newStay, submit, type TestStay } from './actions-support.ts';
import { credit, describeEachDialect, type Harness, rewardIdOf, terminateAsStaff } from './harness.ts';

const BEFORE_DEPARTURE = new Date('2026-06-10T10:00:00Z');
const DEPARTURE = '2026-06-12';
const EVE_OF_DEPARTURE = new Date('2026-06-11T20:00:00Z'); // 22:00 in Paris
const DEPARTURE_MORNING = new Date('2026-06-12T09:59:00Z'); // 11:59 in Paris
const CHECK_OUT = new Date('2026-06-12T10:00:00Z'); // 12:00 in Paris

async function stayLeavingOn(harness: Harness, endDate: string, hotelId = 1): Promise<TestStay> {
  harness.clock.current = BEFORE_DEPARTURE;
  const stay = await newStay(harness.app, harness.handle, hotelId);
  const response = await harness.app.inject({
    method: 'PUT',
    url: `/api/stays/${stay.sUUID}/endDate`,
    payload: { endDate, uuid: stay.profileUUID },
  });
  expect(response.statusCode).toBe(200);
  return stay;
}

async function stayAt(harness: Harness, stay: TestStay, now: Date) {
  harness.clock.current = now;
  const response = await harness.app.inject({ url: `/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}` });
  expect(response.statusCode).toBe(200);
  return response.json().stay as { status: string; remainingDays: number | null };
}

async function giftOf(harness: Harness, stay: TestStay): Promise<number> {
  await credit(harness, stay.sUUID, 100);
  return rewardIdOf(harness.handle, 1, 'local-gift');
}

function claim(harness: Harness, stay: TestStay, rewardId: number) {
  return harness.app.inject({
    method: 'POST',
    url: `/api/rewards/${rewardId}/claim`,
    payload: { sUUID: stay.sUUID, uuid: stay.profileUUID },
  });
}

describeEachDialect('departure day', (get) => {
  afterEach(() => {
    get().clock.current = null;
  });

  it('counts the started days left until check-out: 3, 2 on the eve, 1 on departure morning, 0 after', async () => {
    const h = get();
    const stay = await stayLeavingOn(h, DEPARTURE);
    expect(await stayAt(h, stay, BEFORE_DEPARTURE)).toMatchObject({ status: 'active', remainingDays: 3 });
    expect(await stayAt(h, stay, EVE_OF_DEPARTURE)).toMatchObject({ status: 'active', remainingDays: 2 });
    expect(await stayAt(h, stay, DEPARTURE_MORNING)).toMatchObject({ status: 'active', remainingDays: 1 });
    expect(await stayAt(h, stay, CHECK_OUT)).toMatchObject({ status: 'finished', remainingDays: 0 });
  });

  it('takes today as end date and stays active until check-out', async () => {
    const h = get();
    h.clock.current = DEPARTURE_MORNING;
    const stay = await newStay(h.app, h.handle);
    const response = await h.app.inject({
      method: 'PUT',
      url: `/api/stays/${stay.sUUID}/endDate`,
      payload: { endDate: DEPARTURE, uuid: stay.profileUUID },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().stay).toMatchObject({ status: 'active', remainingDays: 1, endDate: DEPARTURE });
  });

  it('accepts submissions on departure morning and refuses them (409) after check-out', async () => {
    const h = get();
    const stay = await stayLeavingOn(h, DEPARTURE);
    const action = await actionOfType(h.app, stay, 'YESNO');
    h.clock.current = DEPARTURE_MORNING;
    const morning = await submit(h.app, stay, action.actId, 'yesno', { response: true });
    expect(morning.statusCode).toBe(200);
    h.clock.current = CHECK_OUT;
    const afternoon = await submit(h.app, stay, action.actId, 'yesno', { response: false });
    expect(afternoon.statusCode).toBe(409);
    expect(afternoon.json().error).toBe('stay_finished');
  });

  it('claims rewards on departure morning and refuses claims (409) after check-out', async () => {
    const h = get();
    const early = await stayLeavingOn(h, DEPARTURE);
    const late = await stayLeavingOn(h, DEPARTURE);
    h.clock.current = DEPARTURE_MORNING;
    expect((await claim(h, early, await giftOf(h, early))).statusCode).toBe(200);
    h.clock.current = CHECK_OUT;
    const refused = await claim(h, late, await giftOf(h, late));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('stay_finished');
  });

  it('gives the same stay back on departure morning and after check-out until its last possible day, then a new one', async () => {
    const h = get();
    const stay = await stayLeavingOn(h, DEPARTURE);
    const scan = (now: Date) => {
      h.clock.current = now;
      return h.app.inject({
        method: 'POST',
        url: '/api/stays/hotel/1/new',
        payload: { profileUUID: stay.profileUUID },
      });
    };
    expect((await scan(DEPARTURE_MORNING)).json().sUUID).toBe(stay.sUUID);
    // docs/behaviour.md#taking-a-stay-back: created on the 10th, Les Tilleuls' stay can last until the 24th (14 nights).
    expect((await scan(CHECK_OUT)).json().sUUID).toBe(stay.sUUID);
    expect((await scan(new Date('2026-06-24T10:00:00Z'))).json().sUUID).not.toBe(stay.sUUID);
  });

  it('ends a terminated stay at once, even before its end date', async () => {
    const h = get();
    const stay = await stayLeavingOn(h, DEPARTURE);
    h.clock.current = EVE_OF_DEPARTURE;
    const response = await terminateAsStaff(h.app, stay.sUUID, stay.profileUUID);
    expect(response.json().stay).toMatchObject({ status: 'finished', remainingDays: 0 });
  });

  it("follows the content file's checkoutTime (the demo hotel set to 10:30)", async () => {
    const h = get();
    const demo = parse(readFileSync(SAMPLE_HOTEL_FILES[1] as string, 'utf8'));
    demo.hotel.checkoutTime = '10:30';
    await importContent(h.handle.db, parseContent(stringify(demo)));
    const stay = await stayLeavingOn(h, DEPARTURE, 2);
    expect(await stayAt(h, stay, new Date('2026-06-12T08:29:00Z'))).toMatchObject({ remainingDays: 1 });
    expect(await stayAt(h, stay, new Date('2026-06-12T08:30:00Z'))).toMatchObject({
      status: 'finished',
      remainingDays: 0,
    });
  });
});
