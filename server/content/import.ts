/**
 * Imports one hotel content file into the database in a single transaction. Re-importing the same
 * hotel id replaces its content (languages, rooms, actions, rewards and their texts) and never touches
 * stays, completions, claims or the points ledger: actions and rewards keep their ids through their
 * `key`, and those that left the file are retired (`active = 0`) rather than deleted.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Kysely, Transaction } from 'kysely';
import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { ContentVersionKind } from '../../contract/content-editor.ts';
import {
  type ActionEntry,
  DEFAULT_CHECKOUT_TIME,
  DEFAULT_MAX_STAY_NIGHTS,
  DEFAULT_REPORT_HOUR,
  DEFAULT_ROOM_CAPACITY,
  type HotelContentFile,
  type MenuDish,
  type RewardEntry,
  type RoomEntry,
} from '../../contract/hotel-content-file.ts';
import type { StaffAuditKind } from '../../contract/schemas.ts';
import type { StaffRole } from '../../contract/staff-roles.ts';
import { FIRST_MANAGER_NAME } from '../db/migration-staff-accounts.ts';
import type { Database } from '../db/schema.ts';
import { DEFAULT_MAX_CLAIMS_PER_ROOM_NIGHT, DEFAULT_MAX_POOL_CODES_PER_DAY } from '../domain/caps.ts';
import { DomainError } from '../domain/errors.ts';
import { randomQrId } from '../domain/qr-codes.ts';
import { recordStaffAction, SERVER_COMMAND, type StaffActor } from '../domain/staff-audit.ts';
import { staffNameKey, tidyStaffName } from '../domain/staff-sessions.ts';
import { exportContent } from './export.ts';
import { hashPin } from './pin.ts';
import { storedPartner } from './reward-partner.ts';
import { ContentError, type FieldPath, type LineOf, validateContent } from './validate.ts';

type Tx = Transaction<Database>;

export interface ImportSummary {
  hotelId: number;
  name: string;
  languages: number;
  rooms: number;
  actions: number;
  rewards: number;
  /** The QR ids this import generated (they must be printed): `npm run hotel:import` lists them. */
  generated: GeneratedQrIds;
}

export interface GeneratedQrIds {
  hotelKey: string | null;
  rooms: Array<{ number: string; qrId: string }>;
  proofs: Array<{ actionId: number; actionKey: string; qrIds: string[] }>;
}

const RTL_PREFIXES = ['ar', 'he', 'fa', 'ur'];

/**
 * Parses YAML text and validates it; throws ContentError naming the bad field and its line (or the YAML error). Its
 * warnings, each with its line, go to `warn`.
 */
export function parseContent(text: string, source = 'content', warn?: (warning: string) => void): HotelContentFile {
  const { value, lineOf } = readYaml(text, source);
  return validateContent(value, source, lineOf, warn);
}

/** The value of YAML text and where each field is in it; throws ContentError for text that is not YAML. */
export function readYaml(text: string, source = 'content'): { value: unknown; lineOf: LineOf } {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const [syntaxError] = document.errors;
  if (syntaxError) {
    const at = syntaxError.linePos?.[0];
    const where = at ? `line ${at.line}, column ${at.col}` : 'YAML';
    throw new ContentError(source, [`${where}: ${syntaxError.message.split('\n')[0]}`]);
  }
  // The line of a field's key (an item's first line in a list), or of its nearest parent present in the file.
  const lineOf = (path: FieldPath): number | undefined => {
    let node: unknown = document.contents;
    let offset = isNode(node) ? node.range?.[0] : undefined;
    for (const part of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && item.key.value === part);
        if (!pair) break;
        offset = isNode(pair.key) ? (pair.key.range?.[0] ?? offset) : offset;
        node = pair.value;
      } else if (isSeq(node) && typeof part === 'number' && isNode(node.items[part])) {
        node = node.items[part];
        offset = isNode(node) ? (node.range?.[0] ?? offset) : offset;
      } else break;
    }
    return offset === undefined ? undefined : lineCounter.linePos(offset).line;
  };
  let value: unknown;
  try {
    value = document.toJS();
  } catch (error) {
    // Aliases that would expand past the library's limit (a "billion laughs" file).
    throw new ContentError(source, [`YAML: ${error instanceof Error ? error.message : String(error)}`]);
  }
  const problem = valueProblem(value);
  if (problem) throw new ContentError(source, [`YAML: ${problem}`]);
  return { value, lineOf };
}

