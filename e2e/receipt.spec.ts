import { mkdirSync, writeFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import * as mupdf from 'mupdf';
import type { Action, Reward, StayReceiptReply } from '../contract/schemas.ts';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  finishStayAsStaff,
  fromOwnAddress,
  LANGUAGES,
  STAY_URL,
  screenshotBothSizes,
  text,
} from './support.ts';

/**
 * The impact receipt at check-out (docs/behaviour.md#receipt): a guest skips the cleaning, keeps a short shower, sets
 * 19 °C, answers the quiz and donates water; after the staff reset the finished page itemises the stay with the
 * server's figures, lists the donation apart, links the PDF and prints on one A4 page.
 */

/** The stay's gestures and the water donation, through the API as the app makes them. */
async function act(request: APIRequestContext, sUUID: string, uuid: string) {
  const actions = (await (
    await request.get(`/api/stays/${sUUID}/actions`, { params: { lang: 'fr', uuid } })
  ).json()) as Action[];
  const submit = async (type: string, path: string, body: Record<string, unknown>) => {
    const action = actions.find((candidate) => candidate.actType === type) as Action;
    const response = await request.post(`/api/actions/${action.actId}/${path}`, {
      data: { uuid, sUUID, endDate: null, ...body },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  await submit('LUNICLEAN', 'luniclean', { skipCleaning: true });
  await submit('LUNISHOWER', 'lunishower', { objectiveRespected: true });
  await submit('HEATING', 'heating', { temperature: 19 });
  await submit('QUIZ', 'quiz', { selectedPosition: 1 });
  const rewards = (await (
    await request.get(`/api/stays/${sUUID}/rewards`, { params: { lang: 'fr', uuid } })
  ).json()) as Reward[];
  const water = rewards.find((reward) => reward.rwType === 'EAU') as Reward;
  const claimed = await request.post(`/api/rewards/${water.rwId}/claim`, { data: { uuid, sUUID } });
  expect(claimed.ok(), await claimed.text()).toBe(true);
}

async function storedIds(page: Page) {
  return page.evaluate(() => ({
    sUUID: localStorage.getItem('sUUID') ?? '',
    uuid: localStorage.getItem('profileUUID') ?? '',
  }));
}

const numbers = (code: string) => new Intl.NumberFormat(`${code}-u-nu-latn`, { maximumFractionDigits: 2 });

for (const { code, dir } of LANGUAGES) {
  test(`the finished page itemises the stay, lists the donation apart, links the PDF and prints on one page, in ${code}`, async ({
    page,
  }) => {
    await fromOwnAddress(page, 93);
    await chooseLanguage(page, code);
    await page.goto('/hotel/1');
    await expect(page).toHaveURL(STAY_URL);
    await page.getByRole('button', { name: text(code, "C'est parti !") }).click();
    const { sUUID, uuid } = await storedIds(page);
    await act(page.request, sUUID, uuid);
    await page.reload();
    await finishStayAsStaff(page, code);

    const receipt = page.getByRole('region', { name: text(code, "Votre reçu d'impact") });
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    const json = (await (
      await page.request.get(`/api/stays/${sUUID}/receipt`, { params: { lang: code, uuid } })
    ).json()) as StayReceiptReply;
    const lines = receipt.locator('[data-part="line"]');
    await expect(lines).toHaveCount(json.lines.length);
    expect(json.lines.map((line) => line.actType).sort()).toEqual(['HEATING', 'LUNICLEAN', 'LUNISHOWER', 'QUIZ']);
    for (const [index, line] of json.lines.entries()) {
      const row = lines.nth(index);
      await expect(row.locator('[data-part="name"]')).toHaveText(line.name);
      if (line.figures) {
        await expect(row).toContainText(`${numbers(code).format(line.figures.water.saved)} L`);
        await expect(row.getByRole('link').first()).toHaveAttribute('href', /^https:\/\//);
      } else await expect(row).toContainText(text(code, 'Participation, sans économie mesurable'));
    }
    const totals = receipt.locator('[data-part="totals"]');
    await expect(totals).toContainText(`${numbers(code).format(json.totals.co2eGrams)} g`);
    const contributions = receipt.getByRole('region', { name: text(code, 'Contributions') });
    const [donation] = json.contributions;
    await expect(contributions).toContainText(donation?.partner?.name ?? '-');
    await expect(contributions).toContainText(donation?.partner?.guarantee ?? '-');
    await expect(contributions).not.toContainText(/compens|offset|neutr/i);
    const pdf = receipt.getByRole('link', { name: text(code, 'Télécharger le PDF') });
    const pdfReply = await page.request.get((await pdf.getAttribute('href')) ?? '');
    expect(pdfReply.headers()['content-type']).toBe('application/pdf');
    expect(mupdf.Document.openDocument(await pdfReply.body(), 'application/pdf').countPages()).toBe(1);
    await expectNoAccessibilityViolations(page);
    if (code !== 'en') await screenshotBothSizes(page, `receipt-${code}`);

    // The page itself prints on one A4 page: the receipt alone.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('[data-part="card"]')).toBeHidden();
    await expect(receipt.locator('[data-part="actions"]')).toBeHidden();
    const printed = await page.pdf({ format: 'A4' });
    const document = mupdf.Document.openDocument(printed, 'application/pdf');
    expect(document.countPages()).toBe(1);
    if (code !== 'en') {
      const image = document.loadPage(0).toPixmap(mupdf.Matrix.scale(1, 1), mupdf.ColorSpace.DeviceRGB, false, true);
      mkdirSync('.tmp/screenshots', { recursive: true });
      writeFileSync(`.tmp/screenshots/receipt-print-${code}.png`, image.asPNG());
    }
    await page.emulateMedia({ media: 'screen' });
  });
}
