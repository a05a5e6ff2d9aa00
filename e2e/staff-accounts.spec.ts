import { expect, type Page, test } from '@playwright/test';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  fromOwnAddress,
  guestWithCode,
  LANGUAGES,
  type Language,
  type StaffCredentials,
  signInAsStaff,
  TILLEULS_MANAGER,
  text,
} from './support.ts';

/**
 * Staff accounts end to end (docs/behaviour.md#staff-accounts, #audit-trail): the manager adds a front-desk person
 * on the 'Personnes' tab and reads the PIN shown once; that person signs in with it on the same page and hands a
 * guest's reward over; the manager's 'Journal' then says who did what.
 */

/** A person's name of this run: a retry or another run's account never takes it. */
function newPersonName(language: Language): string {
  const first = language === 'ar' ? 'نادية' : 'Nadia';
  return `${first} ${test.info().workerIndex}${Date.now().toString(36).slice(-4)}`;
}

async function signIn(page: Page, language: Language, who: StaffCredentials) {
  await signInAsStaff(page, language, who);
  await expect(page.locator('[data-part="person"] [data-part="name"]')).toHaveText(who.name);
}

async function signOut(page: Page, language: Language) {
  await page.getByRole('button', { name: text(language, 'Se déconnecter'), exact: true }).click();
  await expect(page.getByLabel(text(language, 'Mot de passe'))).toBeVisible();
}

for (const { code: language, dir } of LANGUAGES) {
  test(`a manager adds a front-desk person, who signs in and hands a reward over; the trail says who, in ${language}`, async ({
    page,
  }) => {
    // A guest's journey through the API, three people's screens and four accessibility checks.
    test.setTimeout(120_000);
    const guest = await guestWithCode(page.request, 'tilleuls-102', language);
    await chooseLanguage(page, language);
    await fromOwnAddress(page, 81);
    await page.goto('/staff/1');
    await signIn(page, language, TILLEULS_MANAGER);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);

    // The manager adds the person, with the front desk's role: the PIN is shown once.
    await page.getByRole('tab', { name: text(language, 'Personnes') }).click();
    const add = page.getByRole('form', { name: text(language, 'Ajouter une personne') });
    const name = newPersonName(language);
    await add.getByLabel(text(language, 'Nom')).fill(name);
    await add.getByLabel(text(language, 'Rôle')).selectOption({ label: text(language, 'Réception') });
    await add.getByRole('button', { name: text(language, 'Ajouter'), exact: true }).click();
    const sheet = page.getByRole('dialog');
    const pin = (await sheet.locator('[data-part="pin"]').textContent())?.trim() ?? '';
    expect(pin).toMatch(/^\d{6}$/);
    await expectNoAccessibilityViolations(page);
    await sheet.getByRole('button', { name: text(language, "C'est noté") }).click();
    await expect(sheet).toHaveCount(0);
    const accounts = page.getByRole('table', { name: text(language, 'Qui peut se connecter') });
    await expect(accounts.getByRole('row').filter({ hasText: name })).toContainText(text(language, 'Réception'));
    await expectNoAccessibilityViolations(page);
    await signOut(page, language);

    // The new person signs in with that PIN: the front desk's tab only, and hands the guest's reward over.
    await signIn(page, language, { name, pin });
    await expect(page.locator('[data-part="person"] [data-part="role"]')).toHaveText(text(language, 'Réception'));
    await expect(page.getByRole('tab')).toHaveCount(0);
    const check = page.getByRole('region', { name: text(language, 'Vérifier un code de récompense') });
    const field = check.getByLabel(text(language, 'Code de récompense'));
    await field.fill(guest.code);
    await field.press('Enter');
    const answer = check.getByRole('status');
    await expect(answer).toContainText(text(language, 'Code valable, pas encore utilisé'));
    await answer.getByRole('button', { name: text(language, 'Remettre la récompense') }).click();
    await expect(answer).toContainText(text(language, 'Récompense utilisée maintenant'));
    const uses = page.getByRole('region', { name: text(language, "Récompenses utilisées aujourd'hui") });
    await expect(uses.getByRole('row').filter({ hasText: guest.code })).toContainText(name);
    await signOut(page, language);

    // The manager's trail: the hand-over by that person, and the account the manager added.
    await signIn(page, language, TILLEULS_MANAGER);
    await page.getByRole('tab', { name: text(language, 'Journal') }).click();
    const trail = page.getByRole('table', { name: text(language, 'Dernières actions') });
    const handedOver = trail
      .getByRole('row')
      .filter({ hasText: text(language, 'Récompense remise') })
      .first();
    await expect(handedOver).toContainText(name);
    await expect(handedOver).toContainText(text(language, 'Réception'));
    await expect(handedOver).toContainText(guest.code);
    const added = trail
      .getByRole('row')
      .filter({ hasText: text(language, 'Personne ajoutée') })
      .first();
    await expect(added).toContainText(TILLEULS_MANAGER.name);
    await expectNoAccessibilityViolations(page);
  });
}
