import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cleaningDayAt } from '../contract/calendar-days.ts';
import type { Action, Reward } from '../contract/schemas.ts';
import {
  chooseLanguage,
  DEMO_STAY_URL,
  expectNoAccessibilityViolations,
  LANGUAGES,
  type Language,
  nightsOption,
  STAY_URL,
  sampleCleaningEstimate,
  text,
} from './support.ts';

/** Issue 15's mixed messages, walked as a guest (docs/behaviour.md): one journey per language. */

/** Hotel 1's content (server/content/hotels/les-tilleuls.yaml) this journey opens. */
const CONTENT: Record<Language, { heating: string; question: string; cleaning: string; towels: string }> = {
  fr: {
    heating: 'Bonne température',
    question: 'À quelle température avez-vous réglé votre chambre\u00a0?',
    cleaning: 'Renoncer au ménage',
    towels: 'Réutiliser mes serviettes',
  },
  en: {
    heating: 'The right temperature',
    question: 'What temperature did you set in your room?',
    cleaning: 'Skip the room cleaning',
    towels: 'Reuse my towels',
  },
  ar: {
    heating: 'درجة الحرارة المناسبة',
    question: 'على أي درجة حرارة ضبطت غرفتك؟',
    cleaning: 'الاستغناء عن تنظيف الغرفة',
    towels: 'إعادة استخدام المناشف',
  },
};

async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

async function startStay(page: Page, language: Language, entry = '/tilleuls-101') {
  await chooseLanguage(page, language);
  await page.addInitScript(() => localStorage.setItem('welcomeShown', 'true'));
  await page.goto(entry);
  await expect(page).toHaveURL(entry.startsWith('/demo') ? DEMO_STAY_URL : STAY_URL);
  return page.evaluate(() => ({
    sUUID: localStorage.getItem('sUUID') ?? '',
    uuid: localStorage.getItem('profileUUID') ?? '',
  }));
}

