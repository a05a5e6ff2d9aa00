/**
 * Pictures a manager uploads on the staff page (docs/behaviour.md#pictures): a JPEG, PNG or WebP file, its type read
 * from its bytes (never from the request's header, and never an SVG: a picture with scripts in it), decoded within a
 * pixel limit (a small file that unpacks into gigabytes is refused before it is decoded), turned upright by its EXIF
 * orientation, stripped of its metadata (a phone photo's position), shrunk to the largest size a guest's screen shows
 * it at, and stored as WebP under the hash of those bytes: the same picture uploaded twice is stored once, and its
 * address never shows anything else, so browsers keep it for a year.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { PICTURE_MAX_BYTES, type PictureUploadReply } from '../../contract/content-editor.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { DomainError } from './errors.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

/**
 * The longest side of a stored picture, in pixels: twice (high-density screens) the widest a card is drawn — the
 * screen's width less the page's padding up to the 768-pixel phone layout, 736 CSS pixels (src/views/stay/
 * StaySession.css, src/views/shell/AppShell.css); the action dialog's picture and a choice's are smaller.
 */
export const PICTURE_MAX_SIDE = 1472;
/** The most pixels a picture may unpack into (a 48-megapixel phone photo passes). */
export const PICTURE_MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;
/** The stored picture's name: 128 bits of its SHA-256, as hexadecimal. */
const HASH_LENGTH = 32;

export const PICTURE_MEDIA_TYPE = 'image/webp';

export const pictureUnsupported = () =>
  new DomainError('unsupported_media_type', 'picture_unsupported', 'The picture must be a JPEG, PNG or WebP image');

export const pictureTooLarge = (why = `larger than ${PICTURE_MAX_BYTES / (1024 * 1024)} MB`) =>
  new DomainError('payload_too_large', 'picture_too_large', `The picture is too large: ${why}`);

type PictureFormat = 'jpeg' | 'png' | 'webp';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);

/** The format the bytes are by their signature (magic numbers); null for any other (SVG, GIF, HEIC, text…). */
export function pictureFormatOf(bytes: Uint8Array): PictureFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF, the file's size, WEBP.
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

interface ResizedPicture {
  bytes: Buffer;
  width: number;
  height: number;
}

/** The picture as a guest's screen needs it; refused when it is not a whole JPEG, PNG or WebP image. */
export async function resizedPicture(bytes: Uint8Array): Promise<ResizedPicture> {
  if (pictureFormatOf(bytes) === null) throw pictureUnsupported();
  try {
    // sharp's default `failOn: 'warning'` refuses a truncated or damaged file; its output keeps no metadata.
    const { data, info } = await sharp(bytes, { limitInputPixels: PICTURE_MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw pictureTooLarge(`more than ${PICTURE_MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    throw pictureUnsupported();
  }
}

/** The address a stored picture is served at. */
export const pictureUrlOf = (hash: string) => `/pictures/${hash}.webp`;

/**
 * POST …/pictures: stores the uploaded file resized (once, whoever uploads the same picture again) and answers its
 * address. The picture is the hotel's only once a saved content names it.
 */
export async function uploadPicture(
  store: Store,
  session: StaffSession,
  hotelId: number,
  body: unknown,
  now: Date,
): Promise<PictureUploadReply> {
  requireStaffOf(session, hotelId);
  if (!(body instanceof Uint8Array)) throw pictureUnsupported();
  const picture = await resizedPicture(body);
  const hash = createHash('sha256').update(picture.bytes).digest('hex').slice(0, HASH_LENGTH);
  await store.write((tx) =>
    tx.db
      .insertInto('content_pictures')
      .values({
        hash,
        hotel_id: hotelId,
        media_type: PICTURE_MEDIA_TYPE,
        width: picture.width,
        height: picture.height,
        bytes: picture.bytes,
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute(),
  );
  return { url: pictureUrlOf(hash), width: picture.width, height: picture.height };
}

/** GET /pictures/:hash.webp: the stored bytes, or null for a hash nobody uploaded. */
export async function storedPicture(db: Kysely<Database>, hash: string): Promise<Buffer | null> {
  const row = await db.selectFrom('content_pictures').select('bytes').where('hash', '=', hash).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}
