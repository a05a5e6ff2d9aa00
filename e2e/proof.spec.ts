import { expect, type Page, test } from '@playwright/test';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  LANGUAGES,
  type Language,
  STAY_URL,
  text,
} from './support.ts';

/** The sample hotel's PROOF action (server/content/hotels/les-tilleuls.yaml): its title, reward and printed codes. */
const GARDEN = { fr: 'Visitez notre potager', en: 'Visit our kitchen garden', ar: 'زُر حديقة الخضروات' };
const REWARD = 15;
const GATE_CODE = 'tilleuls-garden-gate';
const GREENHOUSE_CODE = 'tilleuls-garden-greenhouse';

/** The action id of the garden visit, read as any guest reads the list (ids are the database's). */
async function gardenActionId(page: Page): Promise<number> {
  const created = await page.request.post('/api/stays/hotel/1/new', { data: {} });
  const { sUUID, profileUUID } = (await created.json()) as { sUUID: string; profileUUID: string };
  const actions = await page.request.get(`/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}`);
  const garden = ((await actions.json()) as Array<{ actId: number; actType: string }>).find(
    (action) => action.actType === 'PROOF',
  );
  if (!garden) throw new Error('no PROOF action at hotel 1');
  return garden.actId;
}

function pointsBadge(page: Page, points: number) {
  return page.getByRole('link', { name: new RegExp(`\\b${points} GreenMiles`) });
}

const proofPage = (page: Page) => page.locator('[data-scope="proof"]');

/** The toast the stay page shows for `?proof_success` (then the address loses it). */
async function expectProofToast(page: Page, code: Language) {
  const toast = page.locator('[data-scope="toast-region"]');
  await expect(toast).toContainText(
    text(code, 'Bravo ! Vous avez gagné {wonPoints} {pointsName} !')
      .replace('{wonPoints}', String(REWARD))
      .replace('{pointsName}', 'GreenMiles'),
  );
  await expect(page).toHaveURL(STAY_URL);
}

async function closeWelcome(page: Page, code: Language) {
  await page.getByRole('button', { name: text(code, "C'est parti !") }).click();
}

for (const { code } of LANGUAGES) {
  test(`a new guest scans the garden's printed code, is credited, then scans it again (already validated), in ${code}`, async ({
    page,
  }) => {
    const actId = await gardenActionId(page);
    await chooseLanguage(page, code);
    const printed = `/proof/${actId}?hId=1&qrId=${GATE_CODE}`;
    await page.goto(printed);

    // The proof created the guest's stay and profile, and the stay page shows the points won.
    await expectProofToast(page, code);
    const stayUrl = page.url();
    const stored = await page.evaluate(() => ({
      profileUUID: localStorage.getItem('profileUUID'),
      sUUID: localStorage.getItem('sUUID'),
    }));
    expect(stayUrl).toContain(`/stay/${stored.sUUID}`);
    expect(stored.profileUUID).toBeTruthy();
    await closeWelcome(page, code);
    await expect(pointsBadge(page, REWARD)).toBeVisible();

    // The completed proof opens its modal with the 'collected' banner.
    await page.getByRole('article', { name: GARDEN[code] }).getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: GARDEN[code] });
    await expect(dialog.getByRole('status')).toHaveText(text(code, 'Action collectée ! Vos points ont été crédités.'));
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: text(code, 'Fermer') }).click();

    // Scanning again: 'already validated', then back to the same stay after 3.5 s, without new points.
    await page.goto(printed);
    await expect(proofPage(page).getByRole('status')).toHaveText(text(code, 'Action déjà validée.'));
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expectNoAccessibilityViolations(page);
    await expect(page).toHaveURL(stayUrl, { timeout: 6000 });
    await expect(pointsBadge(page, REWARD)).toBeVisible();
  });

  test(`a guest with a stay: a wrong code on the stay's proof address, then the printed code credits that stay, in ${code}`, async ({
    page,
  }) => {
    const actId = await gardenActionId(page);
    await chooseLanguage(page, code);
    await page.goto('/hotel/1');
    await expect(page).toHaveURL(STAY_URL);
    const stayUrl = page.url();
    const sUUID = new URL(stayUrl).pathname.split('/').at(-1);
    await closeWelcome(page, code);
    await expect(pointsBadge(page, 0)).toBeVisible();

    // A code of a room is not a proof of the garden: the error, with the way back to the stay.
    await page.goto(`/stay/${sUUID}/proof/${actId}?qrId=tilleuls-101`);
    await expect(proofPage(page).getByRole('alert')).toHaveText(
      text(code, 'Ce QR code ne correspond pas à cette action.'),
    );
    await expect(proofPage(page).getByRole('heading', { level: 1 })).toHaveText(
      text(code, 'Validation de votre action'),
    );
    await expectNoAccessibilityViolations(page);
    await proofPage(page)
      .getByRole('button', { name: text(code, 'Retour à mon séjour') })
      .click();
    await expect(page).toHaveURL(stayUrl);
    await expect(pointsBadge(page, 0)).toBeVisible();

    // The greenhouse's printed code: the same stay is credited (no second stay), with the toast.
    await page.goto(`/proof/${actId}?hId=1&qrId=${GREENHOUSE_CODE}`);
    await expectProofToast(page, code);
    expect(page.url()).toBe(stayUrl);
    await expect(pointsBadge(page, REWARD)).toBeVisible();
  });
}

test('a printed code of the demo hotel leads to its stay under /demo, with the toast', async ({ page }) => {
  const created = await page.request.post('/api/stays/hotel/2/new', { data: {} });
  const { sUUID, profileUUID } = (await created.json()) as { sUUID: string; profileUUID: string };
  const actions = await page.request.get(`/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}`);
  const garden = ((await actions.json()) as Array<{ actId: number; actType: string }>).find(
    (action) => action.actType === 'PROOF',
  );
  await chooseLanguage(page, 'fr');
  await page.goto(`/proof/${garden?.actId}?hId=2&qrId=demo-garden-gate`);
  await expect(page).toHaveURL(/\/demo\/stay\/[0-9a-f-]{36}$/);
  await expectProofToast(page, 'fr');
});
