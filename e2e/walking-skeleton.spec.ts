import { expect, test } from '@playwright/test';
import {
  chooseLanguage,
  DEMO_STAY_URL,
  expectNoAccessibilityViolations,
  LANGUAGES,
  STAY_URL,
  text,
} from './support.ts';

for (const { code, dir } of LANGUAGES) {
  test(`hotel QR → actions list → rewards → back, in ${code}`, async ({ page }) => {
    await chooseLanguage(page, code);
    await page.goto('/hotel/1');

    await expect(page).toHaveURL(STAY_URL);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    // The hotel's name already starts with the word: 'Hôtel Les Tilleuls', never 'Hôtel Hôtel Les Tilleuls'.
    await expect(page.locator('[data-scope="stay-header"] [data-part="title"]')).toHaveText('Hôtel Les Tilleuls');

    const welcome = page.getByRole('dialog', { name: text(code, 'Bienvenue sur GreenMiles !') });
    await expect(welcome).toBeVisible();
    await expect(welcome.getByText('v3.2.1')).toBeVisible();
    await welcome.getByRole('button', { name: text(code, "C'est parti !") }).click();
    await expect(welcome).toBeHidden();

    await expect(page.getByRole('heading', { name: text(code, 'Mes gestes') })).toBeVisible();
    const cards = page.locator('[data-scope="action-card"]');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    await expect(page.getByRole('button', { name: text(code, 'Choisir et collecter') }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /0 GreenMiles/ })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    const stayUrl = page.url();

    await page
      .getByRole('navigation')
      .getByRole('link', { name: text(code, 'Mes récompenses') })
      .click();
    await expect(page).toHaveURL(/\/rewards\/[0-9a-f-]{36}$/);
    await expect(page.getByText(text(code, 'Mon solde'))).toBeVisible();
    await expect(page.getByRole('heading', { name: text(code, 'Bientôt à votre portée') })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await page
      .getByRole('navigation')
      .getByRole('link', { name: text(code, 'Mes actions') })
      .click();
    await expect(page).toHaveURL(stayUrl);
    await expect(page.getByRole('heading', { name: text(code, 'Mes gestes') })).toBeVisible();
    // The welcome popup shows once per device.
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

test('room QR creates a stay for the room; scanning again returns the same stay', async ({ page }) => {
  await chooseLanguage(page, 'fr');
  await page.goto('/tilleuls-101');
  await expect(page).toHaveURL(STAY_URL);
  await expect(page.locator('[data-scope="stay-header"] [data-part="title"]')).toHaveText('Chambre 101');
  const firstStay = page.url();

  await page.goto('/tilleuls-101');
  await expect(page).toHaveURL(firstStay);
});

test('the guest switches language from the header and the page turns right to left', async ({ page }) => {
  await chooseLanguage(page, 'fr');
  await page.goto('/hotel/1');
  await page.getByRole('button', { name: "C'est parti !" }).click();
  await page.getByRole('button', { name: /Langue/ }).click();
  await page.getByRole('option', { name: /العربية/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: text('ar', 'Mes gestes') })).toBeVisible();
});

for (const qrId of ['no-such-room', 'unassigned-1']) {
  test(`room QR ${qrId} leads to the 'QR code not activated' page`, async ({ page }) => {
    await chooseLanguage(page, 'fr');
    await page.goto(`/${qrId}`);
    await expect(page).toHaveURL(new RegExp(`/${qrId}/disabled$`));
    await expect(page.getByRole('heading', { name: 'QR code non activé' })).toBeVisible();
    await expect(page.getByText(qrId, { exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
}

test('an invalid hotel QR shows the error card, without a retry that cannot help', async ({ page }) => {
  await chooseLanguage(page, 'fr');
  await page.goto('/hotel/abc');
  await expect(page.getByRole('alert')).toContainText('QR code invalide');
  await expect(page.getByRole('button', { name: 'Réessayer' })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
});

test('a demo hotel stay moves under /demo, and a normal stay leaves it', async ({ page }) => {
  await chooseLanguage(page, 'en');
  await page.goto('/hotel/2');
  await expect(page).toHaveURL(DEMO_STAY_URL);
  await expect(page.getByRole('heading', { name: text('en', 'Mes gestes') })).toBeVisible();

  await page.goto('/demo/hotel/1');
  await expect(page).toHaveURL(STAY_URL);
  await expect(page).not.toHaveURL(/\/demo\//);
});

test('the welcome page explains GreenMiles', async ({ page }) => {
  await chooseLanguage(page, 'fr');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('GreenMiles');
  await expectNoAccessibilityViolations(page);
});
