import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  fromOwnAddress,
  guestWithCode,
  LANGUAGES,
  type Language,
  sampleStaff,
  signInAsStaff,
  TILLEULS_MANAGER,
  text,
} from './support.ts';

/**
 * The staff page's 'Aujourd'hui' tab (docs/behaviour.md#today-tab) against the real server: a guest skips cleaning
 * and claims a code reward through the API, then the front desk signs in, sees the room in the skip-cleaning list,
 * checks the code (valid, nothing used yet), hands the reward over with a second tap (used now), checks it again
 * (already used) and finds the use in the day's list.
 */

// Not room 201: e2e/presence.spec.ts rotates its code on the shared test server.
const ROOMS: Record<Language, string> = { fr: 'tilleuls-101', en: 'tilleuls-102', ar: 'tilleuls-101' };

/**
 * The manager signs in, the name typed in lower case after a name that is nobody's (refused as a wrong PIN, so a
 * stranger learns no names); the header names the person as the account spells it, with the role.
 */
async function signIn(page: Page, language: Language) {
  await chooseLanguage(page, language);
  await fromOwnAddress(page, 79);
  await page.goto('/staff/1');
  await signInAsStaff(page, language, { name: 'Personne', pin: TILLEULS_MANAGER.pin });
  await expect(page.getByRole('alert')).toHaveText(text(language, 'Mot de passe incorrect'));
  await signInAsStaff(page, language, { ...TILLEULS_MANAGER, name: TILLEULS_MANAGER.name.toLowerCase() });
  await expect(page.getByRole('tab', { name: text(language, "Aujourd'hui") })).toHaveAttribute('aria-selected', 'true');
  const person = page.locator('[data-part="person"]');
  await expect(person.locator('[data-part="name"]')).toHaveText(TILLEULS_MANAGER.name);
  await expect(person.locator('[data-part="role"]')).toHaveText(text(language, 'Responsable'));
}

/** The button is on screen and the top element at its centre: no table or other part lies over it. */
async function expectNotCovered(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(hit).toBe(await button.textContent());
  // The page itself never scrolls sideways: wide tables scroll in their own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The parts of a message around one of its values ('Déjà utilisée le {usedAt} (…)' → before and after). */
function around(language: Language, source: string, value: string): [string, string] {
  const [before = '', after = ''] = text(language, source).split(`{${value}}`);
  return [before, after];
}

for (const { code: language, dir } of LANGUAGES) {
  test(`the front desk checks a guest's code and sees the skipped cleaning and the day's uses, in ${language}`, async ({
    page,
  }) => {
    // A guest's journey through the API and three accessibility checks: longer than a single page's test.
    test.setTimeout(90_000);
    const guest = await guestWithCode(page.request, ROOMS[language], language);
    await signIn(page, language);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);

    // The skip-cleaning list holds the guest's room: the list of the day the skip speaks of, which from 11:00 is
    // tomorrow's (the staff page then opens on today's list, to report on, and offers tomorrow's beside it).
    const housekeeping = page.getByRole('region', { name: new RegExp(`^${text(language, 'Chambres sans ménage')}`) });
    const parisHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: 'numeric', hourCycle: 'h23' });
    if (Number(parisHour.format(new Date())) >= 11)
      await housekeeping.getByRole('radio', { name: text(language, 'Demain') }).check();
    const roomRow = housekeeping.getByRole('row', { name: new RegExp(`^${guest.roomNumber}\\b`) });
    await expect(roomRow).toContainText(text(language, 'Pas de ménage'));
    await expectNoAccessibilityViolations(page);

    // The code as the guest's screen shows it, typed in lower case: valid, and nothing is used by the check.
    const check = page.getByRole('region', { name: text(language, 'Vérifier un code de récompense') });
    const field = check.getByLabel(text(language, 'Code de récompense'));
    await field.fill(guest.code.toLowerCase());
    await field.press('Enter');
    const answer = check.getByRole('status');
    await expect(answer).toContainText(text(language, 'Code valable, pas encore utilisé'));
    await expect(answer).toContainText(guest.rewardName);
    await expect(answer).toContainText(guest.roomNumber);
    await expect(answer).toContainText(guest.code);
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
    const uses = page.getByRole('region', { name: text(language, "Récompenses utilisées aujourd'hui") });
    await expect(uses.getByRole('row').filter({ hasText: guest.code })).toHaveCount(0);
    // Nothing covers the buttons on a phone: the day's uses scroll in their own box, never over the code check.
    for (const button of [
      check.getByRole('button', { name: text(language, 'Vérifier') }),
      answer.getByRole('button', { name: text(language, 'Remettre la récompense') }),
    ])
      await expectNotCovered(page, button);
    await expectNoAccessibilityViolations(page);

    // The reward handed over, with a second and explicit tap: used now.
    await answer.getByRole('button', { name: text(language, 'Remettre la récompense') }).click();
    await expect(answer).toContainText(text(language, 'Récompense utilisée maintenant'));
    await expect(answer.getByRole('button')).toHaveCount(0);

    // The day's uses list it, checked by staff, and who handed it over.
    const useRow = uses.getByRole('row').filter({ hasText: guest.code });
    await expect(useRow).toContainText(guest.rewardName);
    await expect(useRow).toContainText(text(language, 'Code vérifié'));
    await expect(useRow).toContainText(TILLEULS_MANAGER.name);
    await expectNoAccessibilityViolations(page);

    // Shown again: already used, and nothing changes.
    await field.fill(guest.code);
    await expectNotCovered(page, check.getByRole('button', { name: text(language, 'Vérifier') }));
    await check.getByRole('button', { name: text(language, 'Vérifier') }).click();
    const [before, after] = around(language, 'Déjà utilisée le {usedAt} (code vérifié par le personnel)', 'usedAt');
    await expect(answer).toContainText(before.trim());
    await expect(answer).toContainText(after.trim());
    await expect(uses.getByRole('row').filter({ hasText: guest.code })).toHaveCount(1);

    // A made-up code.
    await field.fill('TIL-ZZZZZZZZ');
    await field.press('Enter');
    await expect(answer).toContainText(around(language, 'Code inconnu : {code}', 'code')[0].trim());
    await expectNoAccessibilityViolations(page);

    // Signing out ends the session on the server: the tab's token is refused from then on.
    const stored = await page.evaluate(() => sessionStorage.getItem('staffSession:1'));
    const { token } = JSON.parse(stored ?? '{}') as { token?: string };
    await page.getByRole('button', { name: text(language, 'Se déconnecter'), exact: true }).click();
    await expect(page.getByLabel(text(language, 'Mot de passe'))).toBeVisible();
    // This device remembers who signed in: the name is offered, chosen already.
    await expect(page.getByRole('radio', { name: TILLEULS_MANAGER.name, exact: true })).toBeChecked();
    const refused = await page.request.get('/api/staff/hotels/1/redemptions', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(401);
  });
}

