/**
 * Staff sessions (docs/behaviour.md#staff-accounts): the one way staff prove who they are. A staff account's personal
 * PIN opens a short-lived session of that account, whose random token staff calls send as
 * `Authorization: Bearer <token>`; the server keeps only the token's SHA-256. A session ends when it expires, when
 * its person signs out (here or everywhere), and when a manager disables the account or resets its PIN. What a
 * session may do is its account's role, read at every call: a role change applies at once. PIN attempts are
 * reserved before the PIN is hashed (domain/pin-attempts.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StaffSessionCurrentReply, StaffSessionReply } from '../../contract/schemas.ts';
import {
  isStaffRole,
  roleMay,
  type StaffPermission,
  type StaffRole,
  signsInByPinAlone,
} from '../../contract/staff-roles.ts';
import { hashPin, isCurrentPinHash, type PinChecker } from '../content/pin.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { DomainError, notFound } from './errors.ts';
import {
  countPinFailure,
  giveBackPinAttempt,
  type PinSender,
  type PinTarget,
  reservePinAttempt,
} from './pin-attempts.ts';
import { recordStaffAction } from './staff-audit.ts';

/** How long a staff session lasts. */
export const STAFF_SESSION_MINUTES = 15;

const MINUTE = 60 * 1000;

/** What a valid staff token grants: what its account's role may do at one hotel, until `expiresAt`. */
export interface StaffSession {
  /** The session's row: signing out ends this one. */
  id: number;
  hotelId: number;
  accountId: number;
  accountName: string;
  role: StaffRole;
  expiresAt: string;
}

export interface OpenStaffSessionInput extends PinSender {
  hotelId: number;
  pin: string;
  /** The account's name as typed; without it, the PIN of any enabled account that may reset a stay. */
  name?: string | undefined;
}

/** A name as sign-in matches it: trimmed, inner spaces single, any case. */
export function staffNameKey(name: string): string {
  return tidyStaffName(name).toLocaleLowerCase('en');
}

/** A name as it is kept: trimmed, inner spaces single. */
export function tidyStaffName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ');
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A role read from the database (written only from `StaffRole`s). */
export function roleOf(stored: string): StaffRole {
  if (!isStaffRole(stored)) throw new Error(`Unknown staff role in the database: ${stored}`);
  return stored;
}

interface Candidate {
  id: number;
  name: string;
  role: string;
  pin_hash: string;
}

/** The enabled accounts a sign-in's PIN is checked against: the one named, or those that may reset a stay. */
async function signInCandidates(db: Kysely<Database>, hotelId: number, name: string | undefined): Promise<Candidate[]> {
  const enabled = db
    .selectFrom('staff_accounts')
    .select(['id', 'name', 'role', 'pin_hash'])
    .where('hotel_id', '=', hotelId)
    .where('enabled', '=', 1)
    .orderBy('id');
  if (name !== undefined) return enabled.where('name_key', '=', staffNameKey(name)).execute();
  const accounts = await enabled.execute();
  return accounts.filter((account) => signsInByPinAlone(account.role));
}

let unknownNameHash: Promise<string> | null = null;
/** A hash to check a PIN against when the typed name is no account's: the refusal takes as long as a wrong PIN. */
function hashOfNoAccount(): Promise<string> {
  unknownNameHash ??= hashPin(randomBytes(16).toString('base64'));
  return unknownNameHash;
}

/** What checking a PIN against the candidates found: the account (or none), or a busy checker part-way. */
type PinMatch = { account: Candidate | null } | { busy: true; hashed: boolean };

/**
 * The first candidate whose PIN `pin` is. Without candidates a PIN is still hashed, so a name that is no account's
 * cannot be told from a wrong PIN. A busy checker stops the search: `hashed` says whether any hash ran before.
 */
