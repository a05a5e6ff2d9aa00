import { expect, test } from '@playwright/test';
import { chooseLanguage, DEMO_STAY_URL } from './support.ts';

test.use({ viewport: { width: 1280, height: 720 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
test('probe', async ({ page }) => {
  await chooseLanguage(page, 'fr');
  await page.goto('/demo/hotel/2');
  await expect(page).toHaveURL(DEMO_STAY_URL);
  await page.getByRole('button', { name: "C'est parti !" }).click();
  const frame = page.locator('[data-part="frame"]');
  console.log('frame', await frame.boundingBox(), await frame.evaluate((e) => [e.scrollHeight, e.clientHeight]));
  await page.mouse.move(640, 500);
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(300);
  console.log(
    'scrolls',
    await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((e) => e.scrollTop > 0)
        .map((e) => `${e.tagName}.${e.className}:${e.scrollTop}`),
    ),
  );
  await page.getByRole('article').nth(3).getByRole('button').click();
  console.log(await page.getByRole('article').nth(3).textContent());
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(800);
  console.log('backdrop', await page.locator('[data-part="backdrop"]').boundingBox());
  console.log('dialog', await dialog.boundingBox());
  await page.screenshot({ path: '/tmp/polish/frame.png' });
  console.log(
    'html',
    await page.evaluate(() => [document.documentElement.scrollTop, document.documentElement.scrollHeight, innerHeight]),
  );
  console.log(
    'scrolls2',
    await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((e) => e.scrollTop > 0)
        .map((e) => `${e.tagName}.${e.className}:${e.scrollTop}`),
    ),
  );
});