for (const { code: language, dir } of LANGUAGES) {
  test(`a housekeeping person sees the skip-cleaning list only, then signs out everywhere, in ${language}`, async ({
    page,
  }) => {
    const account = sampleStaff('les-tilleuls', 'housekeeping');
    await chooseLanguage(page, language);
    await fromOwnAddress(page, 79);
    await page.goto('/staff/1');
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await signInAsStaff(page, language, account);

    const person = page.locator('[data-part="person"]');
    await expect(person.locator('[data-part="name"]')).toHaveText(account.name);
    await expect(person.locator('[data-part="role"]')).toHaveText(text(language, 'Étages'));
    // One tab's worth of work: the list itself, no tabs, no code check, no day's uses, no impact.
    await expect(
      page.getByRole('region', { name: new RegExp(`^${text(language, 'Chambres sans ménage')}`) }),
    ).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expect(page.getByRole('region', { name: text(language, 'Vérifier un code de récompense') })).toHaveCount(0);
    await expect(page.getByRole('region', { name: text(language, "Récompenses utilisées aujourd'hui") })).toHaveCount(
      0,
    );
    await expectNoAccessibilityViolations(page);

    // The server refuses the rest to this role, whatever the page shows.
    const stored = await page.evaluate(() => sessionStorage.getItem('staffSession:1'));
    const { token } = JSON.parse(stored ?? '{}') as { token?: string };
    const forbidden = await page.request.get('/api/staff/hotels/1/redemptions', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(forbidden.status()).toBe(403);

    // Signed out everywhere: the sign-in says so, the token is refused, and this device offers the name.
    await page.getByRole('button', { name: text(language, 'Se déconnecter partout') }).click();
    await expect(page.getByRole('status')).toHaveText(text(language, 'Vous êtes déconnecté de tous vos appareils.'));
    await expect(page.getByRole('radio', { name: account.name, exact: true })).toBeChecked();
    await expectNoAccessibilityViolations(page);
    const ended = await page.request.get('/api/staff/hotels/1/housekeeping', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status()).toBe(401);
  });
}
