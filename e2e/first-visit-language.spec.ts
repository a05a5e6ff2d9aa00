import { expect, test } from '@playwright/test';
import { chooseLanguage, STAY_URL, text } from './support.ts';

/** Hotel 1 enables fr, en, ar and de; the app has catalogs for fr, en and ar. */
const FIRST_VISITS = [
  { locale: 'en-GB', expected: 'en', dir: 'ltr' },
  { locale: 'ar-MA', expected: 'ar', dir: 'rtl' },
  { locale: 'fr-CA', expected: 'fr', dir: 'ltr' },
  // German is enabled by the hotel but has no catalog: French, the default.
  { locale: 'de-DE', expected: 'fr', dir: 'ltr' },
] as const;

for (const { locale, expected, dir } of FIRST_VISITS) {
  test.describe(`a first visit from a browser in ${locale}`, () => {
    test.use({ locale });

    test(`opens in ${expected} without remembering it as a choice`, async ({ page }) => {
      await page.goto('/hotel/1');
      await expect(page).toHaveURL(STAY_URL);
      await expect(page.locator('html')).toHaveAttribute('lang', expected);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByRole('dialog', { name: text(expected, 'Bienvenue sur GreenMiles !') })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('langue'))).toBeNull();
    });
  });
}

test.describe('a guest who chose a language', () => {
  test.use({ locale: 'en-GB' });

  test('keeps it whatever the browser prefers', async ({ page }) => {
    await chooseLanguage(page, 'ar');
    await page.goto('/hotel/1');
    await expect(page).toHaveURL(STAY_URL);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    expect(await page.evaluate(() => localStorage.getItem('langue'))).toBe('ar');
  });
});