/** Earns points through the real calls (answers of the yes/no and night actions), then claims rewards by type. */
async function claimRewards(request: APIRequestContext, stay: { sUUID: string; uuid: string }, types: string[]) {
  const endDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await request.put(`/api/stays/${stay.sUUID}/endDate`, { data: { endDate, uuid: stay.uuid } });
  const actions = (await (
    await request.get(`/api/stays/${stay.sUUID}/actions`, { params: { lang: 'fr', uuid: stay.uuid } })
  ).json()) as Action[];
  const bodies: Record<string, [string, object]> = {
    YESNO: ['yesno', {}],
    YESNOSTAY: ['yesnon', {}],
    YESNOMAIL: ['yesnomail', {}],
    CLAIM: ['claim', {}],
    REVIEW: ['review', { rating: 4 }],
    LUNICLEAN: ['luniclean', { skipCleaning: true }],
    LUNISHOWER: ['lunishower', { objectiveRespected: true }],
    HEATING: ['heating', { temperature: 20 }],
  };
  for (const action of actions) {
    const type = action.actType ?? '';
    const body = bodies[type];
    if (!body) continue;
    const response = type.startsWith('YESNO') ? { response: action.actPositiveResponse !== 'NO' } : {};
    const reply = await request.post(`/api/actions/${action.actId}/${body[0]}`, {
      data: { ...stay, ...body[1], ...response, endDate },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
  }
  const rewards = (await (
    await request.get(`/api/stays/${stay.sUUID}/rewards`, { params: { lang: 'fr', uuid: stay.uuid } })
  ).json()) as Reward[];
  for (const type of types) {
    const reward = rewards.find((item) => item.rwType === type) as Reward;
    const claim = await request.post(`/api/rewards/${reward.rwId}/claim`, { data: stay });
    expect(claim.ok(), await claim.text()).toBe(true);
  }
}

for (const { code, dir } of LANGUAGES) {
  test(`heating, skip cleaning and the nights question say one thing each, in ${code}`, async ({ page }) => {
    const content = CONTENT[code];
    await startStay(page, code);

    // The nights options are one radio group: one Tab stop, the arrows move and choose.
    await page.getByRole('article', { name: content.heating }).getByRole('button').click();
    const nights = page.getByRole('dialog', { name: text(code, 'Combien de nuits restez-vous ?') });
    const radios = nights.getByRole('radio');
    await expect(radios).toHaveCount(4);
    await expect(nights.locator('[role="radio"][tabindex="0"]')).toHaveCount(1);
    await radios.first().focus();
    await page.keyboard.press('ArrowDown');
    const two = nights.getByRole('radio', { name: nightsOption(code, 2) });
    await expect(two).toBeFocused();
    await expect(two).toHaveAttribute('aria-checked', 'true');
    await nights.getByRole('button', { name: text(code, 'Valider') }).click();

    // Heating: the hotel's question; label, colour and advice follow one status.
    const heating = page.getByRole('dialog', { name: content.heating });
    await expect(heating.getByText(content.question)).toBeVisible();
    const dial = heating.locator('[data-part="dial"]');
    await expect(dial).toHaveAttribute('data-status', 'optimal');
    await expect(dial.locator('[data-part="status"]')).toHaveText(text(code, 'Correct'));
    await heating.getByRole('button', { name: text(code, 'Baisser la température') }).click();
    await expect(dial).toHaveAttribute('data-status', 'ideal');
    await expect(dial.locator('[data-part="status"]')).toHaveText(text(code, 'Idéal'));
    await expect(heating.locator('[data-part="ideal"]')).toHaveAttribute('data-state', 'reached');
    await settled(page);
    await expectNoAccessibilityViolations(page);
    await heating.getByRole('button', { name: text(code, 'Fermer') }).click();

    // Skip cleaning: the day of the 11:00 switch in the title and the question; the savings and their source.
    const day = cleaningDayAt(new Date(), 'Europe/Paris');
    await page.getByRole('article', { name: content.cleaning }).getByRole('button').click();
    const cleaning = page.getByRole('dialog', {
      name: text(code, day === 'today' ? "Pas de ménage aujourd'hui" : 'Pas de ménage demain'),
    });
    await expect(cleaning).toBeVisible();
    // The hotel's own factor table's figures, estimated: those the staff page and the reports count.
    const estimate = sampleCleaningEstimate(code);
    await expect(cleaning.getByText(estimate.water)).toBeVisible();
    await expect(cleaning.getByText(estimate.co2e)).toBeVisible();
    await cleaning.getByText(text(code, "D'où viennent ces chiffres ?")).click();
    await expect(cleaning.locator('[data-part="savings-source"] p')).toBeVisible();
    // The sheet handle is centred in both writing directions.
    const [sheetBox, handleBox] = await Promise.all([
      cleaning.boundingBox(),
      cleaning.locator('.sheet__handle').boundingBox(),
    ]);
    expect(
      Math.abs((handleBox?.x ?? 0) + (handleBox?.width ?? 0) / 2 - ((sheetBox?.x ?? 0) + (sheetBox?.width ?? 0) / 2)),
    ).toBeLessThan(1);
    await settled(page);
    await expectNoAccessibilityViolations(page);
    await cleaning.getByRole('button', { name: text(code, 'Pas de ménage'), exact: true }).click();
    // The server's thanks name the same day (points gained: the celebration says them, no toast).
    const celebration = page.getByRole('dialog', { name: text(code, 'Bravo !') });
    await expect(celebration).toContainText(
      text(code, day === 'today' ? "Merci ! Pas de ménage aujourd'hui." : 'Merci ! Pas de ménage demain.'),
    );

    // 'Bravo !' focuses its button: Enter continues.
    await expect(celebration.getByRole('button', { name: text(code, 'Continuer') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(celebration).toBeHidden();

    // Points read the same on cards and dialogs, left to right in every language.
    const cardPoints = page.getByRole('article', { name: content.towels }).locator('[data-part="reward"]');
    await expect(cardPoints).toHaveText('+15 GreenMiles');
    await expect(cardPoints).toHaveCSS('direction', 'ltr');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
  });

  test(`rewards by state, codes with the hotel prefix, what staff check, the staff slider, in ${code}`, async ({
    page,
    request,
  }) => {
    const stay = await startStay(page, code);
    await claimRewards(request, stay, ['GENERIC', 'SLIDER']);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: text(code, 'Mes récompenses') })
      .click();

    // Claimed rewards say so; the others by state, out-of-reach ones with the missing amount.
    const unlocked = page.getByRole('region', { name: text(code, 'Récompenses débloquées') });
    await expect(unlocked.getByRole('article')).toHaveCount(2);
    await expect(unlocked.locator('[data-state="claimed"]')).toHaveCount(2);
    const locked = page.getByRole('region', { name: text(code, 'Bientôt à votre portée') });
    await expect(locked.locator('[data-state="locked"] [data-part="missing"]').first()).toBeVisible();
    await expect(page.locator('[data-scope="reward-card"][data-state="locked"]')).toHaveCount(
      await locked.getByRole('article').count(),
    );

    // A generic reward shows staff the claim time, the room and the claim's code.
    await unlocked.locator('[data-type="GENERIC"]').getByRole('button').click();
    const gift = page.getByRole('dialog');
    const check = gift.locator('[data-part="staff-check"]');
    await expect(check.getByText(text(code, 'Débloquée le'))).toBeVisible();
    await expect(check.getByText(text(code, 'Chambre'))).toBeVisible();
    await expect(check.getByText('101', { exact: true })).toBeVisible();
    const shownCode = check.locator('[data-part="code"]');
    await expect(shownCode).toHaveText(/^TIL-[A-Z2-9]{8}$/);
    await expect(shownCode).toHaveCSS('white-space', 'nowrap');
    await settled(page);
    await expectNoAccessibilityViolations(page);
    await gift.getByRole('button', { name: text(code, 'Fermer') }).click();

    // The staff slider: the title once, keyboard instructions on keyboard focus only, a still sheet while holding.
    await unlocked.locator('[data-type="SLIDER"]').getByRole('button').click();
    const slider = page.getByRole('dialog');
    // The swipe sits behind the staff's own step.
    await slider.getByRole('button', { name: text(code, 'Personnel : valider') }).click();
    await settled(page);
    const title = (await slider.locator('.sheet__title').textContent()) ?? '';
    await expect(slider.getByText(title, { exact: true })).toHaveCount(1);
    const hint = slider.locator('[data-part="keyboard-hint"]');
    const thumb = slider.getByRole('slider');
    await expect(thumb).toHaveAccessibleDescription(
      text(code, "Au clavier : avancez avec les flèches jusqu'à 100 %, puis Entrée ou Fin pour valider."),
    );
    expect((await hint.boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);
    await thumb.focus();
    await page.keyboard.press(dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight');
    await expect(thumb).toHaveAttribute('aria-valuenow', '10');
    expect((await hint.boundingBox())?.height ?? 0).toBeGreaterThan(10);
    // The chevron points along the swipe (left in right to left).
    const chevron = await thumb.locator('[data-part="chevron"]').evaluate((svg) => getComputedStyle(svg).transform);
    expect(chevron).toBe(dir === 'rtl' ? 'matrix(-1, 0, 0, 1, 0, 0)' : 'none');
    // A drag continues from where the keyboard left the thumb.
    const [track, thumbBox] = await Promise.all([
      slider.locator('[data-part="track"]').boundingBox(),
      thumb.boundingBox(),
    ]);
    const startX = (thumbBox?.x ?? 0) + (thumbBox?.width ?? 0) / 2;
    const y = (thumbBox?.y ?? 0) + (thumbBox?.height ?? 0) / 2;
    const step = (track?.width ?? 0) * 0.75 * 0.2 * (dir === 'rtl' ? -1 : 1);
    await page.mouse.move(startX, y);
    await page.mouse.down();
    await page.mouse.move(startX + step, y, { steps: 4 });
    await expect(thumb).toHaveAttribute('aria-valuenow', '30');
    await page.mouse.up();
    await expect(thumb).toHaveAttribute('aria-valuenow', '0');
    // Holding shows its hint without moving the sheet (measured once the keyboard instructions are gone).
    await thumb.blur();
    expect((await hint.boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);
    const before = (await slider.boundingBox())?.y;
    const hold = slider.getByRole('button', { name: text(code, 'Valider sans glisser') });
    const holdBox = await hold.boundingBox();
    await page.mouse.move((holdBox?.x ?? 0) + 10, (holdBox?.y ?? 0) + 10);
    await page.mouse.down();
    await expect(slider.getByText(text(code, 'Maintenez appuyé 2 secondes…'))).toBeVisible();
    expect((await slider.boundingBox())?.y).toBe(before);
    await page.mouse.up();
  });
}

test.describe('a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const code of ['fr', 'ar'] as const) {
    test(`the header shows the whole hotel name beside the badge, and cards keep their colour while pictures travel, in ${code}`, async ({
      page,
    }) => {
      const pictures: Array<() => void> = [];
      await page.route('**/pictures/**', (route) => {
        pictures.push(() => void route.continue());
      });
      await startStay(page, code, '/hotel/1');
      const title = page.locator('[data-scope="stay-header"] [data-part="title"]');
      await expect(title).toHaveText('Hôtel Les Tilleuls');
      // Not cut: it takes a second line if it needs one.
      expect(await title.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
      expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await expect(page.locator('[data-scope="stay-header"] [data-part="points"]')).toContainText('GreenMiles');

      // Before its picture arrives, a card's picture area shows its own colour, not a black box.
      const brand = await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--color-brand)';
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      });
      await expect(page.locator('[data-scope="action-card"] [data-part="art"]').first()).toHaveCSS(
        'background-color',
        brand,
      );
      await page
        .getByRole('navigation')
        .getByRole('link', { name: text(code, 'Mes récompenses') })
        .click();
      await expect(page.locator('[data-scope="reward-card"] [data-part="art"]').first()).toHaveCSS(
        'background-color',
        brand,
      );
      for (const release of pictures) release();
    });
  }
});

test.describe('desktop demo frame', () => {
  test.use({ viewport: { width: 1280, height: 720 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  for (const { code } of LANGUAGES) {
    test(`dialogs stay inside the phone frame after scrolling, in ${code}`, async ({ page }) => {
      await startStay(page, code, '/demo/hotel/2');
      const frame = page.locator('[data-part="frame"]');
      // Scroll the page's content, and try to scroll the frame itself (as focus or a script may).
      await page.locator('main').evaluate((main) => main.scrollBy(0, 600));
      await frame.evaluate((element) => {
        element.scrollTop = 126;
      });
      await page.getByRole('article').nth(3).getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await settled(page);
      const inner = await frame.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const border = Number.parseFloat(getComputedStyle(element).borderTopWidth);
        return {
          top: box.top + border,
          bottom: box.bottom - border,
          left: box.left + border,
          right: box.right - border,
        };
      });
      const backdrop = await page.locator('[data-part="backdrop"]').boundingBox();
      expect(Math.round(backdrop?.y ?? 0)).toBe(Math.round(inner.top));
      expect(Math.round((backdrop?.y ?? 0) + (backdrop?.height ?? 0))).toBe(Math.round(inner.bottom));
      const sheet = await dialog.boundingBox();
      expect(sheet?.y ?? 0).toBeGreaterThanOrEqual(inner.top);
      // The × is on top and answers; the bottom of the frame is under the backdrop.
      const close = dialog.locator('[data-part="close"]');
      const closeBox = await close.boundingBox();
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-part="close"]') !== null,
        { x: (closeBox?.x ?? 0) + (closeBox?.width ?? 0) / 2, y: (closeBox?.y ?? 0) + (closeBox?.height ?? 0) / 2 },
      );
      expect(hit).toBe(true);
      const bottom = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-part="backdrop"]') !== null,
        { x: (inner.left + inner.right) / 2, y: inner.bottom - 5 },
      );
      expect(bottom).toBe(true);
      await close.click();
      await expect(dialog).toBeHidden();
    });
  }

  for (const code of ['fr', 'ar'] as const) {
    test(`the whole frame fits the window, and its welcome is the phone's bottom sheet, in ${code}`, async ({
      page,
    }) => {
      await chooseLanguage(page, code);
      await page.goto('/demo/hotel/2');
      await expect(page).toHaveURL(DEMO_STAY_URL);
      const welcome = page.getByRole('dialog');
      await expect(welcome).toBeVisible();
      await settled(page);
      const frame = await page.locator('[data-part="frame"]').evaluate((element) => {
        const box = element.getBoundingClientRect();
        const border = Number.parseFloat(getComputedStyle(element).borderTopWidth);
        return {
          top: box.top,
          bottom: box.bottom,
          innerLeft: box.left + border,
          innerRight: box.right - border,
          border,
        };
      });
      // The bezel, bottom included, inside the window.
      expect(frame.top).toBeGreaterThanOrEqual(0);
      expect(frame.bottom).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
      // Presenters see what guests see: a sheet across the screen's width, resting on its bottom edge.
      const sheet = (await welcome.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
      expect(Math.round(sheet.x)).toBe(Math.round(frame.innerLeft));
      expect(Math.round(sheet.x + sheet.width)).toBe(Math.round(frame.innerRight));
      expect(Math.round(sheet.y + sheet.height)).toBe(Math.round(frame.bottom - frame.border));
    });
  }

  test('focus indicators: white inside blue, at least 3:1 on light and dark backgrounds', async ({ page }) => {
    await startStay(page, 'fr', '/demo/hotel/2');
    const language = page.locator('.language-menu__trigger');
    await page.locator('body').focus();
    for (let tab = 0; tab < 10 && !(await language.evaluate((element) => element === document.activeElement)); tab++) {
      await page.keyboard.press('Tab');
    }
    await expect(language).toBeFocused();
    const style = await language.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { outline: computed.outlineColor, width: computed.outlineWidth, shadow: computed.boxShadow };
    });
    expect(style).toEqual({ outline: 'rgb(11, 92, 173)', width: '3px', shadow: 'rgb(255, 255, 255) 0px 0px 0px 2px' });
  });
});
