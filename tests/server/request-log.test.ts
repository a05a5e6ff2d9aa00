/**
 * The request log never writes a secret that opens a stay or proves presence (docs/server.md#logs): a room's QR id
 * (in a page address or an API path), a hotel's QR key (`?k=`), a proof code (`?qrId=` of the proof page, or a body),
 * a guest's ids. Every request is logged at debug, so each secret's requests are read from real log lines. On SQLite
 * only: the log does not depend on the database.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { qrCodesOf } from '../../server/domain/qr-codes.ts';
import { createTestDatabase, TEST_FRONT_TOKEN, type TestDatabase } from './harness.ts';

const PROOF_CODE = 'tilleuls-garden-gate';

type Request = InjectOptions & { url: string };

describe('the request log', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  const distDir = mkdtempSync(join(tmpdir(), 'greenmiles-log-'));
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await seedSampleHotels(database.handle.db);
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<meta name="greenmiles-front-token" content="">');
    writeFileSync(join(distDir, 'assets', 'index-AbCd1234.js'), '');
    app = await buildApp({
      db: database.handle.db,
      kind: database.handle.kind,
      frontToken: TEST_FRONT_TOKEN,
      staticDir: distDir,
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(distDir, { recursive: true, force: true });
  });

  /** The logged URLs of `requests` (every line that names one), after checking `secret` is in none of their lines. */
  async function loggedUrls(secret: string, requests: Request[]): Promise<string[]> {
    lines.length = 0;
    for (const request of requests) {
      const response = await app.inject({ ...request, headers: { accept: 'text/html', ...request.headers } });
      expect(response.statusCode, request.url).toBeLessThan(500);
    }
    expect(lines.filter((line) => line.includes('"incoming request"'))).toHaveLength(requests.length);
    for (const line of lines) expect(line).not.toContain(secret);
    return lines.map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url ?? '').filter(Boolean);
  }

  it("a room's QR id: in the page addresses, the room calls and the scan record, on a route or not", async () => {
    const qrId = 'tilleuls-101';
    const json = { 'content-type': 'application/json', 'x-front-token': TEST_FRONT_TOKEN };
    const urls = await loggedUrls(qrId, [
      { url: `/${qrId}` },
      { url: `/demo/${qrId}` },
      { url: `/${qrId}/disabled` },
      { url: `/api/rooms/${qrId}/info` },
      { method: 'POST', url: `/api/rooms/${qrId}/stays`, payload: {}, headers: json },
      { method: 'POST', url: `/api/qr-scans/room/${qrId}`, payload: { qrId }, headers: json },
      { url: `/api/rooms/${qrId}/no-such-call` },
      { url: `/api/stays/new?qrId=${qrId}` },
    ]);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/[redacted]',
        '/demo/[redacted]',
        '/[redacted]/disabled',
        '/api/rooms/[redacted]/info',
        '/api/rooms/[redacted]/stays',
        '/api/qr-scans/room/[redacted]',
        '/api/rooms/[redacted]/[redacted]',
        '/api/stays/new?[redacted]',
      ]),
    );
  });

  it("a random QR id after a rotation, and a hotel's QR key in `?k=`", async () => {
    const codes = await qrCodesOf(database.handle.db, 1);
    const key = codes?.key ?? '';
    const randomId = 'k7m2p9q4r8s3';
    await database.handle.db
      .updateTable('rooms')
      .set({ qr_id: randomId })
      .where('qr_id', '=', 'tilleuls-102')
      .execute();
    expect(key).toMatch(/^[0-9a-z]{12}$/);
    for (const [secret, url] of [
      [key, `/hotel/1?k=${key}`],
      [key, `/demo/hotel/1?k=${key}`],
      [randomId, `/${randomId}`],
      [randomId, `/api/rooms/${randomId}/info`],
    ] as const)
      expect((await loggedUrls(secret, [{ url }]))[0]).toMatch(/^\/(demo\/)?(hotel\/1\?|api\/rooms\/)?\[redacted\]/);
  });

  it("a proof's code: in the proof page's query and in the proof call's body", async () => {
    const urls = await loggedUrls(PROOF_CODE, [
      { url: `/proof/12?hId=1&qrId=${PROOF_CODE}` },
      { url: `/demo/proof/12?qrId=${PROOF_CODE}` },
      {
        method: 'POST',
        url: '/api/actions/12/proof',
        payload: { hId: 1, qrId: PROOF_CODE },
        headers: { 'x-front-token': TEST_FRONT_TOKEN },
      },
    ]);
    expect(urls).toEqual(expect.arrayContaining(['/proof/12?[redacted]', '/api/actions/12/proof']));
  });

  it('keeps what carries no secret: route words, ids and room numbers, file names', async () => {
    const urls = await loggedUrls('never-logged', [
      { url: '/api/green/hotels/1' },
      { url: '/api/staff/hotels/1/rooms/101/qr-rotation', method: 'POST' },
      { url: '/assets/index-AbCd1234.js' },
      { url: '/healthz' },
    ]);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/green/hotels/1',
        '/api/staff/hotels/1/rooms/101/qr-rotation',
        '/assets/index-AbCd1234.js',
        '/healthz',
      ]),
    );
  });
});
