import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import type { ContentReply } from '../contract/content-editor.ts';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  formatted,
  fromOwnAddress,
  LANGUAGES,
  type Language,
  screenshotBothSizes,
  signInAsStaff,
  TILLEULS_MANAGER,
  text,
} from './support.ts';

/**
 * The content editor end to end (docs/behaviour.md#content-editor): the manager opens 'Programme', renames the hotel,
 * moves a language, sees the validator's problem next to a field, saves, and a guest sees the new name; another
 * manager's save in between is a conflict the editor says, with 'Recharger'. Each run puts the content back.
 */

const HOTEL_ID = 1;

async function staffToken(request: APIRequestContext): Promise<string> {
  const reply = await request.post('/api/staff/sessions', {
    data: { hId: HOTEL_ID, name: TILLEULS_MANAGER.name, pin: TILLEULS_MANAGER.pin },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { token: string }).token;
}

async function currentContent(request: APIRequestContext, token: string): Promise<ContentReply> {
  const reply = await request.get(`/api/staff/hotels/${HOTEL_ID}/content`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as ContentReply;
}

/** Opens the 'Programme' tab signed in as the manager, in `language`. */
async function openEditor(page: Page, language: Language, network: number) {
  await chooseLanguage(page, language);
  await fromOwnAddress(page, network);
  await page.goto(`/staff/${HOTEL_ID}`);
  await signInAsStaff(page, language, TILLEULS_MANAGER);
  await page.getByRole('tab', { name: text(language, 'Programme') }).click();
  await expect(page.getByRole('region', { name: text(language, 'Réglages') })).toBeVisible();
}

const saveBarOf = (page: Page, language: Language) =>
  page.getByRole('region', { name: text(language, 'Enregistrement du programme') });
const statusOf = (page: Page, language: Language) => saveBarOf(page, language).locator('[data-part="status"]');
const nameFieldOf = (page: Page, language: Language) => page.getByLabel(text(language, "Nom de l'hôtel"));

async function secondManagerSaves(browser: Browser, language: Language, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openEditor(page, language, 84);
  await nameFieldOf(page, language).fill(name);
  await saveBarOf(page, language)
    .getByRole('button', { name: text(language, 'Enregistrer'), exact: true })
    .click();
  await expect(statusOf(page, language)).toHaveText(text(language, 'Modifications enregistrées'));
  await context.close();
}

for (const { code: language, dir } of LANGUAGES) {
  test(`a manager edits the settings and languages, sees a problem by its field, saves; a second save in between is a conflict, in ${language}`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const token = await staffToken(page.request);
    const original = await currentContent(page.request, token);
    const name = `Hôtel Les Tilleuls ${language} ${Date.now().toString(36).slice(-4)}`;
    try {
      await openEditor(page, language, 83);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      const saveBar = saveBarOf(page, language);
      const status = statusOf(page, language);
      await expect(status).toHaveText(text(language, 'Aucune modification'));
      await expect(saveBar.getByRole('button', { name: text(language, 'Enregistrer'), exact: true })).toBeDisabled();
      await expectNoAccessibilityViolations(page);

      // A new name, and a code prefix the validator refuses: its problem shows by the field and in the bar.
      await nameFieldOf(page, language).fill(name);
      const prefix = page.getByLabel(text(language, 'Préfixe des codes'));
      await prefix.fill('TIL-1');
      await expect(prefix).toHaveAttribute('aria-invalid', 'true');
      await expect(status).toHaveText(
        formatted(language, '{count, plural, one {# problème à corriger} other {# problèmes à corriger}}', {
          count: 1,
        }),
      );
      await expect(saveBar.locator('[data-part="problem"]')).toHaveCount(1);
      await screenshotBothSizes(page, `content-editor-problem-${language}`);
      await expectNoAccessibilityViolations(page);
      await prefix.fill(original.document.hotel.codePrefix ?? 'TIL');
      await expect(prefix).not.toHaveAttribute('aria-invalid', 'true');
      await expect(status).toHaveText(text(language, 'Modifications non enregistrées'));

      // A generic claim is a warning (docs/behaviour.md#claims): said by the field and apart in the bar, not invalid.
      const hotelName = nameFieldOf(page, language);
      await hotelName.fill(`${name} éco-responsable`);
      await expect(saveBar.locator('[data-part="warnings"] [data-part="problem"]')).toHaveCount(1);
      await expect(hotelName).not.toHaveAttribute('aria-invalid', 'true');
      await expect(status).toHaveText(text(language, 'Modifications non enregistrées'));
      await screenshotBothSizes(page, `content-editor-warning-${language}`);
      await expectNoAccessibilityViolations(page);
      await hotelName.fill(name);
      await expect(saveBar.locator('[data-part="warnings"]')).toHaveCount(0);

      // English one place later in the guests' order.
      await page.getByLabel(text(language, 'Partie du programme')).selectOption({ label: text(language, 'Langues') });
      const languages = page.getByRole('region', { name: text(language, 'Langues') });
      await languages
        .getByRole('button', { name: formatted(language, 'Descendre {name}', { name: 'English' }) })
        .click();
      const order = await languages
        .locator('[data-part="language"]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-code')));
      expect(order.indexOf('en')).toBe(
        [...original.document.languages]
          .sort((a, b) => a.position - b.position)
          .findIndex((entry) => entry.code === 'en') + 1,
      );
      await screenshotBothSizes(page, `content-editor-languages-${language}`);
      await expectNoAccessibilityViolations(page);

      await saveBar.getByRole('button', { name: text(language, 'Enregistrer'), exact: true }).click();
      await expect(status).toHaveText(text(language, 'Modifications enregistrées'));
      const saved = await currentContent(page.request, token);
      expect(saved.document.hotel.name).toBe(name);

      // A guest sees the new name at once.
      const guest = await page.context().newPage();
      await guest.goto(`/hotel/${HOTEL_ID}`);
      await expect(guest.locator('[data-scope="stay-header"] [data-part="title"]')).toHaveText(name);
      await guest.close();

      // Another manager saves meanwhile: this draft cannot replace it, and 'Recharger' shows theirs.
      await secondManagerSaves(browser, language, `${name} bis`);
      await page.getByLabel(text(language, 'Partie du programme')).selectOption({ label: text(language, 'Réglages') });
      await nameFieldOf(page, language).fill(`${name} ter`);
      await saveBar.getByRole('button', { name: text(language, 'Enregistrer'), exact: true }).click();
      await expect(saveBar.getByRole('alert')).toContainText(
        text(
          language,
          'Un autre responsable a enregistré une version entre-temps : vos modifications ne peuvent pas la remplacer. Rechargez pour partir de sa version (vos modifications seront perdues).',
        ),
      );
      await screenshotBothSizes(page, `content-editor-conflict-${language}`);
      await expectNoAccessibilityViolations(page);
      await saveBar.getByRole('button', { name: text(language, 'Recharger') }).click();
      await expect(nameFieldOf(page, language)).toHaveValue(`${name} bis`);
      await expect(status).toHaveText(text(language, 'Aucune modification'));
    } finally {
      // The other journeys expect the sample hotel as shipped.
      const now = await currentContent(page.request, token);
      const restored = await page.request.put(`/api/staff/hotels/${HOTEL_ID}/content`, {
        headers: { authorization: `Bearer ${token}` },
        data: { baseVersion: now.version, document: original.document },
      });
      expect(restored.ok(), await restored.text()).toBe(true);
    }
  });
}
