/**
 * Presence (docs/trust-model.md#presence) in a real browser: a room QR code carrying its random id, as staff rotate
 * it, still lands on the stay in fr, en and ar; the code printed before the rotation no longer opens a stay.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  formatted,
  LANGUAGES,
  STAY_URL,
  TILLEULS_PIN,
} from './support.ts';

/** The room whose code the spec rotates (the other specs keep to rooms 101 and 102: its printed code stops working). */
const ROOM = '201';

/** Rotates the QR code of room 201 as the hotel's staff would; answers the new random id. */
async function rotateRoomCode(request: APIRequestContext): Promise<string> {
  const session = await request.post('/api/staff/sessions', { data: { hId: 1, pin: TILLEULS_PIN } });
  expect(session.status()).toBe(201);
  const { token } = (await session.json()) as { token: string };
  const rotation = await request.post(`/api/staff/hotels/1/rooms/${ROOM}/qr-rotation`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(rotation.status()).toBe(200);
  const { qrId } = (await rotation.json()) as { qrId: string };
  expect(qrId).toMatch(/^[0-9a-hjkmnp-tv-z]{12}$/);
  return qrId;
}

let qrId = '';
test.beforeAll(async ({ request }) => {
  qrId = await rotateRoomCode(request);
});

for (const { code, dir } of LANGUAGES) {
  test(`a room QR with its secret id lands on the stay of room ${ROOM}, in ${code}`, async ({ page }) => {
    await chooseLanguage(page, code);
    await page.addInitScript(() => localStorage.setItem('welcomeShown', 'true'));
    await page.goto(`/${qrId}`);
    await expect(page).toHaveURL(STAY_URL);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.locator('[data-scope="stay-header"] [data-part="title"]')).toHaveText(
      formatted(code, 'Chambre {roomNumber}', { roomNumber: ROOM }),
    );
    await expectNoAccessibilityViolations(page);
  });
}

test('the code printed before the rotation opens no stay: the guest reads the not-activated page', async ({ page }) => {
  await chooseLanguage(page, 'fr');
  await page.goto('/tilleuls-201');
  await expect(page).toHaveURL(/\/tilleuls-201\/disabled$/);
  await expect(page.getByRole('heading', { name: 'QR code non activé' })).toBeVisible();
  await expect(page.evaluate(() => localStorage.getItem('sUUID'))).resolves.toBeNull();
});

test('a guessed room id is refused by the server, with nothing created', async ({ request }) => {
  const response = await request.post('/api/stays/new', { data: { hId: 1, rId: 2 } });
  expect(response.status()).toBe(400);
  expect((await response.json()).error).toBe('qr_id_required');
});
