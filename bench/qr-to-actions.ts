/**
 * QR scan → interactive actions list (docs/performance.md#qr-scan-to-actions-round-trips): a first-time guest (fresh
 * browser profile) opens a room QR address and a hotel QR address in Debian chromium under the Lighthouse mobile
 * profile (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower), against the real server (built SPA, fresh
 * database). Prints each request with its start and end (ms after navigation start) and its round-trip level, the
 * number of sequential round trips after the HTML, and when the first action's button was visible and enabled.
 *
 * A request's level is 1 + the highest level among the requests (the HTML is level 0) that had ended before it
 * started: it had to wait on one of them. The round trips the list waited on are the highest level among the
 * requests that ended before it became interactive, leaving out the QR scan record (nothing waits on it) and
 * pictures (the list shows without them).
 *
 * Run with `npm run bench:qr` (builds first); `node bench/qr-to-actions.ts /some-qr-path` opens only that address;
 * BENCH_PORT picks the server's port.
 * Printed figures, never a pass or fail. Goal: at most 3 round trips and 2.0 s.
 */
import { launchChromium } from './chromium.ts';
import { startServer } from './serve.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4690);
const DEFAULT_PATHS = ['/tilleuls-101', '/hotel/1'];
/** Lighthouse 13's mobile profile (its `throttling` defaults): what a phone on a hotel's weak Wi-Fi gets. */
const RTT_MS = 150;
const DOWNLOAD_BYTES_PER_S = (1.6 * 1024 * 1024) / 8;
const UPLOAD_BYTES_PER_S = (750 * 1024) / 8;
const CPU_SLOWDOWN = 4;
/** A first action's button, visible and enabled: the guest can act. */
const ACTION_BUTTON = '[data-scope="actions-list"] article button[data-part="open"]:not([disabled])';

interface RequestRecord {
  id: string;
  method: string;
  url: string;
  type: string;
  start: number;
  end: number | null;
  failed: string | null;
  level: number;
}

function isWaitedOn(request: RequestRecord): boolean {
  const { pathname } = new URL(request.url);
  return request.type !== 'Image' && !pathname.startsWith('/pictures/') && !pathname.startsWith('/api/qr-scans/');
}

/** Levels by start order: a request waited on every request that had ended before it started. */
function assignLevels(requests: RequestRecord[]): void {
  const ordered = [...requests].sort((a, b) => a.start - b.start);
  for (const [index, request] of ordered.entries()) {
    if (index === 0) {
      request.level = 0;
      continue;
    }
    const before = ordered.filter(
      (other) => other !== request && other.end !== null && other.end <= request.start && isWaitedOn(other),
    );
    request.level = 1 + Math.max(-1, ...before.map((other) => other.level));
  }
}

async function measure(baseUrl: string, path: string): Promise<void> {
  const browser = await launchChromium();
  try {
    // Lighthouse's mobile screen (Moto G Power); a fresh context: no profile, no cache, no chosen language.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: RTT_MS,
      downloadThroughput: DOWNLOAD_BYTES_PER_S,
      uploadThroughput: UPLOAD_BYTES_PER_S,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const requests = new Map<string, RequestRecord>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.startsWith('data:')) return;
      requests.set(event.requestId, {
        id: event.requestId,
        method: event.request.method,
        url: event.request.url,
        type: event.type ?? 'Other',
        start: event.timestamp * 1000,
        end: null,
        failed: null,
        level: 0,
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.end = event.timestamp * 1000;
    });
    cdp.on('Network.loadingFailed', (event) => {
      const request = requests.get(event.requestId);
      if (request) Object.assign(request, { end: event.timestamp * 1000, failed: event.errorText });
    });

    // Watched from inside the page, on every change of the document: the page's own clock (from navigation start)
    // when the button is there and laid out, not when a slowed-down test driver gets round to asking.
    await page.addInitScript((selector) => {
      const found = () => {
        const button = document.querySelector(selector);
        if (!button || button.getBoundingClientRect().height === 0) return false;
        Object.assign(window, { actionsInteractiveAt: performance.now() });
        return true;
      };
      new MutationObserver((_changes, observer) => {
        if (found()) observer.disconnect();
      }).observe(document, { subtree: true, childList: true, attributes: true });
      // The main thread's tasks over 50 ms (what Lighthouse's Total Blocking Time sums beyond 50 ms each).
      const longTasks: Array<{ start: number; duration: number }> = [];
      Object.assign(window, { longTasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    }, ACTION_BUTTON);
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
    const interactiveMs = Number(
      await (
        await page.waitForFunction(() => Reflect.get(window, 'actionsInteractiveAt'), undefined, {
          timeout: 120_000,
          polling: 100,
        })
      ).jsonValue(),
    );
    await page.waitForLoadState('networkidle');

    const all = [...requests.values()];
    const origin = Math.min(...all.map((request) => request.start));
    for (const request of all) {
      request.start -= origin;
      if (request.end !== null) request.end -= origin;
    }
    assignLevels(all);
    const rows = all.sort((a, b) => a.start - b.start);
    console.log(`\n${path}  (${baseUrl})`);
    console.log('  level   start     end  request');
    for (const request of rows) {
      const target = new URL(request.url);
      const end = request.end === null ? '     …' : `${Math.round(request.end)}`.padStart(6);
      const note = request.failed ? `  (${request.failed})` : isWaitedOn(request) ? '' : '  (nothing waits on it)';
      console.log(
        `  ${String(request.level).padStart(5)}  ${`${Math.round(request.start)}`.padStart(6)}  ${end}  ${request.method} ${target.pathname}${target.search}${note}`,
      );
    }
    // The page's clock starts at navigation, a little before the HTML request: close enough at this scale.
    const waitedOn = rows.filter(
      (request) => request.level > 0 && isWaitedOn(request) && request.end !== null && request.end <= interactiveMs,
    );
    const roundTrips = Math.max(0, ...waitedOn.map((request) => request.level));
    console.log(`  sequential round trips after the HTML: ${roundTrips} (goal ≤ 3)`);
    console.log(`  actions list interactive after: ${(interactiveMs / 1000).toFixed(2)} s (goal ≤ 2.0 s)`);
    const longTasks = (await page.evaluate(() => Reflect.get(window, 'longTasks'))) as Array<{
      start: number;
      duration: number;
    }>;
    const beforeInteractive = longTasks.filter((task) => task.start < interactiveMs);
    const blocking = beforeInteractive.reduce((sum, task) => sum + task.duration - 50, 0);
    console.log(
      `  long tasks before then: ${beforeInteractive.length}, blocking ${Math.round(blocking)} ms beyond 50 ms each; ${beforeInteractive
        .map((task) => `${Math.round(task.duration)} ms at ${Math.round(task.start)}`)
        .join(', ')}`,
    );
    await context.close();
  } finally {
    await browser.close();
  }
}

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_PATHS;
const server = await startServer({ port: PORT });
try {
  for (const path of paths) await measure(server.baseUrl, path);
} finally {
  server.stop();
}
