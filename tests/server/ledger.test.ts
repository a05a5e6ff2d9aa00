import { expect, it } from 'vitest';
import { appendEntry, balanceOf, InsufficientGreenMiles } from '../../server/domain/ledger.ts';
import { describeEachDialect, newHotelStay } from './harness.ts';

describeEachDialect('points ledger', (get) => {
  it('sums credits and debits, refuses a debit below zero, and never counts a key twice', async () => {
    const { app, handle } = get();
    const { db } = handle;
    const { sUUID } = await newHotelStay(app);
    const { id: stayId } = await db
      .selectFrom('stays')
      .select('id')
      .where('s_uuid', '=', sUUID)
      .executeTakeFirstOrThrow();
    const now = new Date();
    expect(await balanceOf(db, stayId)).toBe(0);
    await expect(
      appendEntry(db, { stayId, amount: -1, reason: 'claim', idempotencyKey: `${sUUID}:a` }, now),
    ).rejects.toBeInstanceOf(InsufficientGreenMiles);
    expect(await appendEntry(db, { stayId, amount: 30, reason: 'action', idempotencyKey: `${sUUID}:b` }, now)).toBe(
      true,
    );
    expect(await appendEntry(db, { stayId, amount: 30, reason: 'action', idempotencyKey: `${sUUID}:b` }, now)).toBe(
      false,
    );
    expect(await balanceOf(db, stayId)).toBe(30);
    expect(await appendEntry(db, { stayId, amount: -20, reason: 'claim', idempotencyKey: `${sUUID}:c` }, now)).toBe(
      true,
    );
    const refused = appendEntry(db, { stayId, amount: -11, reason: 'claim', idempotencyKey: `${sUUID}:d` }, now);
    await expect(refused).rejects.toThrow(/Not enough GreenMiles/);
    expect(await balanceOf(db, stayId)).toBe(10);
    expect(await appendEntry(db, { stayId, amount: -10, reason: 'claim', idempotencyKey: `${sUUID}:e` }, now)).toBe(
      true,
    );
    expect(await balanceOf(db, stayId)).toBe(0);
    const stay = (
      await app.inject({
        url: `/api/stays/${sUUID}?uuid=${(await db.selectFrom('stays').select('profile_uuid').where('id', '=', stayId).executeTakeFirstOrThrow()).profile_uuid}`,
      })
    ).json();
    expect(stay.stay.greenMiles).toBe(0);
  });

  it('keeps the ledger immutable under a repeated idempotency key at the database level', async () => {
    const { app, handle } = get();
    const { sUUID } = await newHotelStay(app);
    const { id: stayId } = await handle.db
      .selectFrom('stays')
      .select('id')
      .where('s_uuid', '=', sUUID)
      .executeTakeFirstOrThrow();
    const row = {
      stay_id: stayId,
      amount: 5,
      reason: 'x',
      idempotency_key: `${sUUID}:dup`,
      created_at: new Date().toISOString(),
    };
    await handle.db.insertInto('ledger_entries').values(row).execute();
    await expect(handle.db.insertInto('ledger_entries').values(row).execute()).rejects.toThrow();
  });
});
