/**
 * The points ledger: every credit and debit is an immutable row; a stay's balance is their sum and
 * never goes below zero. An entry carries an idempotency key, so a repeated submission never counts twice.
 */
import { type Kysely, type QueryCreator, sql } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database, LedgerEntriesTable } from '../db/schema.ts';
import type { WriteTransaction } from '../db/store.ts';
import type { LedgerWriteKind } from '../metrics-recorder.ts';
import { DomainError } from './errors.ts';

export interface LedgerEntryInput {
  stayId: number;
  amount: number;
  reason: string;
  actionId?: number | null;
  rewardId?: number | null;
  nightId?: string | null;
  idempotencyKey: string;
}

export class InsufficientGreenMiles extends DomainError {
  constructor(balance: number, needed: number) {
    super('conflict', 'not_enough_greenmiles', `Not enough GreenMiles: balance ${balance}, needed ${needed}`);
    this.name = 'InsufficientGreenMiles';
  }
}

/** The sum of the stay's entries as one row `total` (a query to run or to nest); the balance is it, floored at 0. */
function ledgerTotalQuery(db: QueryCreator<Database>, stayId: number) {
  return db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('stay_id', '=', stayId);
}

export async function balanceOf(db: Kysely<Database>, stayId: number): Promise<number> {
  const [row] = await ledgerTotalRead(db, { stayId });
  return Math.max(0, Number(row?.total ?? 0));
}

const ledgerTotalRead = prepared((db, values: { stayId: number }) => ledgerTotalQuery(db, values.stayId));

/**
 * The points the stay's actions earned in all: the sum of its entries that are not reward claims (a changed
 * answer's reversal counts against them), never below zero. The balance is this minus the rewards claimed.
 */
export async function earnedOf(db: Kysely<Database>, stayId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('stay_id', '=', stayId)
    .where('reward_id', 'is', null)
    .executeTakeFirst();
  return Math.max(0, Number(row?.total ?? 0));
}

/**
 * Appends one entry. Call it inside the transaction that holds the stay's lock (stays.ts `lockOwnedStay`).
 * Returns `false` without writing when the idempotency key is already in the ledger; throws
 * InsufficientGreenMiles when a debit would take the balance below zero.
 *
 * The unique key decides in the INSERT itself (`ON CONFLICT DO NOTHING`), and a debit's INSERT carries the balance
 * condition; only a debit that wrote nothing looks again, to tell a repeated key from a refusal.
 */
export async function appendEntry(db: Kysely<Database>, entry: LedgerEntryInput, now: Date): Promise<boolean> {
  if (!Number.isInteger(entry.amount) || entry.amount === 0) throw new Error('A ledger amount is a non-zero integer');
  const row: LedgerRow = {
    stay_id: entry.stayId,
    amount: entry.amount,
    reason: entry.reason,
    action_id: entry.actionId ?? null,
    reward_id: entry.rewardId ?? null,
    night_id: entry.nightId ?? null,
    idempotency_key: entry.idempotencyKey,
    created_at: now.toISOString(),
  };
  const [inserted] = await (row.amount > 0 ? creditInsert(db, row) : debitInsert(db, row));
  if (inserted !== undefined) return true;
  // A credit that wrote nothing repeats a key; a debit may also have been refused by the balance.
  if (row.amount > 0) return false;
  const [repeated] = await keyRead(db, { idempotencyKey: row.idempotency_key });
  if (repeated) return false;
  throw new InsufficientGreenMiles(await balanceOf(db, row.stay_id), -row.amount);
}

/** appendEntry in the write transaction, counting the entry written in the metrics once the transaction commits. */
export async function appendEntryIn(
  transaction: WriteTransaction,
  entry: LedgerEntryInput,
  now: Date,
): Promise<boolean> {
  const written = await appendEntry(transaction.db, entry, now);
  if (written) transaction.metrics.ledgerWrite(ledgerWriteKind(entry), Math.abs(entry.amount));
  return written;
}

function ledgerWriteKind(entry: LedgerEntryInput): LedgerWriteKind {
  if (entry.amount > 0) return 'earned';
  return entry.rewardId == null ? 'reversed' : 'spent';
}

const LEDGER_COLUMNS = [
  'stay_id',
  'amount',
  'reason',
  'action_id',
  'reward_id',
  'night_id',
  'idempotency_key',
  'created_at',
] as const;

type LedgerRow = Pick<LedgerEntriesTable, (typeof LEDGER_COLUMNS)[number]>;

/** The columns of `values`, one by one (a prepared statement's placeholders cannot be spread). */
function columnsOf(values: LedgerRow): LedgerRow {
  return Object.fromEntries(LEDGER_COLUMNS.map((column) => [column, values[column]])) as LedgerRow;
}

/**
 * The INSERT of an entry, RETURNING its id when written: nothing when the key is already in the ledger, nor for a
 * debit that would take the balance below zero (checked in the INSERT itself). The shape depends on the direction,
 * not on the values: a prepared statement per direction.
 */
function entryInsert(db: QueryCreator<Database>, values: LedgerRow, direction: 'credit' | 'debit') {
  const insert = db.insertInto('ledger_entries');
  const written =
    direction === 'credit'
      ? insert.values(columnsOf(values))
      : insert
          .columns(LEDGER_COLUMNS)
          .expression(
            db
              .selectNoFrom((eb) => LEDGER_COLUMNS.map((column) => eb.val(values[column]).as(column)))
              .where(sql<boolean>`(${ledgerTotalQuery(db, values.stay_id)}) + ${values.amount} >= 0`),
          );
  return written.onConflict((oc) => oc.column('idempotency_key').doNothing()).returning('id');
}

const creditInsert = prepared((db, values: LedgerRow) => entryInsert(db, values, 'credit'));
const debitInsert = prepared((db, values: LedgerRow) => entryInsert(db, values, 'debit'));

const keyRead = prepared((db, values: { idempotencyKey: string }) =>
  db.selectFrom('ledger_entries').select('id').where('idempotency_key', '=', values.idempotencyKey),
);
