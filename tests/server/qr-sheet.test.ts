/**
 * The printable QR sheet (npm run qr:sheet, docs/behaviour.md#qr-sheets) on both databases: every page is rendered to
 * an image (mupdf, WebAssembly) and every code decoded (jsQR) back to the address it must open.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { expect, it } from 'vitest';
import { qrCodesOf } from '../../server/domain/qr-codes.ts';
import { visualTokens } from '../../server/pdf-text.ts';
import { cellOf, PAGE, QR_SIDE, qrSheetOf, renderQrSheet } from '../../server/qr-sheet.ts';
import { describeEachDialect, type Harness } from './harness.ts';

const BASE = 'https://greenmiles.example/';
/** Rendering scale: 2 × 72 dpi. */
const SCALE = 2;

/** The URL each code of the PDF decodes to, in sheet order, read from the page images. */
function decodeSheet(
  pdf: Buffer,
  count: number,
  rightToLeft: boolean,
): { urls: string[]; pages: number; text: string } {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const images = new Map<number, { width: number; height: number; rgba: Uint8ClampedArray }>();
  let text = '';
  for (let page = 0; page < document.countPages(); page++) {
    const loaded = document.loadPage(page);
    expect(loaded.getBounds().map((v) => Math.round(v))).toEqual([
      0,
      0,
      Math.round(PAGE.width),
      Math.round(PAGE.height),
    ]);
    text += loaded.toStructuredText('preserve-whitespace').asText();
    const pixmap = loaded.toPixmap(mupdf.Matrix.scale(SCALE, SCALE), mupdf.ColorSpace.DeviceRGB, true, true);
    images.set(page, {
      width: pixmap.getWidth(),
      height: pixmap.getHeight(),
      rgba: new Uint8ClampedArray(pixmap.getPixels()),
    });
  }
  const urls: string[] = [];
  for (let index = 0; index < count; index++) {
    const cell = cellOf(index, rightToLeft);
    const image = images.get(cell.page);
    if (!image) throw new Error(`no page ${cell.page}`);
    // The cell alone, so that jsQR sees one code.
    const [x0, y0] = [Math.round(cell.x * SCALE), Math.round(cell.y * SCALE)];
    const [w, h] = [Math.round(cell.width * SCALE), Math.round(cell.height * SCALE)];
    const crop = new Uint8ClampedArray(w * h * 4);
    for (let row = 0; row < h; row++) {
      const from = ((y0 + row) * image.width + x0) * 4;
      crop.set(image.rgba.subarray(from, from + w * 4), row * w * 4);
    }
    urls.push(jsQR(crop, w, h)?.data ?? `no code in cell ${index}`);
  }
  return { urls, pages: document.countPages(), text };
}

async function proofActionId(h: Harness): Promise<number> {
  const row = await h.handle.db
    .selectFrom('actions')
    .select('id')
    .where('hotel_id', '=', 1)
    .where('type', '=', 'PROOF')
    .executeTakeFirstOrThrow();
  return row.id;
}

it('orders a line’s words for display: Arabic right to left, numbers left to right', () => {
  expect(visualTokens('الغرفة 101').map((t) => t.text)).toEqual(['101', ' ', 'الغرفة']);
  expect(visualTokens('امسح الرمز للبدء').map((t) => t.text)).toEqual(['للبدء', ' ', 'الرمز', ' ', 'امسح']);
  expect(visualTokens('Room 101').map((t) => t.text)).toEqual(['Room', ' ', '101']);
  expect(visualTokens('Hôtel Les Tilleuls — الفندق').map((t) => t.text)).toEqual([
    'Hôtel',
    ' ',
    'Les',
    ' ',
    'Tilleuls',
    ' ',
    '—',
    ' ',
    'الفندق',
  ]);
});

