import { expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import type { Reward } from '../contract/schemas.ts';
import { cellOf } from '../server/qr-sheet.ts';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  formatted,
  runServerCommand,
  STAY_URL,
  signInAsStaff,
} from './support.ts';

/**
 * A new hotel from nothing (docs/behaviour.md#content-editor): the hotel's IT makes the hotel and its first manager
 * with one command (`npm run hotel:create`); the manager sets the whole programme up in the browser — a second
 * language, three rooms, four actions of different types, two rewards — and saves it; a guest scans the QR code
 * printed from the staff page for one of the rooms, earns points and spends them.
 */

const HOTEL_ID = 500 + (Date.now() % 100_000);
const MANAGER = 'Nadia Haddad';
const ROOMS = ['101', '102', '201'];
const ACTIONS = [
  { type: 'YESNOSTAY', name: 'Réutiliser mes serviettes', description: 'Gardez vos serviettes tout le séjour.' },
  { type: 'YESNO', name: 'Éteindre les lumières', description: 'En quittant la chambre.' },
  { type: 'REVIEW', name: 'Donner mon avis', description: 'Dites-nous ce que vous avez pensé du séjour.' },
  { type: 'CLAIM', name: 'Venir à vélo', description: 'Montrez votre vélo à la réception.' },
] as const;
const REWARDS = [
  { type: 'GENERIC', name: 'Café offert', cost: 10, description: 'Un café au bar, offert.' },
  { type: 'EAU', name: "Don d'eau potable", cost: 30, description: "De l'eau pour un village partenaire." },
] as const;

/** The staff page's part of the programme shown (a select on a phone). */
async function showPart(page: Page, label: string, section: string) {
  await page.getByLabel('Partie du programme').selectOption({ label });
  await expect(page.locator(`[data-part="section"][data-section="${section}"]`)).toHaveAccessibleName(label);
}

/** What the QR code of the PDF's first cell says: the sheet is read as a phone's camera would read the print. */
function firstCodeOf(pdf: Buffer): string {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = document.loadPage(0);
  const pixmap = page.toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, true, true);
  const width = pixmap.getWidth();
  const pixels = new Uint8ClampedArray(pixmap.getPixels());
  const cell = cellOf(0);
  const [x0, y0, w, h] = [cell.x, cell.y, cell.width, cell.height].map(Math.round) as [number, number, number, number];
  const crop = new Uint8ClampedArray(w * h * 4);
  for (let row = 0; row < h; row++) {
    const from = ((y0 + row) * width + x0) * 4;
    crop.set(pixels.subarray(from, from + w * 4), row * w * 4);
  }
  const code = jsQR(crop, w, h)?.data;
  if (!code) throw new Error('no QR code in the first cell of the sheet');
  return code;
}

