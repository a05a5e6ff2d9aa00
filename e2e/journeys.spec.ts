import { expect, type Locator, type Page, test } from '@playwright/test';
import { answerLetter } from '../contract/answer-rules.ts';
import { cleaningDayAt } from '../contract/calendar-days.ts';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  finishStayAsStaff,
  LANGUAGES,
  type Language,
  nightsOption,
  STAY_URL,
  text,
} from './support.ts';

/** Hotel 1's content (server/content/hotels/les-tilleuls.yaml) the journeys use, per language. */
const CONTENT = {
  fr: {
    quiz: "Le quiz de l'eau",
    rightAnswer: 'Environ 60 litres',
    towels: 'Réutiliser mes serviettes',
    cleaning: 'Renoncer au ménage',
  },
  en: {
    quiz: 'The water quiz',
    rightAnswer: 'About 60 litres',
    towels: 'Reuse my towels',
    cleaning: 'Skip the room cleaning',
  },
  ar: {
    quiz: 'اختبار الماء',
    rightAnswer: 'نحو 60 لترًا',
    towels: 'إعادة استخدام المناشف',
    cleaning: 'الاستغناء عن تنظيف الغرفة',
  },
} satisfies Record<Language, Record<string, string>>;

/** The progress line for `done` actions completed (its total is the hotel's). */
function progress(code: Language, done: number): RegExp {
  if (code === 'fr') return new RegExp(`^${done} gestes? réalisés? sur \\d+$`);
  if (code === 'en') return new RegExp(`^${done} of \\d+ done$`);
  return /\d+$/;
}

/** The language menu's button (its name starts with 'Langue'). */
function languageMenu(scope: Page | Locator, code: Language): Locator {
  const prefix = text(code, 'Langue : {currentName}').replace('{currentName}', '').trim();
  // Playwright compares accessible names with white space normalised: the non-breaking space matches as any space.
  const pattern = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\u00a0/g, '\\s');
  return scope.getByRole('button', { name: new RegExp(pattern) });
}

const pointsBadge = (page: Page) => page.locator('[data-scope="stay-header"] [data-part="points"]');

/** A new stay at hotel 1, its welcome closed. */
async function startStay(page: Page, code: Language) {
  await chooseLanguage(page, code);
  await page.goto('/hotel/1');
  await expect(page).toHaveURL(STAY_URL);
  await page.getByRole('button', { name: text(code, "C'est parti !") }).click();
  await expect(pointsBadge(page)).toContainText('0');
}

async function openCard(page: Page, title: string): Promise<Locator> {
  await page.getByRole('article', { name: title }).getByRole('button').click();
  return page.getByRole('dialog', { name: title });
}

/** The celebration of `points`, closed with 'Continuer'. */
async function closeCelebration(page: Page, code: Language, points: number) {
  const celebration = page.getByRole('dialog', { name: text(code, 'Bravo !') });
  await expect(celebration).toContainText(`+${points}`);
  await celebration.getByRole('button', { name: text(code, 'Continuer') }).click();
  await expect(celebration).toBeHidden();
}

