/**
 * Bytes on the wire of a guest's first visit to /stay/{sUUID}: a real Chromium opens the page served by the real
 * server (built SPA, fresh database) to list the files it loads (the API answers aside), then each file is fetched
 * again three times — asking for Brotli, for gzip, and for neither — counting the bytes as sent, with the
 * Content-Encoding and Cache-Control each answer carries. Then the same browser opens the page again in a new tab
 * (the guest's next scan): how many files it still asks of the server, and the bytes that costs. Run with `npm run bench:transfer` (builds first).
 * BENCH_PORT picks the server's port (default 4492).
 */
import { request } from 'node:http';
import type { BrowserContext } from '@playwright/test';
import { launchChromium, returningGuest } from './chromium.ts';
import { createHotelStay, startServer } from './serve.ts';

interface WireAnswer {
  bytes: number;
  encoding: string;
  cacheControl: string;
}

/** One GET with the given Accept-Encoding, the body counted as it came (never decompressed). */
function fetchRaw(url: string, acceptEncoding: string): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { headers: { accept: 'text/html,*/*', 'accept-encoding': acceptEncoding } },
      (answer) => {
        let bytes = 0;
        answer.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        answer.on('end', () =>
          resolve({
            bytes,
            encoding: String(answer.headers['content-encoding'] ?? 'identity'),
            cacheControl: String(answer.headers['cache-control'] ?? '(none)'),
          }),
        );
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

interface VisitedFile {
  path: string;
  acceptEncoding: string;
  /** Taken from the browser's cache without asking the server. */
  cached: boolean;
  /** Bytes received for it, headers included (0 when cached). */
  wire: number;
}

/** Opens `url` in a new tab and lists the app's files it loaded (the API calls aside), as Chromium's network saw them. */
async function visit(context: BrowserContext, url: string): Promise<VisitedFile[]> {
  const page = await context.newPage();
  const network = await context.newCDPSession(page);
  await network.send('Network.enable');
  const files = new Map<string, VisitedFile>();
  const origin = new URL(url).origin;
  network.on('Network.requestWillBeSent', ({ requestId, request: sent }) => {
    const { origin: sentTo, pathname } = new URL(sent.url);
    if (sentTo !== origin || pathname.startsWith('/api/')) return;
    files.set(requestId, { path: pathname, acceptEncoding: '(none)', cached: false, wire: 0 });
  });
  // The headers as sent, with those the network stack adds (Accept-Encoding among them).
  network.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers }) => {
    const file = files.get(requestId);
    const acceptEncoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'accept-encoding');
    if (file && acceptEncoding) file.acceptEncoding = String(acceptEncoding[1]);
  });
  network.on('Network.requestServedFromCache', ({ requestId }) => {
    const file = files.get(requestId);
    if (file) file.cached = true;
  });
  network.on('Network.responseReceived', ({ requestId, response }) => {
    const file = files.get(requestId);
    if (file && response.fromDiskCache) file.cached = true;
  });
  network.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const file = files.get(requestId);
    if (file) file.wire = encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // The actions list's pictures come after its API answer, which a loaded machine may give after the network idled.
  await page.locator('[data-scope="action-card"]').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  return [...files.values()];
}

const wireTotal = (files: VisitedFile[]) => files.reduce((sum, file) => sum + file.wire, 0);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`.padStart(7);

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4492) });
const browser = await launchChromium();
try {
  const { sUUID, profileUUID } = await createHotelStay(server.baseUrl, 1);
  const context = await returningGuest(browser, profileUUID);
  const firstVisit = await visit(context, `${server.baseUrl}/stay/${sUUID}`);
  // The next QR scan, in a new tab of the same browser: what its cache spares.
  const repeatVisit = await visit(context, `${server.baseUrl}/stay/${sUUID}`);
  const files = new Set(firstVisit.map((file) => file.path));

  const rows = await Promise.all(
    [...files].map(async (path) => {
      const url = `${server.baseUrl}${path}`;
      const [br, gzip, identity] = [
        await fetchRaw(url, 'br, gzip'),
        await fetchRaw(url, 'gzip'),
        await fetchRaw(url, 'identity'),
      ];
      return { path, br, gzip, identity };
    }),
  );
  rows.sort((a, b) => b.identity.bytes - a.identity.bytes);
  console.log(
    `${'br KB'.padStart(7)} ${'gzip KB'.padStart(7)} ${'raw KB'.padStart(7)}  file  [encodings] cache-control`,
  );
  for (const { path, br, gzip, identity } of rows) {
    console.log(
      `${kb(br.bytes)} ${kb(gzip.bytes)} ${kb(identity.bytes)}  ${path}  [${br.encoding}/${gzip.encoding}] ${br.cacheControl}`,
    );
  }
  const total = (pick: (row: (typeof rows)[number]) => WireAnswer) =>
    rows.reduce((sum, row) => sum + pick(row).bytes, 0);
  const isScript = (row: (typeof rows)[number]) => row.path.endsWith('.js');
  const scriptTotal = (pick: (row: (typeof rows)[number]) => WireAnswer) =>
    rows.filter(isScript).reduce((sum, row) => sum + pick(row).bytes, 0);
  console.log(
    `\nFirst visit to /stay/{sUUID}: ${rows.length} files on the wire: ${kb(total((row) => row.br))} KB with br, ` +
      `${kb(total((row) => row.gzip))} KB with gzip, ${kb(total((row) => row.identity))} KB uncompressed` +
      `\n  of which JavaScript (${rows.filter(isScript).length} files): ${kb(scriptTotal((row) => row.br))} KB br, ` +
      `${kb(scriptTotal((row) => row.gzip))} KB gzip, ${kb(scriptTotal((row) => row.identity))} KB uncompressed` +
      `\n  Chromium asked for Accept-Encoding: ${[...new Set(firstVisit.map((file) => file.acceptEncoding))].filter((sent) => sent !== '(none)').join(' | ')} ` +
      `(over plain http) and got ${kb(wireTotal(firstVisit))} KB on the wire (headers included)` +
      `\nRepeat visit (a new tab of the same browser): ${repeatVisit.filter((file) => !file.cached).length} of ` +
      `${repeatVisit.length} files asked of the server (revalidations included), ${kb(wireTotal(repeatVisit))} KB on the wire`,
  );
} finally {
  await browser.close();
  server.stop();
}
