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
import { FIRST_MANAGER_NAME } from '../db/migration-staff-accounts.ts';
import type { Database } from '../db/schema.ts';
import { DEFAULT_MAX_CLAIMS_PER_ROOM_NIGHT, DEFAULT_MAX_POOL_CODES_PER_DAY } from '../domain/caps.ts';
import { randomQrId } from '../domain/qr-codes.ts';
import { recordStaffAction, SERVER_COMMAND } from '../domain/staff-audit.ts';
import { endAccountStaffSessions, staffNameKey } from '../domain/staff-sessions.ts';
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
  type StaffEntry,
} from './format.ts';
import { hashPin, isCurrentPinHash, verifyPin } from './pin.ts';
import { ContentError, type FieldPath, validateContent } from './validate.ts';

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

/** Parses YAML text and validates it; throws ContentError naming the bad field and its line (or the YAML error). */
export function parseContent(text: string, source = 'content'): HotelContentFile {
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
  return validateContent(document.toJS(), source, lineOf);
}

/** Reads and validates a content file; a file that cannot be read is a one-line ContentError. */
export async function readContentFile(path: string): Promise<HotelContentFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ContentError(path, [], code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? error})`);
  }
  return parseContent(text, path);
}

/** The account a content file's `staffPin` is the PIN of: the hotel's first manager. */
function firstManagerQuery(db: Kysely<Database>, hotelId: number) {
  return db
    .selectFrom('staff_accounts')
    .select(['id', 'pin_hash'])
    .where('hotel_id', '=', hotelId)
    .where('role', '=', 'manager')
    .orderBy('id')
    .limit(1);
}

/** A PIN hash to store, and whether it replaces the account's PIN (its sessions end). */
interface PinAtImport {
  hash: string;
  changed: boolean;
}

/**
 * The hash to store for a plain PIN of the file. An unchanged PIN keeps its current Argon2 hash: a fresh salt would
 * refuse, as a PIN change, the sign-ins checked during the import. `stored` is undefined for a new account.
 */
async function plainPinAtImport(pin: string, stored: string | undefined): Promise<PinAtImport> {
  if (stored === undefined) return { hash: await hashPin(pin), changed: false };
  if (await verifyPin(pin, stored))
    return { hash: isCurrentPinHash(stored) ? stored : await hashPin(pin), changed: false };
  return { hash: await hashPin(pin), changed: true };
}

/** The first manager's PIN hash to store (legacy `hotel.staffPin`). */
async function staffPinAtImport(db: Kysely<Database>, hotelId: number, pin: string): Promise<PinAtImport> {
  const stored = await firstManagerQuery(db, hotelId).executeTakeFirst();
  return plainPinAtImport(pin, stored?.pin_hash);
}

/** Each listed account's PIN hash to store, hashed before the import's transaction (Argon2 never holds it). */
async function staffPinsAtImport(db: Kysely<Database>, hotelId: number, staff: StaffEntry[]): Promise<PinAtImport[]> {
  const stored = await db
    .selectFrom('staff_accounts')
    .select(['name_key', 'pin_hash'])
    .where('hotel_id', '=', hotelId)
    .execute();
  const hashOf = new Map(stored.map((account) => [account.name_key, account.pin_hash]));
  return Promise.all(
    staff.map((entry) => {
      const current = hashOf.get(staffNameKey(entry.name));
      if (entry.pin !== undefined) return plainPinAtImport(entry.pin, current);
      const hash = entry.pinHash ?? '';
      return { hash, changed: current !== undefined && current !== hash };
    }),
  );
}

/** Writes the first manager's PIN (the account is made on a hotel's first import); a changed PIN ends its sessions. */
async function writeFirstManager(tx: Kysely<Database>, hotelId: number, staffPin: PinAtImport, now: string) {
  const manager = await firstManagerQuery(tx, hotelId).executeTakeFirst();
  if (!manager) {
    await tx
      .insertInto('staff_accounts')
      .values({
        hotel_id: hotelId,
        name: FIRST_MANAGER_NAME,
        name_key: staffNameKey(FIRST_MANAGER_NAME),
        role: 'manager',
        pin_hash: staffPin.hash,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return;
  }
  if (manager.pin_hash === staffPin.hash) return;
  await tx
    .updateTable('staff_accounts')
    .set({ pin_hash: staffPin.hash, updated_at: now })
    .where('id', '=', manager.id)
    .execute();
  // After the account row is written: a sign-in checked against the old PIN has committed its session by now, or
  // will see the new hash (domain/staff-sessions.ts).
  if (staffPin.changed) await endAccountStaffSessions(tx, manager.id);
}

/**
 * The file's staff list, by name (any case): a new name is a new account (enabled unless the file says not); a
 * known one gets the file's name, role, PIN and, when stated, enabled. A new PIN, a new role or disabling ends the
 * account's sessions. Accounts the file does not list are left as they are.
 */
async function writeStaff(
  tx: Kysely<Database>,
  hotelId: number,
  staff: StaffEntry[],
  pins: PinAtImport[],
  now: string,
) {
  for (const [index, entry] of staff.entries()) {
    const pin = pins[index];
    if (!pin) continue;
    const nameKey = staffNameKey(entry.name);
    const current = await tx
      .selectFrom('staff_accounts')
      .select(['id', 'role', 'enabled', 'pin_hash'])
      .where('hotel_id', '=', hotelId)
      .where('name_key', '=', nameKey)
      .executeTakeFirst();
    const enabled = entry.enabled === undefined ? (current?.enabled ?? 1) : entry.enabled ? 1 : 0;
    const row = { name: entry.name.trim(), role: entry.role, pin_hash: pin.hash, enabled };
    if (!current) {
      await tx
        .insertInto('staff_accounts')
        .values({ hotel_id: hotelId, name_key: nameKey, ...row, created_at: now, updated_at: now })
        .execute();
      continue;
    }
    await tx
      .updateTable('staff_accounts')
      .set({ ...row, updated_at: now })
      .where('id', '=', current.id)
      .execute();
    if (pin.changed || current.role !== entry.role || enabled === 0) await endAccountStaffSessions(tx, current.id);
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
): Promise<ImportSummary> {
  const at = new Date();
  const now = at.toISOString();
  const staff = file.staff ?? [];
  const { staffPin: legacyPin } = file.hotel;
  const firstManagerPin = legacyPin === undefined ? null : await staffPinAtImport(db, file.hotel.id, legacyPin);
  const staffPins = await staffPinsAtImport(db, file.hotel.id, staff);
  return db.transaction().execute(async (tx) => {
    const h = file.hotel;
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
      content_version: randomUUID(),
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
    if (firstManagerPin) await writeFirstManager(tx, h.id, firstManagerPin, now);
    await writeStaff(tx, h.id, staff, staffPins, now);
    await requireManager(tx, h.id);
    await recordStaffAction(tx, { hotelId: h.id, kind: 'contentImported', actor: SERVER_COMMAND, at, detail: source });

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
