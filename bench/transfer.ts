/**
 * Bytes on the wire of a guest's first visit to /stay/{sUUID}: a real Chromium opens the page served by the real
 * server (built SPA, fresh database) to list the files it loads (the API answers aside), then each file is fetched
 * again three times — asking for Brotli, for gzip, and for neither — counting the bytes as sent, with the
 * Content-Encoding and Cache-Control each answer carries. Run with `npm run bench:transfer` (builds first).
 * BENCH_PORT picks the server's port (default 4492).
 */
import { request } from 'node:http';
import { chromium } from '@playwright/test';
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`.padStart(7);

const server = await startServer(Number(process.env.BENCH_PORT ?? 4492));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const { sUUID, profileUUID } = await createHotelStay(server.baseUrl, 1);
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    'profileUUID',
    profileUUID,
  ] as const);
  const page = await context.newPage();
  const files = new Set<string>();
  const browserEncodings = new Set<string>();
  page.on('request', async (sent) => {
    const url = new URL(sent.url());
    if (url.origin !== server.baseUrl || url.pathname.startsWith('/api/')) return;
    files.add(url.pathname);
    browserEncodings.add((await sent.allHeaders())['accept-encoding'] ?? '(none)');
  });
  await page.goto(`${server.baseUrl}/stay/${sUUID}`, { waitUntil: 'networkidle' });

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
      `\n  Chromium asked for Accept-Encoding: ${[...browserEncodings].join(' | ')} (over plain http)`,
  );
} finally {
  await browser.close();
  server.stop();
}
