import { writeFileSync } from 'node:fs';
import { encode } from 'uqr';

/** The code the staff scan's fake camera shows (a made-up one: the page must answer 'Code inconnu'). */
export const SCANNED_CODE = 'TIL-ZZZZZZZZ';

const WIDTH = 320;
const HEIGHT = 240;
/** Pixels per QR module, and the quiet zone in modules. */
const SCALE = 6;
const QUIET_ZONE = 4;

/**
 * Writes a one-frame Y4M video of `text` as a QR code, for Chromium's `--use-file-for-fake-video-capture`: the
 * camera a staff member holds a guest's screen up to (e2e/staff-scan.spec.ts).
 */
export function writeQrCameraFile(path: string, text = SCANNED_CODE): string {
  const qr = encode(text, { border: 0, ecc: 'M' });
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  const side = (qr.size + 2 * QUIET_ZONE) * SCALE;
  const left = Math.floor((WIDTH - side) / 2) + QUIET_ZONE * SCALE;
  const top = Math.floor((HEIGHT - side) / 2) + QUIET_ZONE * SCALE;
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < SCALE; dy++)
        luma.fill(
          0,
          (top + y * SCALE + dy) * WIDTH + left + x * SCALE,
          (top + y * SCALE + dy) * WIDTH + left + (x + 1) * SCALE,
        );
    });
  });
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(path, Buffer.concat([header, luma, chroma]));
  return path;
}
