/**
 * The meal photo's processing (docs/behaviour.md#meal-photo constants): the centre square of the frame as a JPEG at
 * quality 0.95, then that image scaled down to at most 640 wide and 960 tall as a JPEG at quality 0.5, sent as base64
 * without its `data:` prefix. The same for a frame of the live camera and for a photo picked from the device.
 */
import { MEAL_PHOTO_MAX_HEIGHT, MEAL_PHOTO_MAX_WIDTH } from '../../../contract/meal-photo.ts';

export const SQUARE_QUALITY = 0.95;
export const SENT_QUALITY = 0.5;

function canvasBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))),
      'image/jpeg',
      quality,
    ),
  );
}

function drawn(width: number, height: number, draw: (context: CanvasRenderingContext2D) => void): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas in this browser');
  draw(context);
  return canvas;
}

/** The centre square of an image `width` × `height`, as a JPEG at SQUARE_QUALITY. */
function centreSquare(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  const side = Math.min(width, height);
  if (side <= 0) return Promise.reject(new Error('The camera gave an empty frame'));
  const square = drawn(side, side, (context) =>
    context.drawImage(source, (width - side) / 2, (height - side) / 2, side, side, 0, 0, side, side),
  );
  return canvasBlob(square, SQUARE_QUALITY);
}

/** The JPEG scaled to fit MEAL_PHOTO_MAX_WIDTH × MEAL_PHOTO_MAX_HEIGHT, at SENT_QUALITY, as base64. */
async function compressed(square: Blob): Promise<string> {
  const image = await createImageBitmap(square);
  const scale = Math.min(1, MEAL_PHOTO_MAX_WIDTH / image.width, MEAL_PHOTO_MAX_HEIGHT / image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = drawn(width, height, (context) => context.drawImage(image, 0, 0, width, height));
  image.close();
  const bytes = new Uint8Array(await (await canvasBlob(canvas, SENT_QUALITY)).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The live preview's current frame, processed. */
export async function captureVideoFrame(video: HTMLVideoElement): Promise<string> {
  return compressed(await centreSquare(video, video.videoWidth, video.videoHeight));
}

/** A photo picked from the device (any image type the browser decodes), processed. */
export async function preparePickedPhoto(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    return await compressed(await centreSquare(bitmap, bitmap.width, bitmap.height));
  } finally {
    bitmap.close();
  }
}

/** The rear camera (the one facing the plate), without sound. */
export function openRearCamera(): Promise<MediaStream> {
  // An insecure page or an old browser has no mediaDevices: the same as a device without a camera.
  if (!navigator.mediaDevices?.getUserMedia)
    return Promise.reject(new DOMException('This browser offers no camera', 'NotFoundError'));
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
}
