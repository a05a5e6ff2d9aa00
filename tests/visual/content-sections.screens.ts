/**
 * Screenshots of the content editor's Rewards, Menu and Impact figures sections (tests/visual/content-sections.html)
 * on a phone (390×844) and a desktop (1280×800), in French and Arabic. With the dev server running
 * (`npx vite --port 5626`): `node_modules/.bin/node tests/visual/content-sections.screens.ts http://localhost:5626 /tmp/shots`.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [base = 'http://localhost:5173', out = 'screenshots'] = process.argv.slice(2);
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
for (const [device, viewport] of Object.entries(VIEWPORTS))
  for (const lang of ['fr', 'ar'])
    for (const section of ['rewards', 'menu', 'impact']) {
      const page = await browser.newPage({ viewport });
      await page.goto(`${base}/tests/visual/content-sections.html?lang=${lang}&section=${section}&open=1`);
      await page.waitForSelector('[data-part$="-section"]');
      // The sample's check (600 ms after its change) and the opened reward.
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `${out}/${section}-${lang}-${device}.png`, fullPage: true });
      await page.close();
    }
await browser.close();