describeEachDialect('QR sheet', (get) => {
  it('prints the hotel code, every room and every proof code on A4, each decoding to its address', async () => {
    const h = get();
    const sheet = await qrSheetOf(h.handle.db, { hotelId: 1, baseUrl: BASE });
    const proof = await proofActionId(h);
    const key = (await qrCodesOf(h.handle.db, 1))?.key ?? '';
    expect(key).toMatch(/^[0-9a-z]{12}$/);
    const expected = [
      `https://greenmiles.example/hotel/1?k=${key}`,
      'https://greenmiles.example/tilleuls-101',
      'https://greenmiles.example/tilleuls-102',
      'https://greenmiles.example/tilleuls-201',
      `https://greenmiles.example/proof/${proof}?hId=1&qrId=tilleuls-garden-gate`,
      `https://greenmiles.example/proof/${proof}?hId=1&qrId=tilleuls-garden-greenhouse`,
    ];
    expect(sheet.entries.map((e) => e.url)).toEqual(expected);
    expect(sheet.language).toBe('fr');
    expect(sheet.entries.map((e) => e.lines[1])).toEqual([
      'Scannez pour commencer',
      'Chambre 101',
      'Chambre 102',
      'Chambre 201',
      'Visitez notre potager',
      'Visitez notre potager',
    ]);
    // Seven codes: a second page.
    const seven = {
      ...sheet,
      entries: [...sheet.entries, { ...sheet.entries[1], url: `${BASE}tilleuls-extra` }],
    } as typeof sheet;
    const decoded = decodeSheet(await renderQrSheet(seven), 7, false);
    expect(decoded.pages).toBe(2);
    expect(decoded.urls).toEqual([...expected, 'https://greenmiles.example/tilleuls-extra']);
    expect(decoded.text).toContain('Hôtel Les Tilleuls');
    expect(decoded.text).toContain('Chambre 101');
    expect(QR_SIDE / (72 / 2.54)).toBeGreaterThanOrEqual(4);
  });

  it('writes an Arabic sheet with the bundled Arabic font, codes read from the right', async () => {
    const h = get();
    const sheet = await qrSheetOf(h.handle.db, { hotelId: 1, baseUrl: BASE, language: 'ar' });
    expect(sheet.entries[1]?.lines[1]).toBe('الغرفة 101');
    const pdf = await renderQrSheet(sheet);
    const decoded = decodeSheet(pdf, sheet.entries.length, true);
    expect(decoded.urls).toEqual(sheet.entries.map((e) => e.url));
    expect(pdf.toString('latin1')).toMatch(/NotoSansArabic/);
  });
});

it('npm run qr:sheet writes the PDF of a hotel of DATABASE_URL or of some rooms, and refuses bad arguments (exit 2)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'greenmiles-qr-'));
  const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'gm.db')}` };
  const run = (...args: string[]) => spawnSync(process.execPath, args, { encoding: 'utf8', env });
  const imported = run('server/cli.ts', 'hotel:import', 'server/content/hotels/demo-hotel.yaml');
  expect(imported.status, imported.stderr).toBe(0);
  const out = join(dir, 'demo.pdf');
  const written = run('server/qr-sheet-cli.ts', '--hotel', '2', '--base-url', 'https://gm.example', '--out', out);
  expect([written.status, written.stderr]).toEqual([0, '']);
  expect(written.stdout).toContain('6 QR codes of "Hôtel Démo GreenMiles" on 1 A4 page(s) (fr)');
  const { urls } = decodeSheet(readFileSync(out), 1, false);
  // The hotel QR carries the key generated at import (docs/trust-model.md#hotel-key), which the import printed.
  const printedKey = /hotel QR key ([0-9a-z]{12}) \(QR code: \{app address\}\/hotel\/2\?k=\1\)/.exec(imported.stdout);
  expect(printedKey, imported.stdout).not.toBeNull();
  expect(urls).toEqual([`https://gm.example/hotel/2?k=${printedKey?.[1]}`]);

  // A rotated room's card alone, reprinted.
  const rotated = run('server/cli.ts', 'qr:rotate', '--hotel', '2', '--room', '102');
  const newId = /new QR id ([0-9a-z]{12})/.exec(rotated.stdout)?.[1];
  expect(newId, rotated.stderr).toBeDefined();
  const one = join(dir, 'room-102.pdf');
  const reprinted = run(
    'server/qr-sheet-cli.ts',
    ...['--hotel', '2', '--base-url', 'https://gm.example', '--out', one, '--room', '102'],
  );
  expect([reprinted.status, reprinted.stderr]).toEqual([0, '']);
  expect(reprinted.stdout).toContain('1 QR codes of "Hôtel Démo GreenMiles" on 1 A4 page(s)');
  const room = decodeSheet(readFileSync(one), 1, false);
  expect(room.urls).toEqual([`https://gm.example/${newId}`]);
  expect(room.text).toContain('Chambre 102');
  const unknownRoom = run(
    'server/qr-sheet-cli.ts',
    ...['--hotel', '2', '--base-url', 'https://gm.example', '--out', one, '--room', '102', '--room', '999'],
  );
  expect([unknownRoom.status, unknownRoom.stderr.trim()]).toEqual([1, 'Room 999 of hotel 2 not found']);
  for (const args of [
    ['--hotel', '2', '--out', out],
    ['--hotel', '2', '--base-url', 'gm.example', '--out', out],
  ]) {
    const refused = run('server/qr-sheet-cli.ts', ...args);
    expect(refused.status, args.join(' ')).toBe(2);
    expect(refused.stderr).toContain('usage: npm run qr:sheet');
  }
  expect(run('server/qr-sheet-cli.ts', '--hotel', '9', '--base-url', 'https://gm.example', '--out', out).status).toBe(
    1,
  );
  // Eight Node processes, a few seconds each on a busy machine.
}, 120_000);
