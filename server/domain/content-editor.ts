/**
 * The back office's content editor (docs/behaviour.md#content-editor): a manager reads the hotel's content as a
 * document, checks it with the validator `hotel:check` runs, and saves it through the import every content file goes
 * through, so a saved document takes effect on every server process at once (the content version) and retires what it
 * leaves out instead of deleting it. A save names the version it was made from; another manager's save in between
 * refuses it (409 content_version_conflict). Every saved version is kept, with who saved it, and can be restored.
 */
import type { Kysely } from 'kysely';
import { stringify } from 'yaml';
import type {
  ContentCheckReply,
  ContentDocument,
  ContentHistoryReply,
  ContentProblem,
  ContentReply,
  ContentVersionKind,
  ContentVersionReply,
  ContentVersionSummary,
} from '../../contract/content-editor.ts';
import { isContentError } from '../../contract/content-rules.ts';
import type { HotelContentFile } from '../../contract/hotel-content-file.ts';
import { exportContent } from '../content/export.ts';
import { importContent, readYaml } from '../content/import.ts';
import { ruleProblem } from '../content/problem-words.ts';
import { ContentError, contentProblems } from '../content/validate.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { DomainError, notFound } from './errors.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

/** 422 content_invalid: the problems go with the answer, by field (server/error-handler.ts). */
export class ContentInvalid extends DomainError {
  readonly problems: ContentProblem[];
  constructor(problems: ContentProblem[]) {
    super('unprocessable', 'content_invalid', `The content has ${problems.length} problem(s): nothing was saved`);
    this.problems = problems;
  }
}

/** The source the audit trail names for what the staff page wrote. */
const STAFF_PAGE = 'staff page';

