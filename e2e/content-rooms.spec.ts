import { expect, type Page, test } from '@playwright/test';
import type { ContentReply } from '../contract/content-editor.ts';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  fromOwnAddress,
  LANGUAGES,
  signInAsStaff,
  TILLEULS_MANAGER,
  text,
} from './support.ts';

/**
 * Rooms and QR codes end to end (docs/behaviour.md#rooms-and-qr-codes), through the calls the content editor's Rooms
 * section makes (its tab is wired by the editor's shell): a manager adds a room, renews its QR code — the printed one
 * stops opening a stay, the new one opens it —, prints its card as a one-page PDF, and the 'Journal' tab says who
 * renewed it. The journey's own room only: the sample rooms' codes other journeys scan never change.
 */

/** The signed-in manager's session token, as the staff page keeps it for the tab. */
async function staffToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => sessionStorage.getItem('staffSession:1'));
  return (JSON.parse(stored ?? '{}') as { token?: string }).token ?? '';
}

for (const { code: language, dir } of LANGUAGES.filter(({ code }) => code !== 'en')) {
  test(`a manager renews a room's QR code and prints its card; the old code stops working, in ${language}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await chooseLanguage(page, language);
    await fromOwnAddress(page, language === 'fr' ? 91 : 92);
    await page.goto('/staff/1');
    await signInAsStaff(page, language, TILLEULS_MANAGER);
    await expect(page.locator('[data-part="person"] [data-part="name"]')).toHaveText(TILLEULS_MANAGER.name);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    const headers = { authorization: `Bearer ${await staffToken(page)}` };
    const api = (path: string) => `/api/staff/hotels/1/${path}`;

    // A room of this run, added as the section's 'Ajouter une chambre' does: no QR id, the server makes one.
    const number = `E2E-${language}-${Date.now().toString(36).slice(-5)}`;
    const opened = (await (await page.request.get(api('content'), { headers })).json()) as ContentReply;
    const document = { ...opened.document, rooms: [...(opened.document.rooms ?? []), { number }] };
    const saved = await page.request.put(api('content'), { headers, data: { baseVersion: opened.version, document } });
    expect(saved.status(), await saved.text()).toBe(200);
    const firstId = ((await saved.json()) as ContentReply).document.rooms?.find((room) => room.number === number)?.qrId;
    expect(firstId).toMatch(/^[0-9a-z]{12}$/);

    // 'Nouveau QR code', confirmed.
    const rotated = await page.request.post(api(`rooms/${encodeURIComponent(number)}/qr-rotation`), { headers });
    expect(rotated.status()).toBe(200);
    const { qrId: newId } = (await rotated.json()) as { qrId: string };
    expect(newId).not.toBe(firstId);

    // A save of the document opened before the rotation is refused: it would name the old code.
    const stale = await page.request.put(api('content'), {
      headers,
      data: { baseVersion: ((await saved.json()) as ContentReply).version, document },
    });
    expect(stale.status()).toBe(409);

    // 'Imprimer': the room's card, one A4 page.
    const card = await page.request.get(api(`qr-sheet.pdf?room=${encodeURIComponent(number)}`), { headers });
    expect(card.headers()['content-type']).toBe('application/pdf');
    const pdf = (await card.body()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);

    // A guest scanning the old printed code: not activated; the new one opens a stay in that room.
    await page.goto(`/${firstId}`);
    await expect(page.getByText(text(language, 'QR code non activé'))).toBeVisible();
    const room = await page.request.get(`/api/rooms/${newId}/info`);
    expect(room.status()).toBe(200);

    // The trail says who renewed the code, of which room.
    await page.goto('/staff/1');
    await page.getByRole('tab', { name: text(language, 'Journal') }).click();
    const trail = page.getByRole('table', { name: text(language, 'Dernières actions') });
    const renewed = trail
      .getByRole('row')
      .filter({ hasText: text(language, 'QR code de chambre renouvelé') })
      .filter({ hasText: number })
      .first();
    await expect(renewed).toContainText(TILLEULS_MANAGER.name);
    await expectNoAccessibilityViolations(page);

    // The run's room leaves the content again.
    const current = (await (await page.request.get(api('content'), { headers })).json()) as ContentReply;
    const cleaned = await page.request.put(api('content'), {
      headers,
      data: {
        baseVersion: current.version,
        document: {
          ...current.document,
          rooms: (current.document.rooms ?? []).filter((entry) => entry.number !== number),
        },
      },
    });
    expect(cleaned.status()).toBe(200);
  });
}
