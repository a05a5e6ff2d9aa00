/**
 * Managing people (docs/behaviour.md#staff-accounts): a hotel's managers add staff accounts, rename them, change
 * their role, reset their PIN, disable and enable them. The server makes every PIN (shown once, stored as Argon2id);
 * a change that makes a session's rights wrong (disabled, new role, new PIN) ends that account's sessions at once.
 * Every change is one row of the audit trail, written in its own transaction.
 *
 * A hotel always keeps an enabled manager: the change that would remove the last one is refused (409 last_manager)
 * by a conditional UPDATE. Every change first holds the hotel's account rows, so on PostgreSQL the condition of
 * that UPDATE reads what the change before it committed (two managers demoting each other: the second finds itself
 * the last); on SQLite the write transaction already holds the database.
 */
import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type {
  StaffAccount,
  StaffAccountBody,
  StaffAccountChangeBody,
  StaffAccountParams,
  StaffAccountPinReply,
  StaffAccountsReply,
  StaffAuditKind,
} from '../../contract/schemas.ts';
import { signsInByPinAlone } from '../../contract/staff-roles.ts';
import { hashPin, verifyPin } from '../content/pin.ts';
import type { Database, StaffAccountsTable } from '../db/schema.ts';
import type { Store, WriteTransaction } from '../db/store.ts';
import { DomainError, notFound } from './errors.ts';
import { recordStaffAction, type StaffActor } from './staff-audit.ts';
import {
  endAccountStaffSessions,
  requireStaffOf,
  roleOf,
  type StaffSession,
  staffNameKey,
  tidyStaffName,
} from './staff-sessions.ts';

/** Digits of a PIN the server makes (a new account, a reset): MIN_STAFF_PIN_LENGTH's 6. */
export const GENERATED_PIN_DIGITS = 6;

const ACCOUNT_COLUMNS = ['id', 'name', 'role', 'enabled', 'created_at', 'updated_at'] as const;
type AccountRow = Pick<Selectable<StaffAccountsTable>, (typeof ACCOUNT_COLUMNS)[number]>;

