import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { chooseLanguage, expectNoAccessibilityViolations, LANGUAGES, STAY_URL, text } from './support.ts';

/**
 * The QA inspector (docs/inspector.md), on the server started with QA_INSPECTOR=1 (project `inspector` of
 * playwright.config.ts): an /inspector tab follows a guest tab's actors as a journey runs them, and the side panel
 * does the same over the guest page.
 */

const TOWELS = { fr: 'Réutiliser mes serviettes', en: 'Reuse my towels', ar: 'إعادة استخدام المناشف' } as const;

function actorRow(inspector: Page, machineId: string) {
  return inspector.locator(`[data-part="actor"][data-machine="${machineId}"]`);
}

/** The chart of `machineId` drawn, with `stateId` highlighted. */
async function expectActiveInChart(inspector: Page, machineId: string, stateId: string) {
  await actorRow(inspector, machineId).first().getByRole('button').click();
  const chart = inspector.locator(`svg[data-machine="${machineId}"]`);
  await expect(chart.locator(`[data-state-id="${stateId}"]`)).toHaveAttribute('data-active', 'true');
}

for (const { code } of LANGUAGES) {
  test(`the inspector tab shows the actions list and a yes/no modal as the journey runs them, in ${code}`, async ({
    context,
  }) => {
    const inspector = await context.newPage();
    await inspector.goto('/inspector');
    await expect(inspector.getByRole('heading', { level: 1, name: 'GreenMiles machine inspector' })).toBeVisible();
    await expect(inspector.getByRole('status')).toHaveText('Live: 0 snapshots recorded');

    const guest = await context.newPage();
    await chooseLanguage(guest, code);
    await guest.goto('/hotel/1');
    await expect(guest).toHaveURL(STAY_URL);
    await guest.getByRole('button', { name: text(code, "C'est parti !") }).click();

    // The actions list, loaded.
    await expect(actorRow(inspector, 'stay')).toHaveAttribute('data-state', /^ready/);
    await expect(actorRow(inspector, 'actionsList')).toHaveAttribute('data-state', 'ready.shown');
    await expectActiveInChart(inspector, 'actionsList', 'actionsList.ready.shown');

    // The yes/no modal, open and waiting for the guest's answer.
    await guest.getByRole('article', { name: TOWELS[code] }).getByRole('button').click();
    const towels = guest.getByRole('dialog', { name: TOWELS[code] });
    await expect(towels).toBeVisible();
    await expect(actorRow(inspector, 'yesNo')).toHaveAttribute('data-state', 'ready.idle');
    await expectActiveInChart(inspector, 'yesNo', 'yesNo.ready.idle');
    await expect(inspector.locator('svg[data-machine="yesNo"] [data-state-id="yesNo.submitting"]')).not.toHaveAttribute(
      'data-active',
      'true',
    );

    // Answered: the event is listed with its payload, and the modal's actor ends with the launch.
    await towels.getByRole('button', { name: text(code, 'Oui'), exact: true }).click();
    await expect(actorRow(inspector, 'yesNo')).toHaveCount(0);
    const answer = inspector.getByRole('button', { name: /modal ← answer\.choose → submitting/ });
    await answer.click();
    await expect(inspector.getByRole('status')).toHaveText(/^Paused at snapshot \d+ of \d+$/);
    await expect(inspector.locator('[data-part="event"]')).toContainText('"answer": "yes"');
    await expect(inspector.locator('[data-part="context"]')).toContainText('"type": "YESNO"');
    // At that moment the modal ran: stepping back shows it again, its chart on the state it was in.
    await expect(actorRow(inspector, 'yesNo')).toHaveAttribute('data-state', 'submitting');
    await inspector.getByRole('button', { name: 'Step back' }).click();
    await expect(actorRow(inspector, 'yesNo')).toHaveAttribute('data-state', 'ready.idle');
    await inspector.getByRole('button', { name: 'Pause' }).click();
    await expect(inspector.getByRole('status')).toHaveText(/^Live: \d+ snapshots recorded$/);
    await expect(actorRow(inspector, 'yesNo')).toHaveCount(0);
  });
}