async function matchingCandidate(
  checkPin: PinChecker,
  candidates: readonly Candidate[],
  pin: string,
): Promise<PinMatch> {
  if (candidates.length === 0) {
    const check = checkPin(pin, await hashOfNoAccount());
    if (!check) return { busy: true, hashed: false };
    await check;
    return { account: null };
  }
  for (const [index, candidate] of candidates.entries()) {
    const check = checkPin(pin, candidate.pin_hash);
    if (!check) return { busy: true, hashed: index > 0 };
    if (await check) return { account: candidate };
  }
  return { account: null };
}

/**
 * POST /api/staff/sessions: a new session of the account whose PIN `pin` is. 404 for an unknown hotel; 429
 * staff_pin_rate_limited when the sender has no attempt left (before any hash runs, so the right PIN is refused too
 * and guessing stops); 503 staff_pin_busy when this process has too many PIN checks queued (the attempt is given
 * back when none of its hashes ran); 403 staff_pin_invalid for a wrong PIN or a name that is no enabled account's (the attempt stays spent). A
 * right PIN gives its attempt back.
 */
export async function openStaffSession(
  store: Store,
  checkPin: PinChecker,
  input: OpenStaffSessionInput,
  now: Date,
): Promise<StaffSessionReply> {
  const hotel = await store.db.selectFrom('hotels').select('id').where('id', '=', input.hotelId).executeTakeFirst();
  if (!hotel) throw notFound('Hotel');
  const candidates = await signInCandidates(store.db, input.hotelId, input.name);
  const target: PinTarget = {
    hotelId: input.hotelId,
    nameKey: input.name === undefined ? null : staffNameKey(input.name),
  };
  const attempt = await store.write((tx) => reservePinAttempt(tx, target, input, now));
  const match = await matchingCandidate(checkPin, candidates, input.pin);
  if ('busy' in match) {
    // An attempt some of whose hashes ran stays spent: a busy checker is no way to guess for free.
    if (!match.hashed) await store.write((tx) => giveBackPinAttempt(tx, attempt));
    throw new DomainError('unavailable', 'staff_pin_busy', 'Too many staff PIN checks at once; try again', {
      retryAfterSeconds: 1,
    });
  }
  const matched = match.account;
  const opened = await store.write(async (tx) => {
    // Held, so a PIN reset or a disabling is before or after this whole step: a session of the old PIN opens only
    // before, and the change then ends it.
    const account =
      matched &&
      (await tx
        .forUpdate(
          tx.db.selectFrom('staff_accounts').select(['pin_hash', 'enabled', 'role']).where('id', '=', matched.id),
          'staff_accounts',
        )
        .executeTakeFirst());
    if (!matched || !account || account.pin_hash !== matched.pin_hash || account.enabled !== 1) {
      await countPinFailure(tx, target, input, now);
      // Only a refusal whose PIN was hashed is in the trail: a flood refused by the attempt limits adds no rows.
      await recordStaffAction(tx.db, {
        hotelId: input.hotelId,
        kind: 'signInFailed',
        actor: { accountId: null, accountName: input.name ?? null, role: null },
        at: now,
        targetAccountId: input.name === undefined ? null : (candidates[0]?.id ?? null),
        detail: input.clientAddress,
      });
      return null;
    }
    await giveBackPinAttempt(tx, attempt);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_MINUTES * MINUTE).toISOString();
    await tx.db
      .insertInto('staff_sessions')
      .values({
        token_hash: tokenHash(token),
        hotel_id: input.hotelId,
        account_id: matched.id,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      })
      .execute();
    // Housekeeping: expired sessions are of no use any more.
    await tx.db.deleteFrom('staff_sessions').where('expires_at', '<=', now.toISOString()).execute();
    const signedIn = { id: matched.id, name: matched.name, role: roleOf(account.role) };
    await recordStaffAction(tx.db, {
      hotelId: input.hotelId,
      kind: 'signIn',
      actor: { accountId: signedIn.id, accountName: signedIn.name, role: signedIn.role },
      at: now,
      detail: input.name === undefined ? 'PIN only' : null,
    });
    return { token, expiresAt, account: signedIn };
  });
  if (!opened) throw new DomainError('forbidden', 'staff_pin_invalid', 'Wrong staff PIN');
  if (matched && !isCurrentPinHash(matched.pin_hash)) await rehashPin(store, matched, input.pin);
  return opened;
}

