import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  fromOwnAddress,
  nightsOption,
  runServerCommand,
  STAY_URL,
  screenshotBothSizes,
  signInAsStaff,
  TILLEULS_MANAGER,
  text,
} from './support.ts';

/**
 * Housekeeping confirms a skipped cleaning (docs/behaviour.md#housekeeping-list) against the real server: a guest
 * skips the cleaning, the manager reports it 'Non nettoyée, comme demandé' from the 'Aujourd'hui' tab, and the
 * guest's card says their choice was honoured. The list of the day answers come for is tomorrow's from 11:00
 * hotel-local, whose cleanings have not happened: the journey runs at a copy of the sample hotel in a time zone
 * where it is early morning now, so the guest's skip is for today.
 */

const HOTEL_ID = 29;
const ROOM = '101';
const QR_ID = 'hk29-101';

/** A fixed-offset zone (`Etc/GMT+N` is UTC−N) where it is `hour`:00–`hour`:59 now. */
function zoneAtHour(now: Date, hour: number): string {
  const offset = (((hour - now.getUTCHours()) % 24) + 24) % 24;
  const hours = offset > 14 ? offset - 24 : offset;
  if (hours === 0) return 'Etc/GMT';
  return hours > 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}

/** The sample hotel's content as hotel `id`, its own name, QR codes and prefix, in `timeZone`. */
function importHotelCopy(id: number, name: string, codePrefix: string, timeZone: string) {
  const sample = readFileSync('server/content/hotels/les-tilleuls.yaml', 'utf8');
  const copy = sample
    .replace(/^ {2}id: 1$/m, `  id: ${id}`)
    .replace('name: Hôtel Les Tilleuls', `name: ${name}`)
    .replace('codePrefix: TIL', `codePrefix: ${codePrefix}`)
    .replace('timeZone: Europe/Paris', `timeZone: ${timeZone}`)
    .replaceAll('tilleuls-', `hk${id}-`)
    .replace('unassignedQrIds: [unassigned-1]', `unassignedQrIds: [hk${id}-unassigned]`);
  const file = join(mkdtempSync(join(tmpdir(), 'greenmiles-e2e-hotel-')), `hotel-${id}.yaml`);
  writeFileSync(file, copy);
  runServerCommand(['hotel:import', file]);
}

/** The guest's stay in room 101, the cleaning skipped through the skip-cleaning card. */
async function guestSkipsCleaning(page: Page) {
  await chooseLanguage(page, 'fr');
  await page.addInitScript(() => localStorage.setItem('welcomeShown', 'true'));
  await page.goto(`/${QR_ID}`);
  await expect(page).toHaveURL(STAY_URL);
  await page.getByRole('article', { name: 'Renoncer au ménage' }).getByRole('button').click();
  const nights = page.getByRole('dialog', { name: 'Combien de nuits restez-vous ?' });
  await nights.getByRole('radio', { name: nightsOption('fr', 2) }).click();
  await nights.getByRole('button', { name: 'Valider' }).click();
  const cleaning = page.locator('[role="dialog"][data-scope="luniclean"]');
  await expect(cleaning).toHaveAccessibleName("Pas de ménage aujourd'hui");
  await cleaning.getByRole('button', { name: /^Pas de ménage/ }).click();
  const celebration = page.getByRole('dialog', { name: 'Bravo !' });
  await celebration.getByRole('button', { name: 'Continuer' }).click();
  await expect(celebration).toBeHidden();
}

test('a guest skips the cleaning, housekeeping confirms it from the Today tab, the guest sees it honoured', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  importHotelCopy(HOTEL_ID, 'Hôtel du Matin', 'MAT', zoneAtHour(new Date(), 5));
  await guestSkipsCleaning(page);
  const card = page.getByRole('article', { name: 'Renoncer au ménage' });
  await expect(card).toHaveAttribute('data-state', 'completed');
  await expect(card.locator('[data-part="cleaning-check"]')).toHaveCount(0);

  for (const language of ['fr', 'ar'] as const) {
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await chooseLanguage(staff, language);
    await fromOwnAddress(staff, 83);
    await staff.goto(`/staff/${HOTEL_ID}`);
    await signInAsStaff(staff, language, TILLEULS_MANAGER);
    const housekeeping = staff.getByRole('region', { name: new RegExp(`^${text(language, 'Chambres sans ménage')}`) });
    await expect(housekeeping.getByRole('row', { name: new RegExp(`^${ROOM}\\b`) })).toContainText(
      text(language, 'Pas de ménage'),
    );
    // The report, in the row under the room's.
    const row = housekeeping.locator(`tr[data-part="room-report"][data-room="${ROOM}"]`);
    if (language === 'fr') {
      await expect(row.getByRole('button', { name: 'Nettoyée quand même' })).toBeEnabled();
      await screenshotBothSizes(staff, 'cleaning-check-buttons-fr');
      await row.getByRole('button', { name: 'Non nettoyée, comme demandé' }).click();
    }
    // The report in place of the buttons: what, who and when; it stands on every later load.
    await expect(row).toContainText(text(language, 'Non nettoyée, comme demandé'));
    await expect(row).toContainText(TILLEULS_MANAGER.name);
    await expect(row.getByRole('button')).toHaveCount(0);
    await expectNoAccessibilityViolations(staff);
    await screenshotBothSizes(staff, `cleaning-check-reported-${language}`);
    await staffContext.close();
  }

  await page.reload();
  await expect(card.locator('[data-part="cleaning-check"]')).toHaveText(
    "Votre chambre n'a pas été nettoyée, comme vous l'avez demandé — confirmé par l'équipe.",
  );
  await expectNoAccessibilityViolations(page);
  await card.scrollIntoViewIfNeeded();
  await screenshotBothSizes(page, 'cleaning-check-guest-fr');
});

test("from 11:00 the Today tab offers today's skip-cleaning list, then tomorrow's", async ({ browser }) => {
  // A copy of the sample hotel where it is 15:00–15:59 now: guests' answers speak of tomorrow's cleaning.
  const afternoonHotel = 30;
  importHotelCopy(afternoonHotel, "Hôtel de l'Après-midi", 'APM', zoneAtHour(new Date(), 15));
  for (const language of ['fr', 'ar'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await chooseLanguage(page, language);
    await fromOwnAddress(page, 84);
    await page.goto(`/staff/${afternoonHotel}`);
    await signInAsStaff(page, language, TILLEULS_MANAGER);
    const housekeeping = page.getByRole('region', { name: new RegExp(`^${text(language, 'Chambres sans ménage')}`) });
    const days = housekeeping.getByRole('group', { name: text(language, 'Jour de la liste') });
    const today = days.getByRole('radio', { name: text(language, "Aujourd'hui") });
    const tomorrow = days.getByRole('radio', { name: text(language, 'Demain') });
    // Today's list first: the one housekeeping reports on during its rounds.
    await expect(today).toBeChecked();
    const todayTitle = await housekeeping.getByRole('heading', { level: 3 }).textContent();
    await expectNoAccessibilityViolations(page);
    await screenshotBothSizes(page, `housekeeping-days-today-${language}`);
    await tomorrow.check();
    await expect(tomorrow).toBeChecked();
    await expect(housekeeping.getByRole('heading', { level: 3 })).not.toHaveText(todayTitle ?? '');
    await expect(housekeeping.getByRole('button', { name: text(language, 'Actualiser') })).toBeEnabled();
    await screenshotBothSizes(page, `housekeeping-days-tomorrow-${language}`);
    await context.close();
  }
});