async function currentVersion(db: Kysely<Database>, hotelId: number) {
  const hotel = await db.selectFrom('hotels').select('content_version').where('id', '=', hotelId).executeTakeFirst();
  if (!hotel) throw notFound('Hotel');
  const last = await db
    .selectFrom('content_versions')
    .select('number')
    .where('hotel_id', '=', hotelId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { version: hotel.content_version, number: last?.number ?? null };
}

/** GET …/content: the document and the version a save names. */
export async function readContent(db: Kysely<Database>, session: StaffSession, hotelId: number): Promise<ContentReply> {
  requireStaffOf(session, hotelId);
  const { version, number } = await currentVersion(db, hotelId);
  return { version, number, document: await exportContent(db, hotelId) };
}

/**
 * The validator's problems with a document, and those of the editor's own rules: it is this hotel's, and it holds no
 * staff (people are managed on the People tab, never by saving content).
 */
function problemsOf(hotelId: number, document: unknown): ContentProblem[] {
  const problems = contentProblems(document);
  if (typeof document === 'object' && document !== null) {
    const { hotel, staff } = document as { hotel?: { id?: unknown; staffPin?: unknown }; staff?: unknown };
    if (hotel?.id !== undefined && hotel.id !== hotelId)
      problems.push(ruleProblem(['hotel', 'id'], 'otherHotel', { hotelId: String(hotelId) }));
    if (staff !== undefined || hotel?.staffPin !== undefined)
      problems.push(ruleProblem(staff !== undefined ? ['staff'] : ['hotel', 'staffPin'], 'staffInContent', {}));
  }
  return problems;
}

/** POST …/content/check: what the validator finds, nothing saved. */
export function checkContent(session: StaffSession, hotelId: number, document: unknown): ContentCheckReply {
  requireStaffOf(session, hotelId);
  return { problems: problemsOf(hotelId, document) };
}

async function writeDocument(
  store: Store,
  session: StaffSession,
  hotelId: number,
  document: unknown,
  write: { kind: ContentVersionKind; baseVersion: string; restoredFrom?: number; source?: string; now: Date },
): Promise<ContentReply> {
  const problems = problemsOf(hotelId, document);
  // Warnings (docs/behaviour.md#claims) are said by the check, never refuse a save.
  if (problems.some(isContentError)) throw new ContentInvalid(problems);
  try {
    await importContent(store.db, document as HotelContentFile, write.source ?? STAFF_PAGE, {
      actor: session,
      kind: write.kind,
      baseVersion: write.baseVersion,
      restoredFrom: write.restoredFrom,
      at: write.now,
    });
  } catch (error) {
    // What only the database knows (a room's QR id another hotel holds): the file's words, on the whole document.
    if (error instanceof ContentError)
      throw new ContentInvalid(error.problems.map((detail) => ruleProblem([], 'database', { detail })));
    throw error;
  }
  return readContent(store.db, session, hotelId);
}

/** PUT …/content: saves the document made from `baseVersion`; 422 with its problems, 409 if another save came first. */
export function saveContent(
  store: Store,
  session: StaffSession,
  hotelId: number,
  body: { baseVersion: string; document: unknown },
  now: Date,
): Promise<ContentReply> {
  requireStaffOf(session, hotelId);
  return writeDocument(store, session, hotelId, body.document, { kind: 'saved', baseVersion: body.baseVersion, now });
}

function summaryOf(row: {
  number: number;
  kind: string;
  saved_at: string;
  account_id: number | null;
  actor_name: string | null;
  restored_from: number | null;
}): ContentVersionSummary {
  return {
    number: row.number,
    kind: row.kind === 'saved' || row.kind === 'restored' ? row.kind : 'imported',
    savedAt: row.saved_at,
    accountId: row.account_id,
    actorName: row.actor_name,
    restoredFrom: row.restored_from,
  };
}

const SUMMARY_COLUMNS = ['number', 'kind', 'saved_at', 'account_id', 'actor_name', 'restored_from'] as const;

/** GET …/content/versions: every saved version, newest first. */
export async function contentHistory(
  db: Kysely<Database>,
  session: StaffSession,
  hotelId: number,
): Promise<ContentHistoryReply> {
  requireStaffOf(session, hotelId);
  const { version } = await currentVersion(db, hotelId);
  const rows = await db
    .selectFrom('content_versions')
    .select(SUMMARY_COLUMNS)
    .where('hotel_id', '=', hotelId)
    .orderBy('number', 'desc')
    .execute();
  return { version, versions: rows.map(summaryOf) };
}

async function storedVersion(db: Kysely<Database>, hotelId: number, number: number) {
  const row = await db
    .selectFrom('content_versions')
    .select([...SUMMARY_COLUMNS, 'document'])
    .where('hotel_id', '=', hotelId)
    .where('number', '=', number)
    .executeTakeFirst();
  if (!row) throw notFound('Content version');
  return { summary: summaryOf(row), document: JSON.parse(row.document) as ContentDocument };
}

/** GET …/content/versions/:number: one saved version's document (the client compares two). */
export async function contentVersionOf(
  db: Kysely<Database>,
  session: StaffSession,
  params: { hId: number; number: number },
): Promise<ContentVersionReply> {
  requireStaffOf(session, params.hId);
  return storedVersion(db, params.hId, params.number);
}

/**
 * POST …/content/versions/:number/restore: saves that version's document again as a new version, checked like any
 * save (a room its QR id went to meanwhile, a language since removed…).
 */
export async function restoreContentVersion(
  store: Store,
  session: StaffSession,
  params: { hId: number; number: number },
  body: { baseVersion: string },
  now: Date,
): Promise<ContentReply> {
  requireStaffOf(session, params.hId);
  const { document } = await storedVersion(store.db, params.hId, params.number);
  return writeDocument(store, session, params.hId, document, {
    kind: 'restored',
    baseVersion: body.baseVersion,
    restoredFrom: params.number,
    now,
  });
}

/** GET …/content.yaml: the current content as a content file `hotel:import` takes back unchanged. */
export async function contentYaml(db: Kysely<Database>, session: StaffSession, hotelId: number): Promise<string> {
  requireStaffOf(session, hotelId);
  return stringify(await exportContent(db, hotelId), { lineWidth: 0 });
}

/** PUT …/content.yaml: a whole content file, for bulk set-up, saved like the editor's document. */
export function importContentYaml(
  store: Store,
  session: StaffSession,
  hotelId: number,
  input: { text: string; baseVersion: string },
  now: Date,
): Promise<ContentReply> {
  requireStaffOf(session, hotelId);
  let document: unknown;
  try {
    document = readYaml(input.text, 'YAML').value;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    throw new ContentInvalid(error.problems.map((detail) => ruleProblem([], 'yaml', { detail })));
  }
  return writeDocument(store, session, hotelId, document, {
    kind: 'saved',
    baseVersion: input.baseVersion,
    source: 'YAML file',
    now,
  });
}
