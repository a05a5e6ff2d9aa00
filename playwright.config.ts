import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { writeQrCameraFile } from './e2e/fake-camera.ts';

const port = Number(process.env.E2E_PORT ?? 4321);
const devServerPort = Number(process.env.E2E_DEV_PORT ?? port + 1000);
const inspectorPort = Number(process.env.E2E_INSPECTOR_PORT ?? port + 2000);
// Made once by the runner and inherited by its workers (which load this file again): a journey runs a server command
// on the same database as the server it drives (e2e/support.ts `runServerCommand`).
process.env.E2E_DATABASE_FILE ??= join(mkdtempSync(join(tmpdir(), 'greenmiles-e2e-')), 'e2e.db');
const databaseFile = process.env.E2E_DATABASE_FILE;
const inspectorDatabaseFile = join(mkdtempSync(join(tmpdir(), 'greenmiles-e2e-inspector-')), 'e2e.db');
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A camera showing a QR code, for the staff page's scan (e2e/staff-scan.spec.ts). */
const qrCameraFile = writeQrCameraFile(join(mkdtempSync(join(tmpdir(), 'greenmiles-e2e-camera-')), 'qr.y4m'));
/** Chromium's synthetic camera (a moving test pattern) for the meal photo (e2e/meal-photo.spec.ts). */
const fakeCamera = (ui: 'accept' | 'deny') => [
  '--use-fake-device-for-media-stream',
  ui === 'accept' ? '--use-fake-ui-for-media-stream' : '--use-fake-ui-for-media-stream=deny',
];

export default defineConfig({
  testDir: 'e2e',
  forbidOnly: true,
  retries: 0,
  workers: 1,
  // Journeys of a dozen dialogs take 20–35 s on a loaded 2-core machine: the limit catches hangs, not slowness.
  timeout: 60_000,
  reporter: [['list']],
  projects: [
    {
      name: 'journeys',
      testIgnore: [
        'dev-server.spec.ts',
        'meal-photo.spec.ts',
        'inspector.spec.ts',
        'staff-scan.spec.ts',
        'screenshots.spec.ts',
      ],
    },
    // The staff page's scan, the camera showing a QR code.
    {
      name: 'staff-scan',
      testMatch: 'staff-scan.spec.ts',
      use: {
        permissions: ['camera'],
        launchOptions: {
          executablePath,
          args: [...chromiumArgs, ...fakeCamera('accept'), `--use-file-for-fake-video-capture=${qrCameraFile}`],
        },
      },
    },
    // The meal photo with a camera that answers, then with one the guest refuses.
    {
      name: 'meal-camera',
      testMatch: 'meal-photo.spec.ts',
      grepInvert: /@camera-refused/,
      use: {
        permissions: ['camera'],
        launchOptions: { executablePath, args: [...chromiumArgs, ...fakeCamera('accept')] },
      },
    },
    {
      name: 'meal-camera-refused',
      testMatch: 'meal-photo.spec.ts',
      grep: /@camera-refused/,
      use: { launchOptions: { executablePath, args: [...chromiumArgs, ...fakeCamera('deny')] } },
    },
    // `npm run dev` as a maintainer runs it, against the same API server.
    { name: 'dev-server', testMatch: 'dev-server.spec.ts', use: { baseURL: `http://127.0.0.1:${devServerPort}` } },
    // The QA inspector (docs/inspector.md): the same server started with QA_INSPECTOR=1.
    { name: 'inspector', testMatch: 'inspector.spec.ts', use: { baseURL: `http://127.0.0.1:${inspectorPort}` } },
    // `npm run screenshots`: every screen for a reviewer, not a test. Playwright runs every project it is given, so
    // this one exists only when asked for (SCREENSHOTS=1), and `npm test` never takes it.
    ...(process.env.SCREENSHOTS
      ? [
          {
            name: 'screenshots',
            testMatch: 'screenshots.spec.ts',
            use: { launchOptions: { executablePath, args: [...chromiumArgs, ...fakeCamera('accept')] } },
          },
        ]
      : []),
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: { executablePath, args: chromiumArgs },
    trace: 'off',
  },
  webServer: [
    // The real server on a fresh SQLite database: `npm start`'s entry point, with the SPA built by `npm run build`.
    {
      command: 'node server/main.ts',
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${databaseFile}`,
        FRONT_TOKEN: 'e2e-front-token',
        LOG_LEVEL: 'warn',
        // As behind a reverse proxy on the same machine: journeys set X-Forwarded-For for their own client address.
        TRUST_PROXY: 'loopback',
      },
    },
    // `npm run dev`, proxying /api to the server above (started first).
    {
      command: `vite --port ${devServerPort} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${devServerPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { API_SERVER_URL: `http://127.0.0.1:${port}` },
    },
    // The real server with the QA inspector on, on its own database.
    {
      command: 'node server/main.ts',
      url: `http://127.0.0.1:${inspectorPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(inspectorPort),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${inspectorDatabaseFile}`,
        FRONT_TOKEN: 'e2e-front-token',
        LOG_LEVEL: 'warn',
        QA_INSPECTOR: '1',
      },
    },
  ],
});