test('a recorded session is exported, then imported and stepped through', async ({ context }) => {
  const inspector = await context.newPage();
  await inspector.goto('/inspector');
  // Listening before the guest starts: a tab that opens mid-journey can receive its backfill after newer records
  // (docs/inspector.md), which this test is not about.
  await expect(inspector.getByRole('status')).toHaveText('Live: 0 snapshots recorded');
  const guest = await context.newPage();
  await chooseLanguage(guest, 'en');
  await guest.goto('/hotel/1');
  await guest.getByRole('button', { name: text('en', "C'est parti !") }).click();
  await expect(actorRow(inspector, 'actionsList')).toHaveAttribute('data-state', 'ready.shown');

  const download = inspector.waitForEvent('download');
  await inspector.getByRole('button', { name: 'Export session' }).click();
  const file = await (await download).path();
  const session = JSON.parse(await readFile(file, 'utf8'));
  expect(session.format).toBe('greenmiles-inspection');
  const count = session.records.length;
  expect(count).toBeGreaterThan(3);

  // Imported in a fresh inspector tab that recorded nothing itself.
  await guest.close();
  const replay = await context.newPage();
  await replay.goto('/inspector');
  await replay.getByLabel('Import session').setInputFiles(file);
  await expect(replay.getByRole('status')).toHaveText(`Replaying an imported session: snapshot ${count} of ${count}`);
  await expect(actorRow(replay, 'actionsList')).toHaveAttribute('data-state', 'ready.shown');
  await replay.getByRole('button', { name: 'Step back' }).click();
  await expect(replay.getByRole('status')).toHaveText(
    `Replaying an imported session: snapshot ${count - 1} of ${count}`,
  );
  await replay.getByRole('button', { name: 'Back to live' }).click();
  await expect(replay.getByRole('status')).toHaveText(/^Live: /);

  // A file that is not a session is refused, and said so.
  await replay.getByLabel('Import session').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"hello": 1}'),
  });
  await expect(replay.getByRole('alert')).toHaveText('The file is not a GreenMiles inspection session.');
});

test('the side panel over a guest page follows the page’s own actors', async ({ page }) => {
  await chooseLanguage(page, 'en');
  await page.goto('/hotel/1');
  await expect(page).toHaveURL(STAY_URL);
  await page.getByRole('button', { name: text('en', "C'est parti !") }).click();
  const toggle = page.getByRole('button', { name: 'Inspector', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('complementary', { name: 'Machine inspector' });
  await expect(panel).toBeFocused();
  await expect(actorRow(page, 'actionsList')).toHaveAttribute('data-state', 'ready.shown');
  await expect(panel.getByRole('status')).toHaveText(/^Live: \d+ snapshots recorded$/);
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('the inspector page passes axe, with a chart and events on screen', async ({ context }) => {
  const inspector = await context.newPage();
  await inspector.goto('/inspector');
  // Listening before the guest starts: a tab that opens mid-journey can receive its backfill after newer records
  // (docs/inspector.md), which this test is not about.
  await expect(inspector.getByRole('status')).toHaveText('Live: 0 snapshots recorded');
  const guest = await context.newPage();
  await chooseLanguage(guest, 'en');
  await guest.goto('/hotel/1');
  await expect(actorRow(inspector, 'actionsList')).toHaveAttribute('data-state', /^ready/);
  await expect(inspector.locator('svg[data-part="statechart"]')).toBeVisible();
  await expectNoAccessibilityViolations(inspector);
});

for (const code of ['fr', 'ar'] as const) {
  test(`the side panel's toggle covers nothing of a dialog, and its stay chart is drawn at full size, in ${code}`, async ({
    page,
  }) => {
    await chooseLanguage(page, code);
    await page.goto('/hotel/1');
    await expect(page).toHaveURL(STAY_URL);
    await page.getByRole('button', { name: text(code, "C'est parti !") }).click();
    await page.getByRole('article', { name: TOWELS[code] }).getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: TOWELS[code] });
    await expect(dialog).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

    // The toggle overlaps none of the dialog's title, texts and buttons (the sheet's margin stays free).
    const toggle = page.getByRole('button', { name: 'Inspector', exact: true });
    const covered = await toggle.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const dialogElement = document.querySelector('[role="dialog"]');
      const contents = [...(dialogElement?.querySelectorAll('h2, p, li, button, a, img') ?? [])];
      return contents
        .filter((element) => {
          const other = element.getBoundingClientRect();
          return (
            other.width > 0 &&
            other.left < box.right &&
            box.left < other.right &&
            other.top < box.bottom &&
            box.top < other.bottom
          );
        })
        .map((element) => element.outerHTML.slice(0, 80));
    });
    expect(covered).toEqual([]);

    // The stay root's chart keeps its drawn size (it scrolls rather than shrinks).
    await page.keyboard.press('Escape');
    await toggle.click();
    const panel = page.getByRole('complementary', { name: 'Machine inspector' });
    await actorRow(page, 'stay').first().getByRole('button').click();
    const chart = panel.locator('svg[data-machine="stay"]');
    await expect(chart).toBeVisible();
    const [drawn, declared] = await chart.evaluate((svg) => [
      svg.getBoundingClientRect().width,
      Number(svg.getAttribute('width')),
    ]);
    expect(drawn).toBeCloseTo(declared, 0);
  });
}