test('a manager sets up a new hotel in the browser; a guest scans its printed room QR, earns and spends points', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const created = runServerCommand([
    'hotel:create',
    '--id',
    String(HOTEL_ID),
    '--name',
    'Hôtel du Port',
    '--time-zone',
    'Europe/Paris',
    '--language',
    'fr',
    '--manager',
    MANAGER,
  ]);
  const pin = /^PIN: (\d{6})$/m.exec(created)?.[1];
  expect(pin, created).toBeDefined();

  await chooseLanguage(page, 'fr');
  await page.goto(`/staff/${HOTEL_ID}`);
  await signInAsStaff(page, 'fr', { name: MANAGER, pin: pin ?? '' });
  await page.getByRole('tab', { name: 'Programme' }).click();
  await expect(page.locator('[data-part="section"][data-section="settings"]')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // A second language, offered to guests after French.
  await showPart(page, 'Langues', 'languages');
  await page.getByLabel('Code de la langue').fill('en');
  await page.getByLabel('Nom de la langue').fill('English');
  await page.getByRole('button', { name: 'Ajouter la langue' }).click();
  await expect(page.locator('[data-path="languages.1.name"]')).toHaveValue('English');

  // Three rooms: their QR codes are made when the content is saved.
  await showPart(page, 'Chambres', 'rooms');
  for (const [index, number] of ROOMS.entries()) {
    await page.getByRole('button', { name: 'Ajouter une chambre' }).click();
    await page.locator(`[data-path="rooms.${index}.number"]`).fill(number);
  }

  // Four actions of different types, each with its description.
  await showPart(page, 'Actions', 'actions');
  for (const [index, action] of ACTIONS.entries()) {
    await page.locator('[data-part="add-type"]').selectOption(action.type);
    await page.locator('[data-part="add-name"]').fill(action.name);
    await page.locator('[data-part="add-submit"]').click();
    await page.locator(`[data-path="actions.${index}.texts.fr.description"]`).fill(action.description);
    await page.getByRole('button', { name: 'Toutes les actions' }).click();
  }

  // Two rewards.
  await showPart(page, 'Récompenses', 'rewards');
  const addReward = page.getByRole('form', { name: 'Ajouter une récompense' });
  for (const [index, reward] of REWARDS.entries()) {
    await addReward.getByLabel('Type').selectOption(reward.type);
    await addReward.getByLabel('Nom').fill(reward.name);
    await addReward.getByLabel('Coût (points)').fill(String(reward.cost));
    await addReward.getByRole('button', { name: 'Ajouter la récompense' }).click();
    await page.locator(`[data-path="rewards.${index}.texts.fr.description"]`).fill(reward.description);
  }
  await expectNoAccessibilityViolations(page);

  const saveBar = page.getByRole('region', { name: 'Enregistrement du programme' });
  await saveBar.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(saveBar.getByRole('status')).toHaveText('Modifications enregistrées', { timeout: 15_000 });

  // The card of room 101, printed from the staff page, read as a phone reads it.
  await showPart(page, 'Chambres', 'rooms');
  await expect(page.locator('[data-path="rooms.0.number"]')).toHaveValue('101');
  const token = await page.evaluate((hId) => {
    const stored = sessionStorage.getItem(`staffSession:${hId}`);
    return (JSON.parse(stored ?? '{}') as { token?: string }).token ?? '';
  }, HOTEL_ID);
  const card = await page.request.get(`/api/staff/hotels/${HOTEL_ID}/qr-sheet.pdf?room=101`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(card.headers()['content-type']).toBe('application/pdf');
  const roomAddress = new URL(firstCodeOf(await card.body()));

  // The guest scans it: a stay in room 101 of the new hotel, the four actions offered.
  await page.addInitScript(() => localStorage.setItem('welcomeShown', 'true'));
  await page.goto(roomAddress.pathname);
  await expect(page).toHaveURL(STAY_URL);
  await expect(page.locator('[data-scope="stay-header"] [data-part="title"]')).toHaveText('Chambre 101');
  await expect(page.locator('[data-scope="action-card"]')).toHaveCount(ACTIONS.length);
  await expectNoAccessibilityViolations(page);

  // Earns the points of the stay-long yes/no.
  const towels = ACTIONS[0].name;
  await page.getByRole('article', { name: towels }).getByRole('button').click();
  await page.getByRole('dialog', { name: towels }).getByRole('button', { name: 'Oui', exact: true }).click();
  const celebration = page.getByRole('dialog', { name: 'Bravo !' });
  await expect(celebration.getByText('+10 GreenMiles')).toBeVisible();
  await celebration.getByRole('button', { name: 'Continuer' }).click();

  // Spends them on the coffee.
  const coffee = REWARDS[0];
  await page.goto(page.url().replace('/stay/', '/rewards/'));
  await page.getByRole('article', { name: coffee.name }).getByRole('button').click();
  await page
    .getByRole('dialog', { name: coffee.name })
    .getByRole('button', {
      name: formatted('fr', 'Débloquer pour {cost} {pointsName}', { cost: coffee.cost, pointsName: 'GreenMiles' }),
    })
    .click();
  const stay = await page.evaluate(() => ({
    sUUID: localStorage.getItem('sUUID') ?? '',
    uuid: localStorage.getItem('profileUUID') ?? '',
  }));
  await expect
    .poll(async () => {
      const rewards = (await (
        await page.request.get(`/api/stays/${stay.sUUID}/rewards`, { params: { lang: 'fr', uuid: stay.uuid } })
      ).json()) as Reward[];
      return rewards.find((reward) => reward.radName === coffee.name)?.isClaimed;
    })
    .toBe(1);
});
