/**
 * Pictures (docs/behaviour.md#pictures), on both databases: a manager's JPEG, PNG or WebP upload is stored resized,
 * upright and without its metadata, once however often it is uploaded, and served by its hash with a year's caching;
 * anything else — an SVG, a GIF, a truncated file, a file too large in bytes or in pixels — is refused and stores
 * nothing; only a manager of the hotel may upload.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { PICTURE_MAX_BYTES } from '../../contract/content-editor.ts';
import { PICTURE_MAX_SIDE } from '../../server/domain/content-pictures.ts';
import { describeEachDialect, type Harness, SAMPLE_STAFF, staffHeaders, TEST_FRONT_TOKEN } from './harness.ts';

const staticDir = mkdtempSync(join(tmpdir(), 'gm-pictures-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>GreenMiles</title>');
mkdirSync(join(staticDir, 'pictures'));
writeFileSync(join(staticDir, 'pictures', 'gift.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

/** A picture of one colour: quick to make and to shrink, whatever its size. */
function plain(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#3a7d44' } });
}
/** A picture of noise: its file is large enough to be cut short in the middle of its pixels. */
function noise(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: '#3a7d44', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });
}
const jpeg = (width: number, height: number) => plain(width, height).jpeg().toBuffer();
const png = (width: number, height: number) => plain(width, height).png().toBuffer();
const webp = (width: number, height: number) => plain(width, height).webp().toBuffer();

