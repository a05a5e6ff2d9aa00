import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseLanguage, STAY_URL, samplePin } from './support.ts';

/** docs/server.md#security-headers: every answer carries them, pages, files and API alike. */
function expectSecurityHeaders(headers: Record<string, string>) {
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toContain('camera=(self)');
}

test('pages, built files and API answers carry the security headers', async ({ request }) => {
  const page = await request.get('/hotel/1', { headers: { accept: 'text/html' } });
  expectSecurityHeaders(page.headers());
  const html = await page.text();
  // No inline script: every script of the page is a file of the app's origin.
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeDefined();
  expectSecurityHeaders((await request.get(asset ?? '')).headers());
  expectSecurityHeaders((await request.get('/api/green/hotels/1')).headers());
  expectSecurityHeaders((await request.get('/api/no-such-call')).headers());
});

test('the guest and staff pages run under the policy without a single violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await chooseLanguage(page, 'fr');
  await page.goto('/tilleuls-101');
  await expect(page).toHaveURL(STAY_URL);
  await page.getByRole('button', { name: "C'est parti !" }).click();
  await expect(page.locator('[data-scope="action-card"]').first()).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.getByRole('navigation').getByRole('link', { name: 'Mes récompenses' }).click();
  await expect(page.getByText('Mon solde')).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto('/staff/1');
  await expect(page.getByLabel('Mot de passe')).toBeVisible();
  expect(await violations()).toEqual([]);
});

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

test('no staff PIN, PIN hash or server secret is in the built app or in an answer', async ({ request }) => {
  const pins = [samplePin('les-tilleuls'), samplePin('demo-hotel')];
  expect(pins.length).toBeGreaterThan(0);
  const secrets = [
    'scrypt$',
    'argon2id$m=',
    'staff_pin_hash',
    'greenmiles-dev-front-token',
    ...pins.flatMap((pin) => [`"${pin}"`, `'${pin}'`]),
  ];
  const built = filesUnder(join(process.cwd(), 'dist')).filter((file) => /\.(js|css|html|json|svg|po)$/.test(file));
  expect(built.length).toBeGreaterThan(5);
  for (const file of built) {
    const content = readFileSync(file, 'utf8');
    for (const secret of secrets) expect(content.includes(secret), `${secret} in ${file}`).toBe(false);
  }
  const answers = await Promise.all(
    ['/api/green/hotels/1', '/api/green/hotels/2', '/hotel/1', '/'].map(async (path) =>
      (await request.get(path)).text(),
    ),
  );
  for (const answer of answers) for (const secret of secrets) expect(answer).not.toContain(secret);
});
