/**
 * The back office's content editor (docs/behaviour.md#content-editor): the API's schemas for reading, checking and
 * saving a hotel's content, its history and its pictures. The edited document is the content file itself
 * (contract/hotel-content-file.ts) without its staff, which the People tab manages.
 */
import Type, { type Static } from 'typebox';
import { HotelContentFile } from './hotel-content-file.ts';
import { ContentProblem, RowId, StaffHotelParams } from './schemas.ts';

export { ContentPath, ContentProblem } from './schemas.ts';

/** The hotel's content as the editor reads and saves it: a content file whose `staff` list is always absent. */
export const ContentDocument = HotelContentFile;
export type ContentDocument = Omit<HotelContentFile, 'staff'>;

/** Who saved a version: a command run on the server (`hotel:import`) has no account. */
export const CONTENT_VERSION_KINDS = ['imported', 'saved', 'restored'] as const;
export type ContentVersionKind = (typeof CONTENT_VERSION_KINDS)[number];

export const ContentVersionSummary = Type.Object({
  /** 1, 2, 3… per hotel, in the order the versions were saved. */
  number: Type.Integer({ minimum: 1 }),
  kind: Type.Unsafe<ContentVersionKind>({ type: 'string', enum: [...CONTENT_VERSION_KINDS] }),
  /** ISO-8601 timestamp. */
  savedAt: Type.String(),
  accountId: Type.Union([Type.Integer(), Type.Null()]),
  /** The person's name at the time; null for a command run on the server. */
  actorName: Type.Union([Type.String(), Type.Null()]),
  /** For a restore: the version it brought back. */
  restoredFrom: Type.Union([Type.Integer(), Type.Null()]),
});
export type ContentVersionSummary = Static<typeof ContentVersionSummary>;

/**
 * The hotel's current content: `version` is what a save names as its `baseVersion` (a save based on an older one is
 * refused, 409 content_version_conflict); `number` its place in the history (null before the first saved version).
 */
export const ContentReply = Type.Object({
  version: Type.String(),
  number: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  document: ContentDocument,
});
export type ContentReply = Static<typeof ContentReply>;

export const ContentSaveBody = Type.Object({
  baseVersion: Type.String({ minLength: 1, maxLength: 100 }),
  /** Checked by the content validator (its problems answer 422), not by this schema. */
  document: Type.Unknown(),
});
export type ContentSaveBody = Static<typeof ContentSaveBody>;

export const ContentCheckBody = Type.Object({ document: Type.Unknown() });
export type ContentCheckBody = Static<typeof ContentCheckBody>;
/** What the validator finds in a document, nothing saved: an empty list means it may be saved. */
export const ContentCheckReply = Type.Object({ problems: Type.Array(ContentProblem) });
export type ContentCheckReply = Static<typeof ContentCheckReply>;

/** Every saved version, the newest first, and the current content version (what a restore names as its base). */
export const ContentHistoryReply = Type.Object({ version: Type.String(), versions: Type.Array(ContentVersionSummary) });
export type ContentHistoryReply = Static<typeof ContentHistoryReply>;

export const ContentVersionReply = Type.Object({ summary: ContentVersionSummary, document: ContentDocument });
export type ContentVersionReply = Static<typeof ContentVersionReply>;

export const ContentVersionParams = Type.Object({
  ...StaffHotelParams.properties,
  number: RowId,
});
export type ContentVersionParams = Static<typeof ContentVersionParams>;
export const ContentRestoreBody = Type.Object({ baseVersion: Type.String({ minLength: 1, maxLength: 100 }) });
export type ContentRestoreBody = Static<typeof ContentRestoreBody>;

/** A YAML import on the staff page names the version it replaces, as a save does. */
export const ContentYamlQuery = Type.Object({ baseVersion: Type.String({ minLength: 1, maxLength: 100 }) });
export type ContentYamlQuery = Static<typeof ContentYamlQuery>;

/**
 * Pictures uploaded on the staff page (docs/behaviour.md#pictures): a JPEG, PNG or WebP file of at most this many
 * bytes, its type read from its bytes.
 */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** The types a picture upload may be (by its bytes; the request's Content-Type is one of them too). */
export const PICTURE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Where a stored picture is served: its content hash names it, so the address never changes what it shows. */
export const PictureUploadReply = Type.Object({
  /** `/pictures/<hash>.webp`, the value a content `picture` field takes. */
  url: Type.String(),
  /** The stored picture's size in pixels, after resizing. */
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
});
export type PictureUploadReply = Static<typeof PictureUploadReply>;

/** GET /pictures/:hash.webp: 32 hexadecimal characters of the SHA-256 of the stored bytes. */
export const PICTURE_HASH_PATTERN = '^[0-9a-f]{32}$';
export const PictureParams = Type.Object({ hash: Type.String({ pattern: PICTURE_HASH_PATTERN }) });
export type PictureParams = Static<typeof PictureParams>;