/**
 * A PIN stored with a former scheme or weaker parameters (an account from before an upgrade) is stored anew with
 * today's, now that the right PIN is known; unless the PIN changed meanwhile.
 */
async function rehashPin(store: Store, account: Candidate, pin: string): Promise<void> {
  const fresh = await hashPin(pin);
  await store.write((tx) =>
    tx.db
      .updateTable('staff_accounts')
      .set({ pin_hash: fresh })
      .where('id', '=', account.id)
      .where('pin_hash', '=', account.pin_hash)
      .execute(),
  );
}

/** The audit row of a session's own sign-out. */
function recordSignOut(db: Kysely<Database>, session: StaffSession, kind: 'signOut' | 'signOutEverywhere', now: Date) {
  return recordStaffAction(db, {
    hotelId: session.hotelId,
    kind,
    actor: { accountId: session.accountId, accountName: session.accountName, role: session.role },
    at: now,
  });
}

/** DELETE /api/staff/sessions/current: the session ends now; its token is refused from then on. */
export async function endStaffSession(store: Store, session: StaffSession, now: Date): Promise<void> {
  await store.write(async (tx) => {
    await tx.db.deleteFrom('staff_sessions').where('id', '=', session.id).execute();
    await recordSignOut(tx.db, session, 'signOut', now);
  });
}

/** DELETE /api/staff/sessions/mine: every open session of the caller's account ends (sign out everywhere). */
export async function endOwnStaffSessions(store: Store, session: StaffSession, now: Date): Promise<void> {
  await store.write(async (tx) => {
    await endAccountStaffSessions(tx.db, session.accountId);
    await recordSignOut(tx.db, session, 'signOutEverywhere', now);
  });
}

/** Ends every open session of one account (disabled, or its PIN changed: whoever knew the old one is out). */
export async function endAccountStaffSessions(db: Kysely<Database>, accountId: number): Promise<void> {
  await db.deleteFrom('staff_sessions').where('account_id', '=', accountId).execute();
}

/** GET /api/staff/sessions/current: who the session is, as the account stands now. */
export function currentStaffSession(session: StaffSession): StaffSessionCurrentReply {
  return {
    expiresAt: session.expiresAt,
    account: { id: session.accountId, name: session.accountName, role: session.role },
  };
}

/** The session a bearer token opens: 401 staff_session_invalid when unknown, expired, or its account disabled. */
export async function staffSessionOf(db: Kysely<Database>, token: string, now: Date): Promise<StaffSession> {
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_accounts as a', 'a.id', 's.account_id')
    .select(['s.id', 's.hotel_id', 's.expires_at', 'a.id as account_id', 'a.name', 'a.role', 'a.enabled'])
    .where('s.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString() || row.enabled !== 1)
    throw new DomainError('unauthorized', 'staff_session_invalid', 'The staff session is unknown or has expired');
  return {
    id: row.id,
    hotelId: row.hotel_id,
    accountId: row.account_id,
    accountName: row.name,
    role: roleOf(row.role),
    expiresAt: row.expires_at,
  };
}

/** 403 staff_role_forbidden unless the session's role may do `permission` (contract/staff-roles.ts). */
export function requireStaffPermission(session: StaffSession, permission: StaffPermission): void {
  if (!roleMay(session.role, permission))
    throw new DomainError(
      'forbidden',
      'staff_role_forbidden',
      `The ${session.role} role may not do this (${permission})`,
    );
}

/** 403 staff_session_wrong_hotel unless the session is one of `hotelId`'s staff. */
export function requireStaffOf(session: StaffSession, hotelId: number): void {
  if (session.hotelId !== hotelId)
    throw new DomainError('forbidden', 'staff_session_wrong_hotel', "The staff session is another hotel's");
}
