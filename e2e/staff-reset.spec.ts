import { expect, type Page, test } from '@playwright/test';
import { PIN_WINDOW_MINUTES } from '../server/domain/pin-attempts.ts';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  fromOwnAddress,
  LANGUAGES,
  STAY_URL,
  sampleStaff,
  TILLEULS_PIN,
  text,
} from './support.ts';

const title = (page: Page) => page.locator('[data-scope="stay-header"] [data-part="title"]');

/** A new stay at hotel 1, the welcome popup closed. */
async function openStay(page: Page, code: (typeof LANGUAGES)[number]['code']) {
  await chooseLanguage(page, code);
  await fromOwnAddress(page, 77);
  await page.goto('/hotel/1');
  await expect(page).toHaveURL(STAY_URL);
  await page.getByRole('button', { name: text(code, "C'est parti !") }).click();
}

/** Holds the pointer on the header title for `ms`. */
async function pressTitle(page: Page, ms: number) {
  await title(page).hover();
  await page.mouse.down();
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

for (const { code } of LANGUAGES) {
  test(`staff reset: long press → wrong PIN → right PIN → finished page, in ${code}`, async ({ page }) => {
    await openStay(page, code);
    const stayUrl = page.url();

    // A short press opens nothing.
    await pressTitle(page, 300);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await pressTitle(page, 1200);
    const dialog = page.getByRole('dialog', { name: text(code, 'Réinitialiser le séjour') });
    await expect(dialog).toBeVisible();
    const pin = dialog.getByLabel(text(code, 'Mot de passe'));
    await expect(pin).toBeFocused();
    await expectNoAccessibilityViolations(page);

    await pin.fill('0000');
    await dialog.getByRole('button', { name: text(code, 'Valider') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(text(code, 'Mot de passe incorrect'));
    await expect(pin).toHaveValue('');
    await expectNoAccessibilityViolations(page);

    // The first manager's PIN, without a name: the long press asks for none.
    await pin.fill(TILLEULS_PIN);
    await dialog.getByRole('button', { name: text(code, 'Valider') }).click();
    await expect(page).toHaveURL(`${stayUrl}/finished`);
    expect(await page.evaluate(() => [localStorage.getItem('sUUID'), localStorage.getItem('currentStayUUID')])).toEqual(
      [null, null],
    );
    // The stay is over for the server too: its page sends the guest to the finished page again.
    await page.goto(stayUrl);
    await expect(page).toHaveURL(`${stayUrl}/finished`);
  });
}

test("staff reset: a housekeeping person's PIN is refused like a wrong one", async ({ page }) => {
  // Housekeeping may not reset a stay: the long press, which asks no name, takes front desk and manager PINs only.
  const housekeeping = sampleStaff('les-tilleuls', 'housekeeping');
  await openStay(page, 'fr');
  await pressTitle(page, 1200);
  const dialog = page.getByRole('dialog', { name: 'Réinitialiser le séjour' });
  const pin = dialog.getByLabel('Mot de passe');
  await pin.fill(housekeeping.pin);
  await dialog.getByRole('button', { name: 'Valider' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Mot de passe incorrect');
  await expect(pin).toHaveValue('');
  await expect(page).toHaveURL(STAY_URL);
});

test('staff reset from the keyboard: the title held with Enter for 1 s; Escape closes', async ({ page }) => {
  await openStay(page, 'fr');
  await title(page).focus();
  await page.keyboard.down('Enter');
  await page.waitForTimeout(1200);
  await page.keyboard.up('Enter');
  const dialog = page.getByRole('dialog', { name: 'Réinitialiser le séjour' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(title(page)).toBeFocused();
});

test('staff reset: too many wrong PINs from one address are refused with a translated message', async ({ page }) => {
  // Attempts are counted in 15-minute windows of the clock: near a window's end, start in the next one, so the ten
  // wrong PINs fall in one window.
  test.setTimeout(120_000);
  const windowMs = PIN_WINDOW_MINUTES * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 45_000) await page.waitForTimeout(left + 100);
  await openStay(page, 'en');
  await pressTitle(page, 1200);
  const dialog = page.getByRole('dialog', { name: text('en', 'Réinitialiser le séjour') });
  const pin = dialog.getByLabel(text('en', 'Mot de passe'));
  for (let attempt = 0; attempt < 10; attempt++) {
    await pin.fill('0000');
    await dialog.getByRole('button', { name: text('en', 'Valider') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(text('en', 'Mot de passe incorrect'));
    await expect(pin).toBeEnabled();
  }
  // Even the right PIN waits now.
  await pin.fill(TILLEULS_PIN);
  await dialog.getByRole('button', { name: text('en', 'Valider') }).click();
  // The wait is what is left of the window, in whole minutes.
  await expect(dialog.getByRole('alert')).toHaveText(/^Too many attempts\. Try again in ([1-9]|1[0-5]) min\.$/);
  await expect(page).toHaveURL(STAY_URL);
});
