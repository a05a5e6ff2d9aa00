import { expect, type Page, test } from '@playwright/test';
import {
  expectNoAccessibilityViolations,
  formatted,
  fromOwnAddress,
  type Language,
  screenshotBothSizes,
  TILLEULS_MANAGER,
  text,
} from './support.ts';

/**
 * The content editor's Actions section (docs/behaviour.md#editing-actions) in a browser, on the host page
 * e2e/hosts/content-section.html served by the dev server (`npm run dev`, proxying the API to the e2e server): the real
 * editor and calls with Les Tilleuls' manager signed in, until the staff page's 'Programme' tab shows the section.
 * Nothing is saved: the sample content stays as the other journeys expect it.
 */
const port = Number(process.env.E2E_PORT ?? 4321);
const devServer = `http://127.0.0.1:${Number(process.env.E2E_DEV_PORT ?? port + 1000)}`;

async function openSection(page: Page, language: Language) {
  await fromOwnAddress(page, 83);
  const session = await page.request.post('/api/staff/sessions', {
    data: { hId: 1, name: TILLEULS_MANAGER.name, pin: TILLEULS_MANAGER.pin },
  });
  expect(session.status()).toBe(201);
  const { token } = (await session.json()) as { token: string };
  await page.goto(`${devServer}/e2e/hosts/content-section.html?hId=1&lang=${language}&token=${token}`);
}

for (const [language, dir] of [
  ['fr', 'ltr'],
  ['ar', 'rtl'],
] as const) {
  test(`the Actions section: the list, a CUSTOM and a QUIZ open, a new action with its problems, in ${language}`, async ({
    page,
  }) => {
    // The dev server compiles the page's modules on the first visit.
    test.setTimeout(120_000);
    await openSection(page, language);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    const list = page.getByRole('region', { name: text(language, 'Actions proposées aux clients') });
    await expect(list.getByRole('listitem')).toHaveCount(12);
    await expectNoAccessibilityViolations(page);
    await screenshotBothSizes(page, `content-actions-list-${language}`);

    const open = async (name: string) => {
      await page.getByRole('button', { name: formatted(language, 'Modifier {name}', { name }) }).click();
      await expect(page.getByRole('heading', { name, level: 3 })).toBeFocused();
    };
    const back = () => page.getByRole('button', { name: text(language, 'Toutes les actions') }).click();

    await open('Comment êtes-vous venu\u00a0?');
    await expect(
      page.getByRole('group', { name: text(language, 'Options') }).locator('[data-part="option"]'),
    ).toHaveCount(3);
    await expectNoAccessibilityViolations(page);
    await screenshotBothSizes(page, `content-actions-custom-${language}`);
    await back();

    await open("Le quiz de l'eau");
    await expect(page.getByRole('group', { name: text(language, 'Quiz') }).locator('[data-part="answer"]')).toHaveCount(
      3,
    );
    await expectNoAccessibilityViolations(page);
    await screenshotBothSizes(page, `content-actions-quiz-${language}`);
    await back();

    // A new action: its empty texts are what the server's check finds, each under its field.
    const add = page.getByRole('form', { name: text(language, 'Ajouter une action') });
    await add.getByLabel(text(language, 'Type')).selectOption('CUSTOM');
    await add.getByLabel(text(language, 'Nom')).fill('Venir en train');
    await add.getByRole('button', { name: text(language, 'Ajouter une action') }).click();
    const description = page.getByRole('group', { name: 'Français (fr)' }).getByLabel(text(language, 'Description'));
    await expect(description).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText(text(language, 'Les problèmes de cette action sont indiqués sous leur champ.')),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await screenshotBothSizes(page, `content-actions-new-${language}`);
  });
}