function accountOf(row: AccountRow): StaffAccount {
  return {
    id: row.id,
    name: row.name,
    role: roleOf(row.role),
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const nameTaken = (name: string) =>
  new DomainError('conflict', 'staff_account_name_taken', `Another staff account of the hotel is named ${name}`);

const lastManager = () =>
  new DomainError('conflict', 'last_manager', 'The hotel would be left without an enabled manager');

/** GET /api/staff/hotels/{hId}/accounts: the hotel's accounts, by name. */
export async function listStaffAccounts(
  db: Kysely<Database>,
  session: StaffSession,
  hotelId: number,
): Promise<StaffAccountsReply> {
  requireStaffOf(session, hotelId);
  const rows = await db
    .selectFrom('staff_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('hotel_id', '=', hotelId)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
  return { accounts: rows.map(accountOf) };
}

/**
 * Six random digits that are not the PIN of an enabled account of the hotel that may reset a stay: PIN-only sign-in
 * (the guest page's long press) must find one account for a PIN. Checked against the accounts as they stand before
 * the change's transaction (the hashes run outside it, never holding the database).
 */
export async function newStaffPin(db: Kysely<Database>, hotelId: number, exceptAccountId?: number): Promise<string> {
  const accounts = await db
    .selectFrom('staff_accounts')
    .select(['id', 'role', 'pin_hash'])
    .where('hotel_id', '=', hotelId)
    .where('enabled', '=', 1)
    .execute();
  const pinOnly = accounts.filter((account) => account.id !== exceptAccountId && signsInByPinAlone(account.role));
  for (;;) {
    const pin = String(randomInt(0, 10 ** GENERATED_PIN_DIGITS)).padStart(GENERATED_PIN_DIGITS, '0');
    if (!(await isPinOfAny(pin, pinOnly))) return pin;
  }
}

/** One hash at a time: each holds 19 MiB and a thread of libuv's pool. */
async function isPinOfAny(pin: string, accounts: ReadonlyArray<{ pin_hash: string }>): Promise<boolean> {
  for (const account of accounts) if (await verifyPin(pin, account.pin_hash)) return true;
  return false;
}

/** Holds the hotel's account rows until the transaction ends: account changes of one hotel run one after another. */
async function holdHotelAccounts(tx: WriteTransaction, hotelId: number): Promise<void> {
  await tx
    .forUpdate(
      tx.db.selectFrom('staff_accounts').select('id').where('hotel_id', '=', hotelId).orderBy('id'),
      'staff_accounts',
    )
    .execute();
}

async function accountOfHotel(db: Kysely<Database>, hotelId: number, accountId: number): Promise<AccountRow> {
  const row = await db
    .selectFrom('staff_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('id', '=', accountId)
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
  if (!row) throw notFound('Staff account');
  return row;
}

async function nameIsFree(db: Kysely<Database>, hotelId: number, nameKey: string, exceptAccountId?: number) {
  let query = db
    .selectFrom('staff_accounts')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('name_key', '=', nameKey);
  if (exceptAccountId !== undefined) query = query.where('id', '!=', exceptAccountId);
  return (await query.executeTakeFirst()) === undefined;
}

/** A name as it is kept: trimmed, inner spaces single (sign-in also ignores case: `staffNameKey`). */
function tidyName(name: string): string {
  const tidy = tidyStaffName(name);
  if (tidy === '') throw new DomainError('bad_request', 'bad_request', 'A staff account needs a name');
  return tidy;
}

/** POST /api/staff/hotels/{hId}/accounts: `addStaffAccount` by a manager of the hotel. */
export async function addStaffAccountAsStaff(
  store: Store,
  session: StaffSession,
  hotelId: number,
  body: StaffAccountBody,
  now: Date,
): Promise<StaffAccountPinReply> {
  requireStaffOf(session, hotelId);
  return addStaffAccount(store, session, hotelId, body, now);
}

/**
 * A new enabled account with a PIN made by the server, answered once; by a manager, or by `npm run staff:add` (no
 * actor). 404 for an unknown hotel; 409 staff_account_name_taken when another account of the hotel has the name
 * (any case).
 */
export async function addStaffAccount(
  store: Store,
  actor: StaffActor,
  hotelId: number,
  body: StaffAccountBody,
  now: Date,
): Promise<StaffAccountPinReply> {
  const hotel = await store.db.selectFrom('hotels').select('id').where('id', '=', hotelId).executeTakeFirst();
  if (!hotel) throw notFound('Hotel');
  const name = tidyName(body.name);
  // Refused before the PIN is made, whose check hashes once per account: checked again, held, in the write.
  if (!(await nameIsFree(store.db, hotelId, staffNameKey(name)))) throw nameTaken(name);
  const pin = await newStaffPin(store.db, hotelId);
  const pinHash = await hashPin(pin);
  const at = now.toISOString();
  const row = await store.write(async (tx) => {
    await holdHotelAccounts(tx, hotelId);
    if (!(await nameIsFree(tx.db, hotelId, staffNameKey(name)))) throw nameTaken(name);
    const added = await tx.db
      .insertInto('staff_accounts')
      .values({
        hotel_id: hotelId,
        name,
        name_key: staffNameKey(name),
        role: body.role,
        pin_hash: pinHash,
        created_at: at,
        updated_at: at,
      })
      .returning(ACCOUNT_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordStaffAction(tx.db, {
      hotelId,
      kind: 'accountAdded',
      actor,
      at: now,
      targetAccountId: added.id,
      detail: `${added.name} (${added.role})`,
    });
    return added;
  });
  return { account: accountOf(row), pin };
}

/** The audit rows of a change: one per thing that changed. */
function changesOf(before: AccountRow, after: { name: string; role: string; enabled: number }) {
  const changes: Array<{ kind: StaffAuditKind; detail: string }> = [];
  if (after.name !== before.name) changes.push({ kind: 'accountRenamed', detail: `${before.name} → ${after.name}` });
  if (after.role !== before.role)
    changes.push({ kind: 'accountRoleChanged', detail: `${before.role} → ${after.role}` });
  if (after.enabled !== before.enabled)
    changes.push({ kind: after.enabled === 1 ? 'accountEnabled' : 'accountDisabled', detail: after.name });
  return changes;
}

/**
 * PATCH /api/staff/hotels/{hId}/accounts/{accountId}: rename, change the role, disable or enable. Disabling and a
 * new role end the account's sessions. 404 for an account of another hotel; 409 staff_account_name_taken; 409
 * last_manager when no other enabled manager would be left.
 */
export async function changeStaffAccount(
  store: Store,
  session: StaffSession,
  target: StaffAccountParams,
  change: StaffAccountChangeBody,
  now: Date,
): Promise<StaffAccount> {
  const { hId: hotelId, accountId } = target;
  requireStaffOf(session, hotelId);
  const name = change.name === undefined ? undefined : tidyName(change.name);
  const at = now.toISOString();
  return store.write(async (tx) => {
    await holdHotelAccounts(tx, hotelId);
    const before = await accountOfHotel(tx.db, hotelId, accountId);
    const after = {
      name: name ?? before.name,
      role: change.role ?? before.role,
      enabled: change.enabled === undefined ? before.enabled : change.enabled ? 1 : 0,
    };
    const changes = changesOf(before, after);
    if (changes.length === 0) return accountOf(before);
    if (after.name !== before.name && !(await nameIsFree(tx.db, hotelId, staffNameKey(after.name), accountId)))
      throw nameTaken(after.name);
    const stillManager = after.role === 'manager' && after.enabled === 1;
    let update = tx.db
      .updateTable('staff_accounts')
      .set({
        name: after.name,
        name_key: staffNameKey(after.name),
        role: after.role,
        enabled: after.enabled,
        updated_at: at,
      })
      .where('id', '=', accountId);
    // The last-manager rule, in the write itself: the account stays a manager, or another enabled manager remains.
    if (!stillManager)
      update = update.where((eb) =>
        eb.exists(
          eb
            .selectFrom('staff_accounts as other')
            .select('other.id')
            .where('other.hotel_id', '=', hotelId)
            .where('other.id', '!=', accountId)
            .where('other.role', '=', 'manager')
            .where('other.enabled', '=', 1),
        ),
      );
    const updated = await update.returning(ACCOUNT_COLUMNS).executeTakeFirst();
    if (!updated) throw lastManager();
    if (after.role !== before.role || after.enabled === 0) await endAccountStaffSessions(tx.db, accountId);
    for (const { kind, detail } of changes)
      await recordStaffAction(tx.db, {
        hotelId,
        kind,
        actor: session,
        at: now,
        targetAccountId: accountId,
        detail,
      });
    return accountOf(updated);
  });
}

/**
 * POST /api/staff/hotels/{hId}/accounts/{accountId}/pin-reset: a new PIN made by the server, answered once; the
 * account's sessions end (whoever knew the old PIN is out). 404 for an account of another hotel.
 */
export async function resetStaffAccountPin(
  store: Store,
  session: StaffSession,
  target: StaffAccountParams,
  now: Date,
): Promise<StaffAccountPinReply> {
  const { hId: hotelId, accountId } = target;
  requireStaffOf(session, hotelId);
  // Refused before the PIN is made, whose check hashes once per account.
  await accountOfHotel(store.db, hotelId, accountId);
  const pin = await newStaffPin(store.db, hotelId, accountId);
  const pinHash = await hashPin(pin);
  const row = await store.write(async (tx) => {
    await holdHotelAccounts(tx, hotelId);
    await accountOfHotel(tx.db, hotelId, accountId);
    const updated = await tx.db
      .updateTable('staff_accounts')
      .set({ pin_hash: pinHash, updated_at: now.toISOString() })
      .where('id', '=', accountId)
      .returning(ACCOUNT_COLUMNS)
      .executeTakeFirstOrThrow();
    await endAccountStaffSessions(tx.db, accountId);
    await recordStaffAction(tx.db, {
      hotelId,
      kind: 'accountPinReset',
      actor: session,
      at: now,
      targetAccountId: accountId,
      detail: updated.name,
    });
    return updated;
  });
  return { account: accountOf(row), pin };
}
