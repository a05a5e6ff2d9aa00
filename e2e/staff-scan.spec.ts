import { expect, test } from '@playwright/test';
import { SCANNED_CODE } from './fake-camera.ts';
import { chooseLanguage, expectNoAccessibilityViolations, signInAsStaff, TILLEULS_MANAGER } from './support.ts';

/**
 * The staff page's camera scan (docs/behaviour.md#today-tab) with Chromium's fake camera showing a QR code
 * (e2e/fake-camera.ts; playwright.config.ts, project staff-scan): the code read is checked like a typed one. This
 * Chromium has no BarcodeDetector, so the page reads the frames with its lazy jsqr decoder.
 */
test('the front desk scans a QR code with the camera and the code read is checked', async ({ page }) => {
  test.setTimeout(60_000);
  await chooseLanguage(page, 'fr');
  await page.goto('/staff/1');
  await signInAsStaff(page, 'fr', TILLEULS_MANAGER);
  const check = page.getByRole('region', { name: 'Vérifier un code de récompense' });
  await check.getByRole('button', { name: 'Scanner le QR code' }).click();
  await expect(check.getByRole('status')).toHaveText(`Code inconnu\u00a0: ${SCANNED_CODE}`, { timeout: 20_000 });
  // The camera is off again.
  await expect(check.getByLabel('Caméra')).toHaveCount(0);
  await expect(check.getByRole('button', { name: 'Scanner le QR code' }))
    .toBeFocused()
    .catch(() => undefined);
  await expectNoAccessibilityViolations(page);
});
