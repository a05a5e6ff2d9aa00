/**
 * The meal photo's checks (docs/behaviour.md#meal-photo): base64 JPEG, at most MEAL_PHOTO_MAX_BYTES once decoded,
 * JPEG magic bytes, and decoded dimensions within MEAL_PHOTO_MAX_WIDTH × MEAL_PHOTO_MAX_HEIGHT. The photo lives in
 * memory for the analysis only and is never written anywhere.
 */
import { imageSize } from 'image-size';
import { MEAL_PHOTO_MAX_BYTES, MEAL_PHOTO_MAX_HEIGHT, MEAL_PHOTO_MAX_WIDTH } from '../../../contract/meal-photo.ts';
import { DomainError } from '../errors.ts';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const notJpeg = (why: string) =>
  new DomainError('unsupported_media_type', 'photo_not_jpeg', `The photo must be a JPEG image: ${why}`);
const tooLarge = (why: string) =>
  new DomainError('payload_too_large', 'photo_too_large', `The photo is too large: ${why}`);

/** The decoded JPEG, or a 413 / 415 DomainError saying what is wrong with it. */
export function checkedPhoto(photoData: string): Buffer {
  const text = photoData.replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw notJpeg('photoData is not base64 text');
  // 3 bytes per 4 characters: refuse before decoding a large one.
  if ((text.length / 4) * 3 - (text.match(/=+$/)?.[0].length ?? 0) > MEAL_PHOTO_MAX_BYTES)
    throw tooLarge(`more than ${MEAL_PHOTO_MAX_BYTES} bytes`);
  const photo = Buffer.from(text, 'base64');
  if (photo[0] !== 0xff || photo[1] !== 0xd8 || photo[2] !== 0xff) throw notJpeg('it does not start like one');
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(photo);
  } catch {
    throw notJpeg('its header cannot be read');
  }
  if (size.type !== 'jpg' || !size.width || !size.height) throw notJpeg('its header cannot be read');
  if (size.width > MEAL_PHOTO_MAX_WIDTH || size.height > MEAL_PHOTO_MAX_HEIGHT)
    throw tooLarge(
      `${size.width}×${size.height} pixels, at most ${MEAL_PHOTO_MAX_WIDTH}×${MEAL_PHOTO_MAX_HEIGHT} are accepted`,
    );
  return photo;
}
