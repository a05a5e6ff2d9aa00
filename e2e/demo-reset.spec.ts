import { expect, type Page, test } from '@playwright/test';
import { chooseLanguage, DEMO_STAY_URL, expectNoAccessibilityViolations, LANGUAGES, text } from './support.ts';

/** A new stay at the demo hotel (hotel 2), the welcome popup closed; its ids from the page's storage. */
async function openDemoStay(page: Page, code: (typeof LANGUAGES)[number]['code']) {
  await chooseLanguage(page, code);
  await page.goto('/hotel/2');
  await expect(page).toHaveURL(DEMO_STAY_URL);
  await page.getByRole('button', { name: text(code, "C'est parti !") }).click();
  const [sUUID, profileUUID] = await page.evaluate(() => [
    localStorage.getItem('sUUID') ?? '',
    localStorage.getItem('profileUUID') ?? '',
  ]);
  return { sUUID, profileUUID };
}

/** Earns points through the API, as a yes to the towels action would (the journeys of the modals are elsewhere). */
async function earnPoints(page: Page, stay: { sUUID: string; profileUUID: string }) {
  const actions = await (
    await page.request.get(`/api/stays/${stay.sUUID}/actions?lang=fr&uuid=${stay.profileUUID}`)
  ).json();
  const towels = actions.find((action: { actType: string }) => action.actType === 'YESNO');
  const answer = await page.request.post(`/api/actions/${towels.actId}/yesno`, {
    data: { uuid: stay.profileUUID, sUUID: stay.sUUID, response: true },
  });
  expect(answer.ok()).toBe(true);
}

const points = (page: Page) => page.locator('[data-scope="stay-header"] [data-part="points"]');

for (const { code } of LANGUAGES) {
  test(`demo reset: the panel clears the demo stay and starts it again, in ${code}`, async ({ page }) => {
    const stay = await openDemoStay(page, code);
    await earnPoints(page, stay);
    await page.reload();
    await expect(points(page)).not.toHaveText(/^0\b/);

    const open = page
      .locator('[data-part="demo-bar"]')
      .getByRole('button', { name: text(code, 'Réinitialiser la démo') });
    await expect(open).toBeVisible();
    await open.click();
    const dialog = page.getByRole('dialog', { name: text(code, 'Réinitialiser la démo ?') });
    await expect(dialog).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Cancel keeps everything.
    await dialog.getByRole('button', { name: text(code, 'Annuler') }).click();
    await expect(dialog).toBeHidden();
    await expect(points(page)).not.toHaveText(/^0\b/);

    await open.click();
    await dialog.getByRole('button', { name: text(code, 'Réinitialiser') }).click();
    await expect(page).toHaveURL(new RegExp(`/demo/stay/${stay.sUUID}$`));
    // The stay starts again: no points, and the welcome popup once more.
    await expect(page.getByRole('dialog', { name: text(code, 'Bienvenue sur GreenMiles !') })).toBeVisible();
    await expect(points(page)).toHaveText(/^0\b/);
    expect(await page.evaluate(() => localStorage.getItem('sUUID'))).toBe(stay.sUUID);
  });
}

test('demo reset: a network failure is said, and trying again works', async ({ page }) => {
  await openDemoStay(page, 'fr');
  await page.route('**/api/demo/stays/*/reset', (route) => route.abort('internetdisconnected'));
  await page.locator('[data-part="demo-bar"]').getByRole('button', { name: 'Réinitialiser la démo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Réinitialiser la démo ?' });
  await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Erreur réseau lors du reset démo');
  await expectNoAccessibilityViolations(page);
  await page.unroute('**/api/demo/stays/*/reset');
  await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page.getByRole('dialog', { name: 'Bienvenue sur GreenMiles !' })).toBeVisible();
});

test('the reset panel is only on demo stays', async ({ page }) => {
  await chooseLanguage(page, 'fr');
  await page.goto('/hotel/1');
  await page.getByRole('button', { name: "C'est parti !" }).click();
  await expect(page.getByRole('button', { name: 'Réinitialiser la démo' })).toHaveCount(0);
});
