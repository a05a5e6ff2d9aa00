import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  chooseLanguage,
  type Language,
  nightsOption,
  STAY_URL,
  signInAsStaff,
  TILLEULS_MANAGER,
  TILLEULS_PIN,
  text,
} from './support.ts';

/**
 * `npm run screenshots` (project `screenshots`, playwright.config.ts): every guest and staff screen in French and
 * Arabic, on a phone and a desktop, into screenshots/ with an index.html that shows them side by side, for a
 * reviewer's eye. It checks nothing beyond reaching each screen; `npm test` does not run it.
 */
const FOLDER = 'screenshots';
const SCREENS = [
  { device: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { device: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;
const SHOT_LANGUAGES: Language[] = ['fr', 'ar'];

type Device = (typeof SCREENS)[number]['device'];

/** Waits until the page is still (animations ended, fonts and pictures loaded), then saves what the viewport shows. */
async function shoot(page: Page, name: string, device: Device, language: Language) {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      // Lazy pictures out of view never load: not waited for.
      [...document.images].every((image) => image.complete || image.loading === 'lazy') &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
  );
  await page.screenshot({ path: join(FOLDER, `${name}.${device}.${language}.png`), animations: 'disabled' });
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** A new stay at hotel 1 through its entry page, the entry held until it is photographed. */
async function enterStay(
  page: Page,
  language: Language,
  device: Device,
  entry: '/hotel/1' | '/demo/hotel/2' = '/hotel/1',
) {
  await chooseLanguage(page, language);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/stays/hotel/*/new', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(entry);
  await expect(page.locator('[data-scope="entry"]')).toBeVisible();
  await shoot(page, `${entry.startsWith('/demo') ? '00-demo' : '01'}-entry`, device, language);
  release();
  await expect(page).toHaveURL(entry.startsWith('/demo') ? /\/demo\/stay\/[0-9a-f-]{36}$/ : STAY_URL);
  await page.unroute('**/api/stays/hotel/*/new');
}

/** The staff reset (a long press on the header title, the staff PIN) ends the stay. */
async function endStay(page: Page, language: Language, device: Device) {
  const title = page.locator('[data-scope="stay-header"] [data-part="title"]');
  await title.hover();
  await page.mouse.down();
  await page.waitForTimeout(1200);
  await page.mouse.up();
  const reset = page.getByRole('dialog', { name: text(language, 'Réinitialiser le séjour') });
  await expect(reset).toBeVisible();
  await shoot(page, '30-staff-reset', device, language);
  await reset.getByLabel(text(language, 'Mot de passe')).fill(TILLEULS_PIN);
  await reset.getByRole('button', { name: text(language, 'Valider') }).click();
  await expect(page).toHaveURL(/\/finished$/);
}

for (const screen of SCREENS) {
  test.describe(`${screen.device} ${screen.viewport.width}×${screen.viewport.height}`, () => {
    test.use({
      viewport: screen.viewport,
      isMobile: screen.isMobile,
      hasTouch: screen.hasTouch,
      deviceScaleFactor: 1,
      permissions: ['camera'],
    });

    for (const language of SHOT_LANGUAGES) {
      const { device } = screen;

      test(`guest screens, ${device}, ${language}`, async ({ page }) => {
        test.setTimeout(240_000);
        mkdirSync(FOLDER, { recursive: true });
        await enterStay(page, language, device);
        const welcome = page.getByRole('dialog');
        await expect(welcome).toBeVisible();
        await shoot(page, '02-welcome', device, language);
        await welcome.getByRole('button', { name: text(language, "C'est parti !") }).click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await shoot(page, '03-actions', device, language);

        // Every card's dialog, the nights question first (answered with 2 nights), each closed by Escape.
        const cards = page.getByRole('article');
        const count = await cards.count();
        for (let index = 0; index < count; index += 1) {
          const card = cards.nth(index);
          await card.scrollIntoViewIfNeeded();
          await card.getByRole('button').first().click();
          // The launch's code may load first (its own 'Chargement…' sheet).
          const dialog = page.locator('[role="dialog"]:not([data-scope="loading-sheet"])');
          await expect(dialog).toBeVisible();
          const nights = page.getByRole('dialog', { name: text(language, 'Combien de nuits restez-vous ?') });
          if (await nights.isVisible()) {
            await shoot(page, '04-nights-question', device, language);
            await nights.getByRole('radio', { name: nightsOption(language, 2) }).click();
            await nights.getByRole('button', { name: text(language, 'Valider') }).click();
            await expect(nights).toBeHidden();
            await expect(dialog).toBeVisible();
          }
          const kind = (await card.getAttribute('data-type'))?.toLowerCase() ?? `card-${index}`;
          await shoot(page, `05-action-${kind}`, device, language);
          await closeDialog(page);
        }

        // An answer and its celebration, then the card done.
        const yesNo = page.locator('[data-scope="action-card"][data-type="YESNO"]');
        await yesNo.getByRole('button').first().click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: text(language, 'Oui'), exact: true })
          .click();
        const celebration = page.getByRole('dialog', { name: text(language, 'Bravo !') });
        await expect(celebration).toBeVisible();
        await shoot(page, '06-celebration', device, language);
        await celebration.getByRole('button', { name: text(language, 'Continuer') }).click();
        await expect(celebration).toBeHidden();
        await yesNo.scrollIntoViewIfNeeded();
        await shoot(page, '07-actions-one-done', device, language);
        await yesNo.getByRole('button').first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shoot(page, '08-answer-summary', device, language);
        await closeDialog(page);

        // The meal photo's camera page (Chromium's synthetic camera).
        const meal = page.locator('[data-scope="action-card"][data-type="LIMEAT"]');
        await meal.getByRole('button').first().click();
        await page
          .getByRole('dialog')
          .getByRole('link', { name: text(language, 'Prendre une photo de mon repas') })
          .click();
        const camera = page.locator('[data-scope="meal-photo"]');
        await expect(camera).toHaveAttribute('data-state', /live|cameraFailed/);
        await shoot(page, '20-meal-photo', device, language);
        await page.goBack();
        await expect(page).toHaveURL(STAY_URL);

        // Rewards, each unlocked one's details (points earned through the API first).
        const stay = await page.evaluate(() => ({
          sUUID: localStorage.getItem('sUUID') ?? '',
          uuid: localStorage.getItem('profileUUID') ?? '',
        }));
        await earnPoints(page, stay);
        await page.reload();
        await page
          .getByRole('navigation')
          .getByRole('link', { name: text(language, 'Mes récompenses') })
          .click();
        await expect(page.locator('[data-scope="reward-card"]').first()).toBeVisible();
        await shoot(page, '10-rewards', device, language);
        const rewards = page.locator('[data-scope="reward-card"]:not([data-state="locked"])');
        const rewardCount = await rewards.count();
        for (let index = 0; index < rewardCount; index += 1) {
          const reward = rewards.nth(index);
          const type = (await reward.getAttribute('data-type'))?.toLowerCase() ?? `reward-${index}`;
          await reward.scrollIntoViewIfNeeded();
          await reward.getByRole('button').first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await shoot(page, `11-reward-${type}`, device, language);
          await closeDialog(page);
        }
        // A reward unlocked here: its claimed view, then the balance left and the way to the next reward.
        const affordable = page.locator('[data-scope="reward-card"][data-state="affordable"]').first();
        await affordable.scrollIntoViewIfNeeded();
        await affordable.getByRole('button').first().click();
        await page.getByRole('dialog').locator('[data-part="unlock"]').click();
        const whatNext = page.getByRole('dialog').locator('[data-part="what-next"]');
        await whatNext.scrollIntoViewIfNeeded();
        await shoot(page, '12-reward-just-unlocked', device, language);
        await closeDialog(page);

        // The end of the stay: the staff reset, then the finished page.
        await page
          .getByRole('navigation')
          .getByRole('link', { name: text(language, 'Mes actions') })
          .click();
        await endStay(page, language, device);
        await shoot(page, '31-finished', device, language);

        // A stay this device does not know: the way out.
        await page.goto('/stay/00000000-0000-4000-8000-000000000000');
        await expect(page.getByRole('alert')).toBeVisible();
        await shoot(page, '32-unknown-stay', device, language);
        await page.goto('/no-such-room');
        await expect(page).toHaveURL(/\/disabled$/);
        await shoot(page, '33-disabled-qr', device, language);
      });

      test(`proof page, ${device}, ${language}`, async ({ page }) => {
        mkdirSync(FOLDER, { recursive: true });
        await chooseLanguage(page, language);
        await page.addInitScript(() => localStorage.setItem('welcomeShown', 'true'));
        const created = await page.request.post('/api/stays/hotel/1/new', { data: {} });
        const { sUUID, profileUUID } = (await created.json()) as { sUUID: string; profileUUID: string };
        const actions = (await (
          await page.request.get(`/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}`)
        ).json()) as Array<{ actId: number; actType: string }>;
        const proof = actions.find((action) => action.actType === 'PROOF');
        await page.goto(`/proof/${proof?.actId}?hId=1&qrId=tilleuls-garden-gate`);
        await expect(page).toHaveURL(STAY_URL);
        await expect(page.locator('[data-scope="toast-region"]')).not.toBeEmpty();
        await shoot(page, '21-proof-credited', device, language);
      });

      test(`demo, ${device}, ${language}`, async ({ page }) => {
        mkdirSync(FOLDER, { recursive: true });
        await enterStay(page, language, device, '/demo/hotel/2');
        await expect(page.getByRole('dialog')).toBeVisible();
        await shoot(page, '00-demo-welcome', device, language);
        await page.getByRole('button', { name: text(language, "C'est parti !") }).click();
        await shoot(page, '00-demo-actions', device, language);
        await page.getByRole('article').first().getByRole('button').first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shoot(page, '00-demo-dialog', device, language);
      });

      test(`slow network, ${device}, ${language}`, async ({ page }) => {
        mkdirSync(FOLDER, { recursive: true });
        await chooseLanguage(page, language);
        await page.addInitScript(() => localStorage.setItem('welcomeShown', 'true'));
        await page.goto('/hotel/1');
        await expect(page).toHaveURL(STAY_URL);
        // The stay and the pictures late on the next visit: what shows while they travel.
        await page.route('**/api/stays/*', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
        const pictures: Array<() => void> = [];
        await page.route('**/pictures/**', (route) => {
          pictures.push(() => void route.continue());
        });
        await page.reload();
        await expect(page.locator('[data-part="skeleton"]')).toBeVisible();
        await page.screenshot({ path: join(FOLDER, `50-slow-skeleton.${device}.${language}.png`) });
        await expect(page.getByRole('article').first()).toBeVisible();
        await page.screenshot({ path: join(FOLDER, `51-slow-pictures-on-their-way.${device}.${language}.png`) });
        await page
          .getByRole('navigation')
          .getByRole('link', { name: text(language, 'Mes récompenses') })
          .click();
        await expect(page.locator('[data-scope="reward-card"]').first()).toBeVisible();
        await page.screenshot({ path: join(FOLDER, `52-slow-reward-pictures.${device}.${language}.png`) });
        for (const release of pictures) release();
      });

      test(`staff screens, ${device}, ${language}`, async ({ page }) => {
        mkdirSync(FOLDER, { recursive: true });
        await chooseLanguage(page, language);
        await page.goto('/staff/1');
        await expect(page.getByLabel(text(language, 'Mot de passe'))).toBeVisible();
        await shoot(page, '40-staff-sign-in', device, language);
        await signInAsStaff(page, language, TILLEULS_MANAGER);
        const tabs = page.getByRole('tab');
        await expect(tabs.first()).toBeVisible();
        const tabCount = await tabs.count();
        for (let index = 0; index < tabCount; index += 1) {
          await tabs.nth(index).click();
          await expect(page.getByRole('tabpanel')).toBeVisible();
          await page.waitForLoadState('networkidle');
          await shoot(page, `41-staff-tab-${index + 1}`, device, language);
          await page.screenshot({
            path: join(FOLDER, `41-staff-tab-${index + 1}-full.${device}.${language}.png`),
            fullPage: true,
          });
        }
        // Signed out, this device offers the name that signed in.
        await page.getByRole('button', { name: text(language, 'Se déconnecter'), exact: true }).click();
        await expect(page.getByRole('radio', { name: TILLEULS_MANAGER.name, exact: true })).toBeChecked();
        await shoot(page, '42-staff-sign-in-remembered', device, language);
      });
    }
  });
}

/** Points for every reward of hotel 1: the yes/no and night answers through the real calls, then two claims. */
async function earnPoints(page: Page, stay: { sUUID: string; uuid: string }) {
  const endDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await page.request.put(`/api/stays/${stay.sUUID}/endDate`, { data: { endDate, uuid: stay.uuid } });
  const actions = (await (
    await page.request.get(`/api/stays/${stay.sUUID}/actions`, { params: { lang: 'fr', uuid: stay.uuid } })
  ).json()) as Array<{ actId: number; actType?: string; actPositiveResponse?: string }>;
  const bodies: Record<string, [string, object]> = {
    YESNOSTAY: ['yesnon', {}],
    YESNOMAIL: ['yesnomail', {}],
    CLAIM: ['claim', {}],
    REVIEW: ['review', { rating: 4 }],
    LUNICLEAN: ['luniclean', { skipCleaning: true }],
    LUNISHOWER: ['lunishower', { objectiveRespected: true }],
    HEATING: ['heating', { temperature: 20 }],
  };
  for (const action of actions) {
    const body = bodies[action.actType ?? ''];
    if (!body) continue;
    const response = action.actType?.startsWith('YESNO') ? { response: action.actPositiveResponse !== 'NO' } : {};
    await page.request.post(`/api/actions/${action.actId}/${body[0]}`, {
      data: { ...stay, ...body[1], ...response, endDate },
    });
  }
  const rewards = (await (
    await page.request.get(`/api/stays/${stay.sUUID}/rewards`, { params: { lang: 'fr', uuid: stay.uuid } })
  ).json()) as Array<{ rwId: number; rwType: string }>;
  for (const type of ['GENERIC', 'SLIDER']) {
    const reward = rewards.find((item) => item.rwType === type);
    if (reward) await page.request.post(`/api/rewards/${reward.rwId}/claim`, { data: stay });
  }
}

test.afterAll(() => {
  // One row per screen, one column per device and language.
  const files = readdirSync(FOLDER).filter((file) => file.endsWith('.png'));
  const screens = [...new Set(files.map((file) => file.split('.')[0] ?? file))].sort();
  const columns = SCREENS.flatMap(({ device }) => SHOT_LANGUAGES.map((language) => `${device}.${language}`));
  const rows = screens.map(
    (screen) =>
      `<tr><th>${screen}</th>${columns
        .map((column) =>
          files.includes(`${screen}.${column}.png`)
            ? `<td><a href="${screen}.${column}.png"><img src="${screen}.${column}.png" alt=""></a></td>`
            : '<td></td>',
        )
        .join('')}</tr>`,
  );
  writeFileSync(
    join(FOLDER, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>GreenMiles screenshots</title>
<style>body{font-family:sans-serif}th{text-align:start;vertical-align:top}td{vertical-align:top}img{max-width:320px;border:1px solid #ccc}</style>
<table><tr><th></th>${columns.map((column) => `<th>${column}</th>`).join('')}</tr>${rows.join('\n')}</table>`,
  );
});
