/**
 * Lighthouse 13 with its defaults (mobile: Moto G Power screen, 150 ms round trip, 1.6 Mbps, CPU 4× slower, simulated
 * throttling) on a guest's first visit of a hotel QR address and a room QR address, served by the real server (built
 * SPA, fresh database), each opened in a fresh Debian chromium profile: no guest profile, no chosen language, no
 * cache, as on a first scan. The page goes on to the stay's actions page by itself, so the
 * figures cover the whole way from the scan to the actions list (docs/performance.md#lighthouse).
 *
 * Run with `npm run bench:lighthouse` (builds first); `node bench/lighthouse.ts /some-path` measures only that
 * address; BENCH_PORT picks the server's port (Chromium's debugging port follows it), LIGHTHOUSE_JSON=/dir/prefix
 * keeps each report. Besides the figures it prints where the main thread's time went. Printed figures, never a pass
 * or fail. Goals: performance ≥ 95, accessibility 100, LCP ≤ 1.5 s, TBT ≤ 100 ms, CLS ≤ 0.05.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'lighthouse';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { startServer } from './serve.ts';

const SERVER_PORT = Number(process.env.BENCH_PORT ?? 4691);
const DEBUGGING_PORT = SERVER_PORT + 4705;
/** A hotel QR (the sample hotel's entry is open: no key) and a room QR of the sample hotel (README, Sample hotels). */
const DEFAULT_PATHS = ['/hotel/1', '/tilleuls-101'];
const CATEGORIES = ['performance', 'accessibility'] as const;
const METRICS = [
  { audit: 'largest-contentful-paint', label: 'LCP', unit: 's' },
  { audit: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  { audit: 'cumulative-layout-shift', label: 'CLS', unit: '' },
  { audit: 'first-contentful-paint', label: 'FCP', unit: 's' },
] as const;

function startChromium(): ChildProcess {
  return spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${DEBUGGING_PORT}`,
      `--user-data-dir=${mkdtempSync(join(tmpdir(), 'greenmiles-lighthouse-'))}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
}

async function debuggerReady(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`http://127.0.0.1:${DEBUGGING_PORT}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('Chromium did not open its debugging port within 30 s');
}

function formatMetric(value: number | undefined, unit: string): string {
  if (value === undefined) return 'n/a';
  if (unit === 's') return `${(value / 1000).toFixed(2)} s`;
  if (unit === 'ms') return `${Math.round(value)} ms`;
  return value.toFixed(3);
}

/** Lighthouse on `path` in a fresh browser profile, closed (and its debugging port free) before this returns. */
async function runLighthouse(baseUrl: string, path: string) {
  const browserProcess = startChromium();
  try {
    await debuggerReady();
    const result = await lighthouse(`${baseUrl}${path}`, {
      port: DEBUGGING_PORT,
      onlyCategories: [...CATEGORIES],
      logLevel: 'error',
      output: 'json',
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${path}`);
    return result.lhr;
  } finally {
    const exited = once(browserProcess, 'exit');
    browserProcess.kill('SIGTERM');
    await exited;
  }
}

interface TableDetails {
  type: 'table';
  items: Array<Record<string, unknown>>;
}

function tableOf(lhr: Result, audit: string): Array<Record<string, unknown>> {
  const details = lhr.audits[audit]?.details as TableDetails | undefined;
  return details?.type === 'table' ? details.items : [];
}

const fileOf = (url: unknown) => (typeof url === 'string' ? url.replace(/^https?:\/\/[^/]+/, '') || url : '?');
const ms = (value: unknown) => `${Math.round(Number(value))} ms`;

/**
 * Where the main thread's time goes, as Lighthouse simulated it (CPU 4× slower): its work by kind, the scripts that
 * cost most, the longest tasks, and the largest contentful paint's element with its phases.
 */
function printMainThread(lhr: Result): void {
  const indent = ''.padEnd(14);
  const work = tableOf(lhr, 'mainthread-work-breakdown').map((item) => `${item.groupLabel} ${ms(item.duration)}`);
  console.log(`${indent} main thread ${ms(lhr.audits['mainthread-work-breakdown']?.numericValue)}: ${work.join(', ')}`);
  const scripts = tableOf(lhr, 'bootup-time')
    .slice(0, 4)
    .map((item) => `${fileOf(item.url)} ${ms(item.total)} (script ${ms(item.scripting)})`);
  console.log(`${indent} by script: ${scripts.join(', ')}`);
  const tasks = tableOf(lhr, 'long-tasks')
    .slice(0, 6)
    .map((item) => `${ms(item.duration)} at ${ms(item.startTime)} (${fileOf(item.url)})`);
  console.log(`${indent} longest tasks: ${tasks.join(', ')}`);
  const lcp = lhr.audits['lcp-breakdown-insight']?.details as
    | { items?: Array<{ type: string; items?: Array<{ label: string; duration: number }>; selector?: string }> }
    | undefined;
  const phases = lcp?.items?.find((item) => item.type === 'table')?.items ?? [];
  const element = lcp?.items?.find((item) => item.type === 'node')?.selector ?? 'n/a';
  console.log(
    `${indent} LCP element ${element}: ${phases.map((phase) => `${phase.label} ${ms(phase.duration)}`).join(', ')}`,
  );
}

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_PATHS;
const server = await startServer({ port: SERVER_PORT });
try {
  for (const path of paths) {
    const lhr = await runLighthouse(server.baseUrl, path);
    const scores = CATEGORIES.map((category) => {
      const score = lhr.categories[category]?.score;
      return `${category} ${score == null ? 'n/a' : Math.round(score * 100)}`;
    });
    const metrics = METRICS.map(
      ({ audit, label, unit }) => `${label} ${formatMetric(lhr.audits[audit]?.numericValue, unit)}`,
    );
    console.log(`${path.padEnd(14)} ${[...scores, ...metrics].join('  ')}  (final address ${lhr.finalDisplayedUrl})`);
    // What keeps the accessibility score from 100: its failed audits, by id.
    const failedAccessibility = Object.values(lhr.audits)
      .filter(
        (audit) =>
          lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0) &&
          audit.score !== null &&
          audit.score < 1,
      )
      .map((audit) => audit.id);
    if (failedAccessibility.length > 0)
      console.log(`${''.padEnd(14)} accessibility audits failed: ${failedAccessibility.join(', ')}`);
    printMainThread(lhr);
    if (process.env.LIGHTHOUSE_JSON)
      writeFileSync(`${process.env.LIGHTHOUSE_JSON}${path.replaceAll('/', '_')}.json`, JSON.stringify(lhr));
  }
} finally {
  server.stop();
}