/** A PNG whose header says `width`×`height` (a decompression bomb's promise), its chunk checksum right. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const file = Buffer.from(await png(1, 1));
  // The signature (8 bytes), IHDR's length and name (8), then its width and height; its CRC covers name and data.
  file.writeUInt32BE(width, 16);
  file.writeUInt32BE(height, 20);
  file.writeUInt32BE(crc32(file.subarray(12, 29)), 29);
  return file;
}

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

async function upload(h: Harness, body: Buffer, contentType: string, headers?: Record<string, string>, hotelId = 1) {
  return h.app.inject({
    method: 'POST',
    url: `/api/staff/hotels/${hotelId}/pictures`,
    headers: { ...(headers ?? (await staffHeaders(h.app))), 'content-type': contentType },
    payload: body,
  });
}

async function storedCount(h: Harness): Promise<number> {
  const row = await h.handle.db
    .selectFrom('content_pictures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function signedInAs(h: Harness, name: string) {
  const account = SAMPLE_STAFF[1]?.find((known) => known.name === name);
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/staff/sessions',
    payload: { hId: 1, name, pin: account?.pin },
  });
  return { 'x-front-token': TEST_FRONT_TOKEN, authorization: `Bearer ${response.json().token}` };
}

describeEachDialect(
  'pictures',
  (get) => {
    it.each([
      ['image/jpeg', () => jpeg(640, 480), [640, 480]],
      ['image/png', () => png(300, 200), [300, 200]],
      ['image/webp', () => webp(200, 300), [200, 300]],
      ['image/jpeg', () => jpeg(4000, 3000), [PICTURE_MAX_SIDE, 1104]],
      ['image/png', () => png(1000, 3000), [491, PICTURE_MAX_SIDE]],
    ] as const)('a %s is stored as WebP, never enlarged, within the largest card size', async (type, make, size) => {
      const h = get();
      const response = await upload(h, await make(), type);
      expect(response.statusCode, response.body).toBe(201);
      const reply = response.json();
      expect(reply).toEqual({
        url: expect.stringMatching(/^\/pictures\/[0-9a-f]{32}\.webp$/),
        width: size[0],
        height: size[1],
      });
      const served = await h.app.inject(reply.url);
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', size[0], size[1]]);
    });

    it('turns a photo upright by its EXIF orientation and keeps none of its metadata', async () => {
      const h = get();
      // 400×200 as stored, to be shown turned a quarter clockwise (orientation 6): 200×400 upright.
      const photo = await plain(400, 200)
        .jpeg()
        .withExif({ IFD0: { Make: 'PhoneCo' } })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      expect((await sharp(photo).metadata()).orientation).toBe(6);
      const response = await upload(h, photo, 'image/jpeg');
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ width: 200, height: 400 });
      const metadata = await sharp((await h.app.inject(response.json().url)).rawPayload).metadata();
      expect([metadata.width, metadata.height, metadata.exif, metadata.orientation]).toEqual([
        200,
        400,
        undefined,
        undefined,
      ]);
    });

    it('stores the same picture once, however often it is uploaded', async () => {
      const h = get();
      const picture = await png(120, 80);
      const first = await upload(h, picture, 'image/png');
      const before = await storedCount(h);
      const second = await upload(h, picture, 'image/png');
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(await storedCount(h)).toBe(before);
    });

    it('reads the type from the bytes: a JPEG sent as PNG is a JPEG, an SVG sent as PNG is refused', async () => {
      const h = get();
      expect((await upload(h, await jpeg(64, 64), 'image/png')).statusCode).toBe(201);
      const svg = await upload(h, SVG, 'image/png');
      expect([svg.statusCode, svg.json().error]).toEqual([415, 'picture_unsupported']);
    });

    it.each([
      ['an SVG', 'image/svg+xml', async () => SVG],
      ['a GIF', 'image/gif', () => plain(32, 32).gif().toBuffer()],
      ['a GIF sent as JPEG', 'image/jpeg', () => plain(32, 32).gif().toBuffer()],
      ['a HEIC header', 'image/jpeg', async () => Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic')],
      ['text', 'text/plain', async () => Buffer.from('not a picture')],
      ['garbage after a JPEG signature', 'image/jpeg', async () => Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3, 4, 5])],
      ['a truncated JPEG', 'image/jpeg', async () => (await noise(400, 300).jpeg().toBuffer()).subarray(0, 6000)],
      ['a truncated PNG', 'image/png', async () => (await noise(400, 300).png().toBuffer()).subarray(0, 6000)],
      ['an empty body', 'image/webp', async () => Buffer.alloc(0)],
    ])('refuses %s 415 picture_unsupported and stores nothing', async (_, type, make) => {
      const h = get();
      const before = await storedCount(h);
      const response = await upload(h, await make(), type);
      expect([response.statusCode, response.json().error], response.body).toEqual([415, 'picture_unsupported']);
      expect(await storedCount(h)).toBe(before);
    });

    it('refuses a file over 10 MB, and one that would unpack into too many pixels, 413 picture_too_large', async () => {
      const h = get();
      const before = await storedCount(h);
      const heavy = Buffer.alloc(PICTURE_MAX_BYTES + 1);
      heavy.set([0xff, 0xd8, 0xff]);
      const tooHeavy = await upload(h, heavy, 'image/jpeg');
      expect([tooHeavy.statusCode, tooHeavy.json().error]).toEqual([413, 'picture_too_large']);
      // 20,000 × 20,000 pixels promised by a file of 70 bytes: refused before it is decoded.
      const bomb = await upload(h, await pngClaiming(20_000, 20_000), 'image/png');
      expect([bomb.statusCode, bomb.json().error], bomb.body).toEqual([413, 'picture_too_large']);
      expect(await storedCount(h)).toBe(before);
    });

    it('lets only a manager of the hotel upload', async () => {
      const h = get();
      const before = await storedCount(h);
      const picture = await png(50, 50);
      for (const name of ['Hugo', 'Inès']) {
        const refused = await upload(h, picture, 'image/png', await signedInAs(h, name));
        expect([refused.statusCode, refused.json().error], name).toEqual([403, 'staff_role_forbidden']);
      }
      const otherHotel = await upload(h, picture, 'image/png', await staffHeaders(h.app, 2));
      expect([otherHotel.statusCode, otherHotel.json().error]).toEqual([403, 'staff_session_wrong_hotel']);
      const anonymous = await h.app.inject({
        method: 'POST',
        url: '/api/staff/hotels/1/pictures',
        headers: { 'content-type': 'image/png' },
        payload: picture,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await storedCount(h)).toBe(before);
    });

    it('serves a picture to anyone with a year of caching, its hash as its tag (304), and 404 for an unknown one', async () => {
      const h = get();
      const picture = await webp(90, 60);
      const { url } = (await upload(h, picture, 'image/webp')).json();
      const served = await h.app.inject(url);
      expect(served.statusCode).toBe(200);
      const hash = url.slice('/pictures/'.length, -'.webp'.length);
      expect(served.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        etag: `"${hash}"`,
        'x-content-type-options': 'nosniff',
      });
      expect(served.headers['content-security-policy']).toContain("img-src 'self'");
      expect(served.rawPayload.length).toBe(Number(served.headers['content-length']));
      const again = await h.app.inject({ url, headers: { 'if-none-match': `"${hash}"` } });
      expect([again.statusCode, again.body, again.headers.etag]).toEqual([304, '', `"${hash}"`]);
      const other = await h.app.inject({ url, headers: { 'if-none-match': '"0123"' } });
      expect(other.statusCode).toBe(200);

      const unknown = await h.app.inject(`/pictures/${'0'.repeat(32)}.webp`);
      expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'not_found']);
      expect(unknown.headers['cache-control']).toBeUndefined();
      expect((await h.app.inject('/pictures/not-a-hash.webp')).statusCode).toBe(404);
      // The app's own pictures are still its files.
      const appPicture = await h.app.inject('/pictures/gift.svg');
      expect([appPicture.statusCode, appPicture.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    });
  },
  { staticDir: () => staticDir },
);
