import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import * as mupdf from 'mupdf';
import type { Action, ImpactSummaryReply } from '../contract/schemas.ts';
import {
  chooseLanguage,
  expectNoAccessibilityViolations,
  formatted,
  LANGUAGES,
  signInAsStaff,
  TILLEULS_MANAGER,
  TILLEULS_PIN,
  text,
} from './support.ts';

/** A guest at Les Tilleuls skips the cleaning, keeps a short shower, sets 19 °C and donates water, through the API. */
async function guestActs(request: APIRequestContext) {
  const created = await request.post('/api/stays/hotel/1/new', { data: {} });
  expect(created.ok()).toBe(true);
  const { sUUID, profileUUID } = (await created.json()) as { sUUID: string; profileUUID: string };
  const actions = (await (
    await request.get(`/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}`)
  ).json()) as Action[];
  const actionOf = (type: string) => actions.find((action) => action.actType === type) as Action;
  const submit = async (type: string, path: string, body: Record<string, unknown>) => {
    const response = await request.post(`/api/actions/${actionOf(type).actId}/${path}`, {
      data: { uuid: profileUUID, sUUID, endDate: null, ...body },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  await submit('LUNICLEAN', 'luniclean', { skipCleaning: true });
  await submit('LUNISHOWER', 'lunishower', { objectiveRespected: true });
  await submit('HEATING', 'heating', { temperature: 19 });
  const rewards = (await (
    await request.get(`/api/stays/${sUUID}/rewards?lang=fr&uuid=${profileUUID}`)
  ).json()) as Array<{ rwId: number; rwType: string }>;
  const water = rewards.find((reward) => reward.rwType === 'EAU') as { rwId: number };
  const claimed = await request.post(`/api/rewards/${water.rwId}/claim`, { data: { uuid: profileUUID, sUUID } });
  expect(claimed.ok(), await claimed.text()).toBe(true);
}

/** The figures of the last 7 days as the server answers them, asked with a staff session of its own. */
async function lastSevenDays(request: APIRequestContext, from: string, to: string): Promise<ImpactSummaryReply> {
  const session = await request.post('/api/staff/sessions', {
    data: { hId: 1, pin: TILLEULS_PIN },
    headers: { 'x-forwarded-for': '10.78.0.1' },
  });
  const { token } = (await session.json()) as { token: string };
  const summary = await request.get(`/api/staff/hotels/1/summary?from=${from}&to=${to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(summary.ok()).toBe(true);
  return (await summary.json()) as ImpactSummaryReply;
}

const numbers = (code: string) => new Intl.NumberFormat(`${code}-u-nu-latn`, { maximumFractionDigits: 2 });

let address = 0;

for (const { code, dir } of LANGUAGES) {
  test(`staff impact: PIN → 'Impact' → the guests' figures, their sources, the chart and a CSV export, in ${code}`, async ({
    page,
    request,
  }) => {
    // A guest's actions, two sign-ins, a chart, axe and a download: more than a journey's usual 30 s on a busy machine.
    test.slow();
    await guestActs(request);
    address += 1;
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.78.${address}.1` });
    await chooseLanguage(page, code);
    await page.goto('/staff/1');
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    // Nothing is wider than the phone: the page never scrolls sideways.
    const overflows = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    await signInAsStaff(page, code, TILLEULS_MANAGER);
    await page.getByRole('tab', { name: text(code, 'Impact') }).click();

    const panel = page.getByRole('tabpanel', { name: text(code, 'Impact') });
    const exportButton = panel.getByRole('button', { name: text(code, 'Exporter en CSV') });
    await expect(exportButton).toBeVisible();
    await expect(panel.getByRole('button', { name: text(code, '7 derniers jours') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const from = await panel.getByLabel(text(code, 'Du'), { exact: true }).inputValue();
    const to = await panel.getByLabel(text(code, 'Au'), { exact: true }).inputValue();
    const summary = await lastSevenDays(request, from, to);
    expect(summary.actionsByType.find((row) => row.actType === 'LUNICLEAN')?.count).toBeGreaterThanOrEqual(1);

    // The page shows the server's figures.
    const format = numbers(code);
    const { participating, total } = summary.stays;
    const share = Math.round((participating / total) * 100);
    const keyFigures = panel.locator('[data-part="key-figures"]');
    await expect(keyFigures).toContainText(
      formatted(
        code,
        '{participating, plural, one {# séjour sur {total} ({share}\u00a0%)} other {# séjours sur {total} ({share}\u00a0%)}}',
        { participating, total, share },
      ),
    );
    await expect(keyFigures).toContainText(format.format(summary.points.earned));
    await expect(keyFigures).toContainText(`${format.format(summary.waterDonatedLitres)} L`);
    await expect(panel.getByRole('row', { name: new RegExp(text(code, 'Renoncer au ménage')) })).toBeVisible();
    // Each estimate with its range, the units confirmed, and its factor's source and checked date.
    const cleaning = summary.impact.find((row) => row.category === 'cleaning') as ImpactSummaryReply['impact'][number];
    const cleaningRow = panel.getByRole('row', { name: new RegExp(text(code, 'Ménages évités')) });
    await expect(cleaningRow).toContainText(format.format(cleaning.water.saved));
    const range = cleaning.water.savedRange as { low: number; high: number };
    await expect(cleaningRow).toContainText(`${format.format(range.low)}–${format.format(range.high)}`);
    await expect(cleaningRow.locator('[data-part="confirmed"]')).toHaveText(format.format(cleaning.confirmedUnits));
    await expect(panel.locator('[data-part="evidence"]')).toContainText(format.format(summary.evidence.declared));
    await expect(panel.locator('[data-part="notes"]')).toContainText('Booking.com (with Innovation Lighthouse)');
    await expect(panel.getByRole('link', { name: /Residential End Uses of Water Study 2016/ })).toHaveAttribute(
      'href',
      'https://home-water-works.org/indoor-use/showers',
    );
    // The chart is drawn (uPlot, loaded with the figures) beside its table.
    await expect(panel.locator('[data-part="chart"] canvas')).toHaveCount(1);
    await panel.getByText(text(code, 'Les chiffres du graphique, jour par jour')).click();
    await expect(panel.locator('[data-part="days"] tbody tr')).toHaveCount(7);
    expect(await overflows()).toBe(false);
    await expectNoAccessibilityViolations(page);

    const download = page.waitForEvent('download');
    await exportButton.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`greenmiles-impact-1-${from}-${to}.csv`);
    const csv = readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0]).toBe(`${text(code, 'Période')},${from},${to}`);
    expect(csv).toContain(`${text(code, 'Points gagnés')},${summary.points.earned}`);
    expect(csv).toContain(`${text(code, 'Eau donnée (L)')},${summary.waterDonatedLitres}`);
    expect(csv.filter((line) => /^\d{4}-\d{2}-\d{2},/.test(line))).toHaveLength(7);

    // The certification dossier's one-page summary, from the server, for the period shown.
    const dossier = page.waitForEvent('download');
    await panel.getByRole('button', { name: text(code, 'Dossier de certification (PDF)') }).click();
    const pdfFile = await dossier;
    expect(pdfFile.suggestedFilename()).toBe(`greenmiles-certification-1-${from}-${to}.pdf`);
    const pdf = mupdf.Document.openDocument(readFileSync(await pdfFile.path()), 'application/pdf');
    expect(pdf.countPages()).toBe(1);
    expect(pdf.loadPage(0).toStructuredText('preserve-whitespace').asText()).toContain('Hôtel Les Tilleuls');
    await expect(panel.getByRole('button', { name: text(code, 'Dossier de certification (CSV)') })).toBeEnabled();
  });
}
