/**
 * Reads the QR code of a guest's reward code with the device camera (docs/behaviour.md#today-tab): the browser's
 * BarcodeDetector where it has one, else jsQR, loaded only then. Browser code, provided to the code check machine
 * as its `scanCode` actor.
 */

/** `data-part` of the `<video>` the code check draws while scanning. */
export const SCAN_PREVIEW_PART = 'scan-preview';

/** How often a frame of the preview is read. */
const SCAN_INTERVAL_MS = 200;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** True where the page may ask for a camera (a secure context with media devices). */
export function canScan(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function aborted(): DOMException {
  return new DOMException('The scan was cancelled', 'AbortError');
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(aborted());
    });
  });
}

/** A function reading one frame of the video: the QR code's text, or null when none is seen. */
async function frameReader(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

function findPreview(): HTMLVideoElement | null {
  return document.querySelector<HTMLVideoElement>(`video[data-part="${SCAN_PREVIEW_PART}"]`);
}

/**
 * Shows the rear camera in the code check's preview (once the page has drawn it) and answers the text of the first
 * QR code read; the camera stops when it answers, fails or `signal` aborts.
 */
export async function scanQrCode(signal: AbortSignal): Promise<string> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  let video: HTMLVideoElement | null = null;
  try {
    while (!video) {
      video = findPreview();
      if (!video) await wait(50, signal);
    }
    video.srcObject = stream;
    await video.play();
    const read = await frameReader();
    for (;;) {
      const text = (await read(video))?.trim();
      if (text) return text;
      await wait(SCAN_INTERVAL_MS, signal);
    }
  } finally {
    for (const track of stream.getTracks()) track.stop();
    if (video) video.srcObject = null;
  }
}
