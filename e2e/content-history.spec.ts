import { type APIRequestContext, expect, test } from '@playwright/test';
import type { ContentHistoryReply, ContentReply } from '../contract/content-editor.ts';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  formatted,
  fromOwnAddress,
  type Language,
  STAY_URL,
  signInAsStaff,
  TILLEULS_MANAGER,
  text,
} from './support.ts';

/**
 * The content's history end to end (docs/behaviour.md#content-history): a manager's save through the API renames an action;
 * on the staff page's 'Historique' tab the manager compares that version with the one before it, restores the one
 * before, and a guest sees the old name again.
 */

const ACTION = 'skip-cleaning';

/** Claire's session, as the staff page would open it. */
async function managerToken(request: APIRequestContext): Promise<string> {
  const { name, pin } = TILLEULS_MANAGER;
  const session = await request.post('/api/staff/sessions', { data: { hId: 1, name, pin } });
  expect(session.status()).toBe(201);
  return ((await session.json()) as { token: string }).token;
}

/** Saves the content with the action renamed in `language`; answers its old and new names. */
async function renameAction(request: APIRequestContext, language: Language) {
  const headers = { authorization: `Bearer ${await managerToken(request)}` };
  const current = (await (await request.get('/api/staff/hotels/1/content', { headers })).json()) as ContentReply;
  const action = current.document.actions?.find((entry) => entry.key === ACTION);
  const texts = action?.texts[language];
  if (!action || !texts) throw new Error(`The sample hotel's ${ACTION} action is translated into ${language}`);
  const oldName = texts.name;
  const newName = `${oldName} (${test.info().workerIndex}${Date.now().toString(36).slice(-4)})`;
  texts.name = newName;
  const saved = await request.put('/api/staff/hotels/1/content', {
    headers,
    data: { baseVersion: current.version, document: current.document },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const history = (await (
    await request.get('/api/staff/hotels/1/content/versions', { headers })
  ).json()) as ContentHistoryReply;
  const number = history.versions[0]?.number ?? 0;
  return { oldName, newName, number };
}

for (const language of ['fr', 'ar'] as const) {
  test(`a manager compares a saved change with the version before and restores it; guests see the old name, in ${language}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { oldName, newName, number } = await renameAction(page.request, language);
    const previous = number - 1;

    await chooseLanguage(page, language);
    await fromOwnAddress(page, 87);
    await page.goto('/staff/1');
    await signInAsStaff(page, language, TILLEULS_MANAGER);
    await page.getByRole('tab', { name: text(language, 'Historique') }).click();

    // The list: the save just made is the current version, Claire's.
    const versions = page.getByRole('table', { name: text(language, 'Versions enregistrées') });
    const current = versions.getByRole('row').nth(1);
    await expect(current).toContainText(String(number));
    await expect(current).toContainText(text(language, 'Actuelle'));
    await expect(current).toContainText(TILLEULS_MANAGER.name);
    await expect(current).toContainText(text(language, 'Enregistrée'));

    // Its comparison with the version before: the name, before and after.
    const compare = (version: number) =>
      page.getByRole('button', {
        name: formatted(language, 'Comparer la version {number} avec la précédente', { number: version }),
      });
    await compare(number).click();
    const comparison = page.getByRole('region', {
      name: formatted(language, 'Version {number} comparée à la version {previous}', { number, previous }),
    });
    const change = comparison.getByRole('row').filter({ hasText: `${ACTION}` });
    await expect(change).toContainText(oldName);
    await expect(change).toContainText(newName);
    await expectNoAccessibilityViolations(page);

    // The version before is restored, after a confirmation.
    await compare(previous).click();
    await page
      .getByRole('button', { name: formatted(language, 'Restaurer la version {number}', { number: previous }) })
      .click();
    await page.getByRole('button', { name: text(language, 'Oui, restaurer') }).click();
    await expect(page.getByRole('status')).toContainText(
      formatted(
        language,
        "La version {from} est restaurée : c'est maintenant la version {number}, que les clients voient déjà.",
        { from: previous, number: number + 1 },
      ),
    );
    await expectNoAccessibilityViolations(page);

    // A guest reads the old name again.
    await page.goto('/hotel/1');
    await expect(page).toHaveURL(STAY_URL);
    await page.getByRole('button', { name: text(language, "C'est parti !") }).click();
    await expect(page.getByRole('article', { name: oldName })).toBeVisible();
    await expect(page.getByRole('article', { name: newName })).toHaveCount(0);
  });
}