for (const { code } of LANGUAGES) {
  test(`quiz: the tap sends the answer, and × after the reveal keeps the points, in ${code}`, async ({ page }) => {
    const content = CONTENT[code];
    await startStay(page, code);
    const quiz = await openCard(page, content.quiz);
    await quiz.getByRole('button', { name: `${answerLetter(2, code)} ${content.rightAnswer}` }).click();
    await expect(quiz.getByText(text(code, 'Bonne réponse !'))).toBeVisible();
    // Sent on the tap: the other answers can no longer be picked.
    await expect(quiz.getByRole('button', { name: new RegExp(`^${answerLetter(1, code)} `) })).toBeDisabled();
    // One verdict, one tap to leave (issue 25): no 'Bravo !' sheet follows the quiz's own verdict.
    await expect(quiz.getByRole('button', { name: text(code, 'Continuer') })).toHaveCount(1);
    await quiz.getByRole('button', { name: text(code, 'Fermer') }).click();
    await expect(quiz).toBeHidden();
    await expect(pointsBadge(page)).toContainText('15');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-scope="submission-toast"] [role="status"]')).toHaveCount(0);
    // Reopened, the quiz shows its summary: no second pick.
    const summary = await openCard(page, content.quiz);
    await expect(summary).toHaveAttribute('data-scope', 'completed-summary');
  });

  test(`the nights question closes by ×, backdrop and swipe; a stay ending tomorrow explains its night actions, in ${code}`, async ({
    page,
  }) => {
    const content = CONTENT[code];
    await startStay(page, code);
    const nightsTitle = text(code, 'Combien de nuits restez-vous ?');
    const nights = page.getByRole('dialog', { name: nightsTitle });

    await openCard(page, content.cleaning);
    await expect(nights).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await nights.getByRole('button', { name: text(code, 'Fermer') }).click();
    await expect(nights).toBeHidden();

    await openCard(page, content.cleaning);
    await page.mouse.click(10, 10);
    await expect(nights).toBeHidden();

    await openCard(page, content.cleaning);
    const handle = nights.locator('[data-part="handle"]');
    const box = await handle.boundingBox();
    if (!box) throw new Error('the sheet has no handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + 150, { steps: 5 });
    await page.mouse.up();
    await expect(nights).toBeHidden();

    // One night: the night actions become unavailable, and their cards say why.
    await openCard(page, content.cleaning);
    await nights.getByRole('radio', { name: nightsOption(code, 1) }).click();
    await nights.getByRole('button', { name: text(code, 'Valider') }).click();
    const unavailable = page.getByRole('dialog', { name: text(code, 'Actions indisponibles') });
    await unavailable.getByRole('button', { name: text(code, 'Compris') }).click();
    const card = page.getByRole('article', { name: content.cleaning });
    await expect(card).toHaveAttribute('data-state', 'unavailable');
    await expect(card.getByText(text(code, 'Indisponible'), { exact: true })).toBeVisible();
    await expect(card.getByText('+20 GreenMiles')).toHaveCount(0);
    await expectNoAccessibilityViolations(page);

    // Reopened: the explanation, not the question; 'Modifier mes nuits' makes the stay longer.
    await card.getByRole('button', { name: text(code, 'Modifier mes nuits') }).click();
    await expect(unavailable).toBeVisible();
    await unavailable.getByRole('button', { name: text(code, 'Modifier mes nuits') }).click();
    await nights.getByRole('radio', { name: nightsOption(code, 2) }).click();
    await nights.getByRole('button', { name: text(code, 'Valider') }).click();
    // The skip-cleaning question names its day (docs/behaviour.md#skip-cleaning: the 11:00 switch).
    const day = cleaningDayAt(new Date(), 'Europe/Paris');
    const cleaningTitle = text(code, day === 'today' ? "Pas de ménage aujourd'hui" : 'Pas de ménage demain');
    await expect(page.getByRole('dialog', { name: cleaningTitle })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card).toHaveAttribute('data-state', 'open');
  });

  test(`a network failure says so in ${code}, keeps focus in the dialog, and 'Réessayer' sends again; a 'no' stays on offer`, async ({
    page,
  }) => {
    const content = CONTENT[code];
    await startStay(page, code);
    await expect(page.locator('[data-part="progress"]')).toHaveText(progress(code, 0));

    await page.route('**/api/actions/*/yesno', (route) => route.abort('internetdisconnected'));
    const towels = await openCard(page, content.towels);
    await towels.getByRole('button', { name: text(code, 'Oui'), exact: true }).click();
    const alert = towels.getByRole('alert');
    await expect(alert).toContainText(text(code, 'Connexion impossible. Vérifiez votre connexion, puis réessayez.'));
    await expect(alert).not.toContainText(/http|api|error|Failed|fetch/i);
    // The text stays inside its box, and the keyboard stays in the dialog.
    expect(await alert.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    await expect.poll(() => towels.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await expectNoAccessibilityViolations(page);

    await page.unroute('**/api/actions/*/yesno');
    await alert.getByRole('button', { name: text(code, 'Réessayer') }).click();
    await expect(towels).toBeHidden();
    await closeCelebration(page, code, 15);
    const card = page.getByRole('article', { name: content.towels });
    await expect(card).toHaveAttribute('data-state', 'completed');
    await expect(card.getByText(text(code, 'Fait'))).toBeVisible();
    await expect(page.locator('[data-part="progress"]')).toHaveText(progress(code, 1));

    // Changed to 'no': declined, its points still on offer, not counted as done.
    await openCard(page, content.towels);
    await towels.getByRole('button', { name: text(code, 'Non'), exact: true }).click();
    await towels.getByRole('button', { name: text(code, 'Confirmer le changement') }).click();
    await expect(towels).toBeHidden();
    await expect(card).toHaveAttribute('data-state', 'declined');
    await expect(card.getByText('+15 GreenMiles')).toBeVisible();
    await expect(card.getByRole('button', { name: text(code, 'Changer ma réponse') })).toBeVisible();
    await expect(page.locator('[data-part="progress"]')).toHaveText(progress(code, 0));
    // The points went: the toast says so, signed.
    await expect(page.locator('[data-scope="submission-toast"] [data-part="badge"]')).toHaveText('\u221215 GreenMiles');
    await expectNoAccessibilityViolations(page);
  });

  test(`entry errors are translated, offer the right action and the language menu, in ${code}`, async ({ page }) => {
    await chooseLanguage(page, code);

    // An unknown hotel: no retry (it cannot help).
    await page.goto('/hotel/99');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      text(code, 'Cet hôtel est introuvable. Vérifiez le QR code ou demandez à la réception.'),
    );
    await expect(alert).not.toContainText('not found');
    await expect(page.getByRole('button', { name: text(code, 'Réessayer') })).toHaveCount(0);
    await expect(languageMenu(page, code)).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // An unknown stay: what to do, no retry, and the language menu in the header.
    await page.goto('/stay/00000000-0000-4000-8000-000000000000');
    await expect(alert).toContainText(
      text(
        code,
        'Impossible de récupérer les informations de séjour. Scannez le QR code de votre chambre pour retrouver vos gestes.',
      ),
    );
    await expect(page.getByRole('button', { name: text(code, 'Réessayer') })).toHaveCount(0);
    await expect(languageMenu(page.getByRole('banner'), code)).toBeVisible();
    // The way out instead of tabs that lead to the same error.
    await expect(page.getByRole('navigation', { name: text(code, 'Navigation du séjour') })).toHaveCount(0);
    const wayOut = page.getByRole('navigation', { name: text(code, 'Pour continuer') });
    await expect(wayOut.getByRole('link', { name: text(code, 'Retour à mon séjour') })).toHaveCount(0);
    await expect(wayOut.getByRole('link', { name: text(code, "Retour à l'accueil") })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // A disabled room QR: the language menu too.
    await page.goto('/no-such-room');
    await expect(page).toHaveURL(/\/no-such-room\/disabled$/);
    await expect(page.getByRole('heading', { name: text(code, 'QR code non activé') })).toBeVisible();
    await expect(languageMenu(page, code)).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
}

for (const { code } of LANGUAGES) {
  test(`the browser's Back closes the open sheet and only the sheet, in ${code}`, async ({ page }) => {
    const content = CONTENT[code];
    await startStay(page, code);
    const stayAddress = page.url();

    // Back with the nights question open: the question closes, the page stays.
    const nights = page.getByRole('dialog', { name: text(code, 'Combien de nuits restez-vous ?') });
    await openCard(page, content.cleaning);
    await expect(nights).toBeVisible();
    await page.goBack();
    await expect(nights).toBeHidden();
    await expect(page).toHaveURL(stayAddress);
    await expect(page.getByRole('article', { name: content.towels })).toBeVisible();

    // A sheet that follows another (the question answered, then the action's own): Back closes the one on screen.
    await openCard(page, content.cleaning);
    await nights.getByRole('radio', { name: nightsOption(code, 2) }).click();
    await nights.getByRole('button', { name: text(code, 'Valider') }).click();
    await expect(nights).toBeHidden();
    const action = page.locator('[role="dialog"]:not([data-scope="loading-sheet"])');
    await expect(action).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(stayAddress);

    // Closed by its ×, a sheet leaves nothing in the history: the next Back leaves the page (for the blank page the
    // journey started from), as before the sheet opened.
    const towels = await openCard(page, content.towels);
    await towels.getByRole('button', { name: text(code, 'Fermer') }).click();
    await expect(towels).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL('about:blank');
  });

  test(`another guest's stay address leads back to this device's own stay, in ${code}`, async ({ page }) => {
    await startStay(page, code);
    const ownStay = page.url();
    await page.goto('/stay/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert')).toBeVisible();
    const wayOut = page.getByRole('navigation', { name: text(code, 'Pour continuer') });
    await wayOut.getByRole('link', { name: text(code, 'Retour à mon séjour') }).click();
    await expect(page).toHaveURL(ownStay);
    await expect(pointsBadge(page)).toBeVisible();

    await page.goto('/stay/00000000-0000-4000-8000-000000000000');
    await wayOut.getByRole('link', { name: text(code, "Retour à l'accueil") }).click();
    await expect(page.getByRole('heading', { name: text(code, 'Bienvenue sur GreenMiles') })).toBeVisible();
  });

  test(`a finished stay thanks with the points earned and shows its rewards read-only, in ${code}`, async ({
    page,
  }) => {
    await startStay(page, code);
    await finishStayAsStaff(page, code);

    await expect(page.locator('[data-part="badge"]').first()).toContainText('0');
    const rewards = page.getByRole('region', { name: text(code, 'Vos récompenses') });
    await expect(rewards).toContainText(text(code, 'Aucune récompense réclamée pendant ce séjour.'));
    await expectNoAccessibilityViolations(page);
  });
}
