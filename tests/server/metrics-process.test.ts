/**
 * `npm start` (server/main.ts, a real process) with METRICS_PORT: the metrics are served on that port of loopback,
 * in Prometheus text, with the requests the app port answered; the app port itself serves none (no METRICS_TOKEN).
 * The families and the token are tests/server/metrics.test.ts's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FRONT_TOKEN_HEADER } from '../../contract/headers.ts';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text.ts';
import { freePort } from '../support/spawned-server.ts';

const directory = mkdtempSync(join(tmpdir(), 'greenmiles-metrics-'));
let child: ChildProcess | undefined;
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(directory, { recursive: true, force: true });
});

async function waitFor(url: string, errors: string[]): Promise<void> {
  // server/main.ts builds the SPA first when dist/ has none.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child?.exitCode !== null) break;
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server/main.ts did not start: ${errors.join('')}`);
}

describe('the metrics port of `npm start`', () => {
  it('serves /metrics on METRICS_PORT (loopback), with the app port’s requests, and none on the app port', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const errors: string[] = [];
    child = spawn(process.execPath, ['server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(directory, 'greenmiles.db')}`,
        FRONT_TOKEN: 'metrics-process-token',
        LOG_LEVEL: 'warn',
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '',
        METRICS_TOKEN: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`, errors);

    const created = await fetch(`${base}/api/stays/hotel/1/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [FRONT_TOKEN_HEADER]: 'metrics-process-token' },
      body: '{}',
    });
    expect(created.status, await created.clone().text()).toBe(201);

    const onAppPort = await fetch(`${base}/metrics`);
    expect(await onAppPort.text()).not.toContain('# TYPE');

    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parsePrometheusText(await scraped.text());
    expect(
      sampleValue(samples, 'greenmiles_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/stays/hotel/:hId/new',
        status_code: '201',
      }),
    ).toBe(1);
    expect(sampleValue(samples, 'process_resident_memory_bytes', {})).toBeGreaterThan(0);

    const elsewhere = await fetch(`http://127.0.0.1:${metricsPort}/`);
    expect(elsewhere.status).toBe(404);
    expect((await elsewhere.json()).error).toBe('not_found');
  }, 240_000);
});
