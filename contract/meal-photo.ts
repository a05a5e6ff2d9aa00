/**
 * The meal photo's limits (docs/behaviour.md#meal-photo), shared by the guest app that shrinks the photo and the
 * server that checks it. Plain constants, so the guest bundle can import them without the schema library.
 */

/** The photo sent is at most this wide and this tall (pixels), checked by the server after decoding. */
export const MEAL_PHOTO_MAX_WIDTH = 640;
export const MEAL_PHOTO_MAX_HEIGHT = 960;
/** Decoded JPEG bytes at most; the request body holds its base64 text (4/3 of it) and the other fields. */
export const MEAL_PHOTO_MAX_BYTES = 512 * 1024;
/** The limeat call's body limit (the API's usual limit is 16 KiB, server/app.ts BODY_LIMIT). */
export const MEAL_BODY_LIMIT = 1024 * 1024;