/**
 * What no content file means anything by, and a JSON body cannot hold: a value that holds itself (an alias inside its
 * own anchor), a NUL character in a text (a `\0` escape; PostgreSQL cannot store one), or a value of a YAML type
 * other than maps, lists and scalars (`!!set`, `!!omap`, `!!binary`, a YAML 1.1 timestamp), which the validator would
 * not see into.
 */
function valueProblem(value: unknown, ancestors = new Set<object>()): string | null {
  if (typeof value === 'string') return value.includes('\0') ? 'a text holds a NUL character' : null;
  if (typeof value !== 'object' || value === null) return null;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== Array.prototype)
    return 'a value of a YAML type other than a map, a list, a text, a number, yes/no or nothing';
  if (ancestors.has(value)) return 'an alias is inside its own anchor';
  ancestors.add(value);
  let problem: string | null = null;
  for (const [key, child] of Object.entries(value)) {
    problem = valueProblem(key, ancestors) ?? valueProblem(child, ancestors);
    if (problem) break;
  }
  ancestors.delete(value);
  return problem;
}

/** Reads and validates a content file; a file that cannot be read is a one-line ContentError. */
export async function readContentFile(path: string, warn?: (warning: string) => void): Promise<HotelContentFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ContentError(path, [], code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? error})`);
  }
  return parseContent(text, path, warn);
}

/** An account a content file makes, its PIN hashed before the import's transaction (Argon2 never holds it). */
interface NewStaffAccount {
  name: string;
  role: StaffRole;
  enabled: boolean;
  pinHash: string;
}

/**
 * The accounts of the file the hotel does not have yet (by name, any case; docs/behaviour.md#staff-accounts): a file
 * makes accounts, the staff page manages them, so a re-import never undoes a PIN reset, a role change or a disabling
 * made there. A legacy `hotel.staffPin` is the PIN of a first manager, 'Manager', made only for a hotel without any
 * account.
 */
async function newStaffAccounts(db: Kysely<Database>, file: HotelContentFile): Promise<NewStaffAccount[]> {
  const existing = await db
    .selectFrom('staff_accounts')
    .select('name_key')
    .where('hotel_id', '=', file.hotel.id)
    .execute();
  const known = new Set(existing.map((account) => account.name_key));
  const { staffPin } = file.hotel;
  const declared =
    staffPin !== undefined
      ? known.size === 0
        ? [{ name: FIRST_MANAGER_NAME, role: 'manager' as const, pin: staffPin }]
        : []
      : (file.staff ?? []).filter((entry) => !known.has(staffNameKey(entry.name)));
  return Promise.all(
    declared.map(async (entry) => ({
      name: tidyStaffName(entry.name),
      role: entry.role,
      enabled: 'enabled' in entry ? entry.enabled !== false : true,
      pinHash: 'pinHash' in entry && entry.pinHash !== undefined ? entry.pinHash : await hashPin(entry.pin ?? ''),
    })),
  );
}

/** Makes the new accounts, each in the trail; a name the staff page took meanwhile keeps its account. */
async function writeNewStaff(
  tx: Kysely<Database>,
  hotelId: number,
  accounts: NewStaffAccount[],
  at: Date,
  source: string,
): Promise<void> {
  const now = at.toISOString();
  for (const account of accounts) {
    const added = await tx
      .insertInto('staff_accounts')
      .values({
        hotel_id: hotelId,
        name: account.name,
        name_key: staffNameKey(account.name),
        role: account.role,
        pin_hash: account.pinHash,
        enabled: account.enabled ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['hotel_id', 'name_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (added)
      await recordStaffAction(tx, {
        hotelId,
        kind: 'accountAdded',
        actor: SERVER_COMMAND,
        at,
        targetAccountId: added.id,
        detail: `${account.name} (${account.role}), ${source}`,
      });
  }
}

/** A hotel keeps an enabled manager (docs/behaviour.md#staff-accounts): the import that would leave none is refused. */
async function requireManager(tx: Kysely<Database>, hotelId: number): Promise<void> {
  const manager = await tx
    .selectFrom('staff_accounts')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('role', '=', 'manager')
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!manager)
    throw new ContentError(`hotel ${hotelId}`, [
      'staff: the hotel would have no enabled manager; declare one in staff (role: manager), or add one with npm run staff:add',
    ]);
}

/**
 * Imports `file`; the audit trail records it as a server command, `source` (the file's name) saying what was
 * imported.
 */
export async function importContent(
  db: Kysely<Database>,
  file: HotelContentFile,
  source = 'hotel:import',
  writer: ContentWriter = { actor: SERVER_COMMAND, kind: 'imported' },
): Promise<ImportSummary> {
  const at = writer.at ?? new Date();
  const now = at.toISOString();
  const newStaff = await newStaffAccounts(db, file);
  return db.transaction().execute(async (tx) => {
    const h = file.hotel;
    const contentVersion = randomUUID();
    if (writer.baseVersion !== undefined) await claimContentVersion(tx, h.id, writer.baseVersion, contentVersion);
    await keepBaseline(tx, h.id);
    const generated: GeneratedQrIds = { hotelKey: null, rooms: [], proofs: [] };
    const hotelKey = await hotelKeyAtImport(tx, file);
    if (hotelKey.fresh) generated.hotelKey = hotelKey.qr_key;
    const hotelRow = {
      name: h.name,
      is_demo: h.isDemo ? 1 : 0,
      green_miles_name: h.greenMilesName ?? 'GreenMiles',
      time_zone: h.timeZone,
      checkout_time: h.checkoutTime ?? DEFAULT_CHECKOUT_TIME,
      report_email: h.reportEmail ?? null,
      report_hour: h.reportHour ?? DEFAULT_REPORT_HOUR,
      code_prefix: h.codePrefix ?? null,
      max_claims_per_room_night: h.maxClaimsPerRoomNight ?? DEFAULT_MAX_CLAIMS_PER_ROOM_NIGHT,
      max_pool_codes_per_day: h.maxPoolCodesPerDay ?? DEFAULT_MAX_POOL_CODES_PER_DAY,
      content_version: contentVersion,
      updated_at: now,
      qr_key: hotelKey.qr_key,
      qr_key_generated: hotelKey.qr_key_generated,
      hotel_qr_entry: h.hotelQrEntry ?? (h.isDemo ? 'open' : 'key'),
      max_stay_nights: h.maxStayNights ?? DEFAULT_MAX_STAY_NIGHTS,
      room_capacity: h.roomCapacity ?? DEFAULT_ROOM_CAPACITY,
    };
    await tx
      .insertInto('hotels')
      .values({ id: h.id, ...hotelRow })
      .onConflict((oc) => oc.column('id').doUpdateSet(hotelRow))
      .execute();
    await writeNewStaff(tx, h.id, newStaff, at, source);
    await requireManager(tx, h.id);
    await recordStaffAction(tx, {
      hotelId: h.id,
      kind: AUDIT_KIND_OF[writer.kind],
      actor: writer.actor,
      at,
      detail: writer.restoredFrom !== undefined ? `${source}, version ${writer.restoredFrom}` : source,
    });

    await tx.deleteFrom('hotel_languages').where('hotel_id', '=', h.id).execute();
    await tx
      .insertInto('hotel_languages')
      .values(
        file.languages.map((l) => ({
          hotel_id: h.id,
          code: l.code,
          name: l.name,
          enabled: l.enabled ? 1 : 0,
          direction: l.direction ?? (RTL_PREFIXES.some((p) => l.code.startsWith(p)) ? 'rtl' : 'ltr'),
          flag_url: l.flagUrl ?? null,
          is_primary: l.isPrimary ? 1 : 0,
          position: l.position,
        })),
      )
      .execute();

    await importRooms(tx, file, generated);
    const actionIds = await importActions(tx, h.id, file.actions ?? [], h.rotateQrIds === true, generated);
    const rewardIds = await importRewards(tx, h.id, file.rewards ?? []);
    await importMenu(tx, h.id, file.menu ?? []);
    await importImpactFactors(tx, h.id, file.impactFactors);
    await keepContentVersion(tx, h.id, contentVersion, writer, at);
    return {
      hotelId: h.id,
      name: h.name,
      languages: file.languages.length,
      rooms: (file.rooms ?? []).length,
      actions: actionIds.length,
      rewards: rewardIds.length,
      generated,
    };
  });
}

/** Who writes the content and how: a command imports a file, a manager saves or restores on the staff page. */
export interface ContentWriter {
  actor: StaffActor;
  kind: ContentVersionKind;
  /** The content version the writer read: the write is refused if another was saved since. */
  baseVersion?: string;
  /** A restore: the number of the version it brings back. */
  restoredFrom?: number;
  at?: Date;
}

const AUDIT_KIND_OF: Record<ContentVersionKind, StaffAuditKind> = {
  imported: 'contentImported',
  saved: 'contentSaved',
  restored: 'contentRestored',
};

/**
 * docs/behaviour.md#content-editor: two managers saving from one version, the second is refused (409) rather than
 * overwriting the first. The conditional update settles the race: on PostgreSQL it holds the hotel's row until commit.
 */
async function claimContentVersion(tx: Tx, hotelId: number, baseVersion: string, next: string): Promise<void> {
  const claimed = await tx
    .updateTable('hotels')
    .set({ content_version: next })
    .where('id', '=', hotelId)
    .where('content_version', '=', baseVersion)
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n)
    throw new DomainError(
      'conflict',
      'content_version_conflict',
      'The content was changed since it was opened: reload it to see the other change',
    );
}

/**
 * A hotel imported before the history existed (migration 0021) has no version yet: its content as it was becomes
 * version 1, so the first change made afterwards can be compared with it and undone.
 */
async function keepBaseline(tx: Tx, hotelId: number): Promise<void> {
  const hotel = await tx
    .selectFrom('hotels')
    .select(['content_version', 'updated_at'])
    .where('id', '=', hotelId)
    .executeTakeFirst();
  if (!hotel) return;
  const kept = await tx
    .selectFrom('content_versions')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .limit(1)
    .executeTakeFirst();
  if (kept) return;
  await tx
    .insertInto('content_versions')
    .values({
      hotel_id: hotelId,
      number: 1,
      content_version: hotel.content_version,
      document: JSON.stringify(await exportContent(tx, hotelId)),
      kind: 'imported',
      account_id: null,
      actor_name: null,
      saved_at: hotel.updated_at,
      restored_from: null,
    })
    .execute();
}

/**
 * The content just written, as the history keeps it (docs/behaviour.md#content-history): numbered per hotel; a write
 * that changed nothing (a server start importing the samples again) adds no version.
 */
async function keepContentVersion(tx: Tx, hotelId: number, contentVersion: string, writer: ContentWriter, at: Date) {
  const document = JSON.stringify(await exportContent(tx, hotelId));
  const last = await tx
    .selectFrom('content_versions')
    .select(['number', 'document'])
    .where('hotel_id', '=', hotelId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last?.document === document && writer.kind === 'imported') return;
  await tx
    .insertInto('content_versions')
    .values({
      hotel_id: hotelId,
      number: (last?.number ?? 0) + 1,
      content_version: contentVersion,
      document,
      kind: writer.kind,
      account_id: writer.actor.accountId,
      actor_name: writer.actor.accountName,
      saved_at: at.toISOString(),
      restored_from: writer.restoredFrom ?? null,
    })
    .execute();
}

/**
 * The hotel QR key (docs/server.md#hotel-content-files): a generated or rotated key stays (it is printed); otherwise the
 * file's readable `qrKey`, unless `rotateQrIds` asks for a random one.
 */
async function hotelKeyAtImport(tx: Tx, file: HotelContentFile) {
  const stored = await tx
    .selectFrom('hotels')
    .select(['qr_key', 'qr_key_generated'])
    .where('id', '=', file.hotel.id)
    .executeTakeFirst();
  if (stored?.qr_key && stored.qr_key_generated === 1)
    return { qr_key: stored.qr_key, qr_key_generated: 1, fresh: false };
  const { qrKey, rotateQrIds } = file.hotel;
  return qrKey && !rotateQrIds
    ? { qr_key: qrKey, qr_key_generated: 0, fresh: false }
    : { qr_key: randomQrId(), qr_key_generated: 1, fresh: true };
}

async function importRooms(tx: Tx, file: HotelContentFile, generated: GeneratedQrIds): Promise<void> {
  const hotelId = file.hotel.id;
  const rotate = file.hotel.rotateQrIds === true;
  const rooms = file.rooms ?? [];
  const readable = rotate ? [] : rooms.flatMap((r) => (r.qrId ? [r.qrId] : []));
  const wanted = [...readable, ...(file.unassignedQrIds ?? [])];
  if (wanted.length > 0) {
    const taken = await tx
      .selectFrom('rooms')
      .select(['qr_id', 'hotel_id'])
      .where('qr_id', 'in', wanted)
      .where('hotel_id', 'is not', null)
      .where('hotel_id', '!=', hotelId)
      .execute();
    if (taken.length > 0) {
      throw new ContentError(
        `hotel ${hotelId}`,
        taken.map((t) => `rooms: QR id ${t.qr_id} already belongs to hotel ${t.hotel_id}`),
      );
    }
  }
  const kept: number[] = [];
  for (const room of rooms) kept.push(await importRoom(tx, hotelId, room, rotate, generated));
  // Rooms that left the file lose their hotel (their QR code is deactivated); stays keep their room number.
  let detach = tx.updateTable('rooms').set({ hotel_id: null }).where('hotel_id', '=', hotelId);
  if (kept.length > 0) detach = detach.where('id', 'not in', kept);
  await detach.execute();
  for (const qrId of file.unassignedQrIds ?? []) {
    await tx
      .insertInto('rooms')
      .values({ hotel_id: null, number: null, qr_id: qrId })
      .onConflict((oc) => oc.column('qr_id').doUpdateSet({ hotel_id: null }))
      .execute();
  }
}

/**
 * One room of the file; answers its rooms.id. A QR id generated or rotated before stays (docs/server.md#hotel-content-files):
 * a re-import never silently changes a printed code.
 */
async function importRoom(
  tx: Tx,
  hotelId: number,
  room: RoomEntry,
  rotate: boolean,
  generated: GeneratedQrIds,
): Promise<number> {
  const current = await tx
    .selectFrom('rooms')
    .select(['id', 'qr_generated'])
    .where('hotel_id', '=', hotelId)
    .where('number', '=', room.number)
    .executeTakeFirst();
  if (current && current.qr_generated === 1) return current.id;
  if (room.qrId && !rotate) {
    const { id } = await tx
      .insertInto('rooms')
      .values({ hotel_id: hotelId, number: room.number, qr_id: room.qrId })
      .onConflict((oc) => oc.column('qr_id').doUpdateSet({ hotel_id: hotelId, number: room.number }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
  const fresh = { qr_id: randomQrId(), qr_generated: 1 };
  generated.rooms.push({ number: room.number, qrId: fresh.qr_id });
  if (current) {
    await tx.updateTable('rooms').set(fresh).where('id', '=', current.id).execute();
    return current.id;
  }
  const { id } = await tx
    .insertInto('rooms')
    .values({ hotel_id: hotelId, number: room.number, ...fresh })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function importActions(
  tx: Tx,
  hotelId: number,
  actions: ActionEntry[],
  rotateQrIds: boolean,
  generated: GeneratedQrIds,
): Promise<number[]> {
  await tx.updateTable('actions').set({ active: 0 }).where('hotel_id', '=', hotelId).execute();
  const ids: number[] = [];
  for (const a of actions) {
    const row = {
      type: a.type,
      scope: a.scope,
      period: a.period,
      reward: a.reward,
      picture_url: a.picture ?? null,
      title_color: a.titleColor ?? null,
      position: a.position,
      positive_response: a.positiveResponse ?? null,
      active: 1,
    };
    const { id } = await tx
      .insertInto('actions')
      .values({ hotel_id: hotelId, key: a.key, ...row })
      .onConflict((oc) => oc.columns(['hotel_id', 'key']).doUpdateSet(row))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
    await tx.deleteFrom('action_translations').where('action_id', '=', id).execute();
    await tx.deleteFrom('action_tags').where('action_id', '=', id).execute();
    await tx.deleteFrom('quiz_answer_translations').where('action_id', '=', id).execute();
    await tx.deleteFrom('quiz_answers').where('action_id', '=', id).execute();
    await tx
      .insertInto('action_translations')
      .values(
        Object.entries(a.texts).map(([lang, t]) => ({
          action_id: id,
          lang,
          name: t.name,
          description: t.description,
          question: t.question ?? null,
          quiz_question: a.quiz?.texts[lang]?.question ?? null,
          quiz_explanation: a.quiz?.texts[lang]?.explanation ?? null,
        })),
      )
      .execute();
    const tags = Object.entries(a.tags ?? {}).flatMap(([lang, list]) =>
      list.map((tag, position) => ({ action_id: id, lang, tag, position })),
    );
    if (tags.length > 0) await tx.insertInto('action_tags').values(tags).execute();

    // Options keep their ids by position, so a stored choice still names the same option.
    const options = a.options ?? [];
    let removeOptions = tx.deleteFrom('custom_options').where('action_id', '=', id);
    if (options.length > 0) removeOptions = removeOptions.where('position', '>', options.length);
    await removeOptions.execute();
    for (const [index, option] of options.entries()) {
      const position = index + 1;
      const { id: optionId } = await tx
        .insertInto('custom_options')
        .values({ action_id: id, position, picture_url: option.picture ?? null })
        .onConflict((oc) => oc.columns(['action_id', 'position']).doUpdateSet({ picture_url: option.picture ?? null }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.deleteFrom('custom_option_translations').where('option_id', '=', optionId).execute();
      await tx
        .insertInto('custom_option_translations')
        .values(Object.entries(option.labels).map(([lang, label]) => ({ option_id: optionId, lang, label })))
        .execute();
    }

    for (const [index, answer] of (a.quiz?.answers ?? []).entries()) {
      const position = index + 1;
      await tx
        .insertInto('quiz_answers')
        .values({ action_id: id, position, is_correct: answer.correct ? 1 : 0 })
        .execute();
      await tx
        .insertInto('quiz_answer_translations')
        .values(Object.entries(answer.texts).map(([lang, text]) => ({ action_id: id, position, lang, text })))
        .execute();
    }
    const proofQrIds = await importProofCodes(tx, id, a, rotateQrIds);
    if (proofQrIds.length > 0) generated.proofs.push({ actionId: id, actionKey: a.key, qrIds: proofQrIds });
  }
  return ids;
}

/**
 * A PROOF action's printed codes (docs/server.md#hotel-content-files): codes generated or rotated before stay (they
 * are printed); otherwise the file's readable `proofQrIds` (codes that left the file no longer validate a proof), or
 * random ones — one, or one per readable id when `rotateQrIds` replaces them. Other actions have none. Answers the
 * ids it generated.
 */
async function importProofCodes(tx: Tx, actionId: number, action: ActionEntry, rotate: boolean): Promise<string[]> {
  if (action.type === 'PROOF') {
    const generated = await tx
      .selectFrom('proof_codes')
      .select('qr_id')
      .where('action_id', '=', actionId)
      .where('generated', '=', 1)
      .executeTakeFirst();
    if (generated) return [];
  }
  await tx.deleteFrom('proof_codes').where('action_id', '=', actionId).execute();
  if (action.type !== 'PROOF') return [];
  const readable = action.proofQrIds;
  const codes =
    readable && !rotate
      ? readable.map((qrId) => ({ qr_id: qrId, generated: 0 }))
      : Array.from({ length: readable?.length ?? 1 }, () => ({ qr_id: randomQrId(), generated: 1 }));
  await tx
    .insertInto('proof_codes')
    .values(codes.map((code) => ({ action_id: actionId, ...code })))
    .execute();
  return codes.filter((code) => code.generated === 1).map((code) => code.qr_id);
}

async function importRewards(tx: Tx, hotelId: number, rewards: RewardEntry[]): Promise<number[]> {
  await tx.updateTable('rewards').set({ active: 0 }).where('hotel_id', '=', hotelId).execute();
  const ids: number[] = [];
  for (const r of rewards) {
    const row = {
      type: r.type,
      cost: r.cost,
      picture_url: r.picture ?? null,
      title_color: r.titleColor ?? null,
      position: r.position ?? null,
      water_volume: r.waterVolume ?? null,
      valid_until: r.validUntil ?? null,
      partner: storedPartner(r.partner),
      active: 1,
    };
    const { id } = await tx
      .insertInto('rewards')
      .values({ hotel_id: hotelId, key: r.key, ...row })
      .onConflict((oc) => oc.columns(['hotel_id', 'key']).doUpdateSet(row))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
    await tx.deleteFrom('reward_translations').where('reward_id', '=', id).execute();
    await tx
      .insertInto('reward_translations')
      .values(
        Object.entries(r.texts).map(([lang, t]) => ({ reward_id: id, lang, name: t.name, description: t.description })),
      )
      .execute();
    await tx.deleteFrom('reward_code_pool').where('reward_id', '=', id).execute();
    if (r.codePool && r.codePool.length > 0) {
      await tx
        .insertInto('reward_code_pool')
        .values(r.codePool.map((code) => ({ reward_id: id, code })))
        .execute();
    }
  }
  return ids;
}

/** The restaurant's dishes are replaced whole: nothing refers to a dish after its meal was scored. */
async function importMenu(tx: Tx, hotelId: number, menu: MenuDish[]): Promise<void> {
  await tx.deleteFrom('meal_dishes').where('hotel_id', '=', hotelId).execute();
  if (menu.length === 0) return;
  await tx
    .insertInto('meal_dishes')
    .values(
      menu.map((dish, position) => ({
        hotel_id: hotelId,
        key: dish.key,
        position,
        names: JSON.stringify(dish.names),
        ingredients: JSON.stringify(dish.ingredients),
      })),
    )
    .execute();
}

/** The hotel's own impact figures (docs/impact.md#hotel-figures), replaced whole; none: the shipped table. */
async function importImpactFactors(tx: Tx, hotelId: number, overrides: HotelContentFile['impactFactors']) {
  await tx
    .updateTable('hotels')
    .set({ impact_factors: overrides ? JSON.stringify(overrides) : null })
    .where('id', '=', hotelId)
    .execute();
}
