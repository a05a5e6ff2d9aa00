/**
 * The certification dossier (GET /api/staff/hotels/:hId/certification.csv and .pdf, docs/impact.md#certification) on
 * both databases: the CSV's rows are the summary's figures for a crafted period, item by item; the PDF is one A4 page
 * with the hotel's name and totals; no session 401, a role without 'impact' 403, a bad period 400.
 */
import * as mupdf from 'mupdf';
import { expect, it } from 'vitest';
import { DEFAULT_IMPACT_FACTORS } from '../../contract/impact-factors.ts';
import type { ImpactSummaryReply } from '../../contract/schemas.ts';
import { CERTIFICATION_CSV_HEADER, CERTIFICATION_ITEMS } from '../../server/domain/certification.ts';
import { actionOfType, newStay, submit, type TestStay } from './actions-support.ts';
import { describeEachDialect, type Harness, SAMPLE_STAFF, staffHeaders, TEST_FRONT_TOKEN } from './harness.ts';

// 2026-05-04 and 05-05 at Les Tilleuls (Europe/Paris), on the shipped factor table.
const PERIOD = 'from=2026-05-04&to=2026-05-05';

/** RFC 4180 as server/csv.ts writes it: text cells quoted, numbers bare, CRLF rows, a BOM first. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  expect(cell).toBe('');
  return rows;
}

describeEachDialect('certification dossier', (get) => {
  async function act(h: Harness, stay: TestStay, type: string, kind: string, body: Record<string, unknown>) {
    const action = await actionOfType(h.app, stay, type);
    const response = await submit(h.app, stay, action.actId, kind, { endDate: null, ...body });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** Two skipped cleanings, one confirmed by housekeeping; a shower and lower heating; a stay that does nothing. */
  async function seedPeriod(h: Harness, day: string) {
    h.clock.current = new Date(`${day}T08:00:00Z`);
    const a = await newStay(h.app, h.handle);
    await act(h, a, 'LUNICLEAN', 'luniclean', { skipCleaning: true });
    await act(h, a, 'LUNISHOWER', 'lunishower', { objectiveRespected: true });
    await act(h, a, 'HEATING', 'heating', { temperature: 19 });
    const b = await newStay(h.app, h.handle);
    await act(h, b, 'LUNICLEAN', 'luniclean', { skipCleaning: true });
    await newStay(h.app, h.handle);
    // Housekeeping found room 101 as the guest asked (the evidence helper writes this from the skip list).
    const skip = await h.handle.db
      .selectFrom('action_completions as c')
      .innerJoin('actions as x', 'x.id', 'c.action_id')
      .select(['c.stay_id', 'c.action_id', 'c.night_id'])
      .where('c.stay_id', '=', a.id)
      .where('x.type', '=', 'LUNICLEAN')
      .executeTakeFirstOrThrow();
    await h.handle.db
      .insertInto('cleaning_checks')
      .values({
        hotel_id: 1,
        room_number: '101',
        cleaning_date: skip.night_id,
        ...skip,
        outcome: 'honoured',
        account_id: null,
        checked_at: `${day}T12:00:00.000Z`,
      })
      .execute();
  }

  it('writes one row per scheme item and figure, each the summary’s own figure', async () => {
    const h = get();
    await seedPeriod(h, '2026-05-04');
    const headers = await staffHeaders(h.app, 1);
    const summary = (
      await h.app.inject({ url: `/api/staff/hotels/1/summary?${PERIOD}`, headers })
    ).json() as ImpactSummaryReply;
    const cleaning = summary.impact.find((row) => row.category === 'cleaning');
    // The crafted period, as the summary counts it.
    expect(summary.stays).toEqual({ total: 3, participating: 2 });
    expect(cleaning).toMatchObject({ units: 2, confirmedUnits: 1 });
    expect(cleaning?.water.saved).toBe(2 * DEFAULT_IMPACT_FACTORS.cleaning.water.perUnit);

    const response = await h.app.inject({ url: `/api/staff/hotels/1/certification.csv?${PERIOD}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="greenmiles-certification-1-2026-05-04-2026-05-05.csv"',
    );
    const [hotel, note, header, ...rows] = parseCsv(response.body);
    expect(hotel).toEqual(['Hotel', 'Hôtel Les Tilleuls', 'Period', '2026-05-04', '2026-05-05']);
    expect(note?.[0]).toMatch(/estimates by the documented method \(docs\/impact\.md\)/);
    expect(header).toEqual([...CERTIFICATION_CSV_HEADER]);
    const column = (name: (typeof CERTIFICATION_CSV_HEADER)[number]) => CERTIFICATION_CSV_HEADER.indexOf(name);
    const rowsOf = (scheme: string, criterion: string) =>
      rows.filter((row) => row[column('Scheme')] === scheme && row[column('Criterion')] === criterion);
    const figure = (row: string[] | undefined) => ({
      value: Number(row?.[column('Value')]),
      low: row?.[column('Low')] === '' ? null : Number(row?.[column('Low')]),
      high: row?.[column('High')] === '' ? null : Number(row?.[column('High')]),
    });
    const byFigure = (list: string[][], name: string) => list.find((row) => row[column('Figure')] === name);

    // Every item of the mapping answers, in both schemes.
    for (const item of CERTIFICATION_ITEMS) expect(rowsOf(item.scheme, item.criterion).length).toBeGreaterThan(0);

    for (const scheme of ['Green Key', 'Travelife']) {
      const engagement = rows.filter(
        (row) => row[column('Scheme')] === scheme && row[column('Figure')]?.startsWith('Stays that took part'),
      );
      expect(engagement.map(figure)).toEqual([{ value: summary.stays.participating, low: null, high: null }]);
      expect(engagement[0]?.[column('Evidence / confirmed')]).toBe(
        `of ${summary.stays.total} stays present in the period`,
      );
      const gestures = rows.filter(
        (row) => row[column('Scheme')] === scheme && row[column('Figure')]?.startsWith('Actions of type'),
      );
      expect(gestures.map((row) => [row[column('Figure')], Number(row[column('Value')])])).toEqual(
        summary.actionsByType.map(({ actType, count }) => [`Actions of type ${actType}`, count]),
      );
    }

    const linen = rowsOf('Green Key', 'Washing and cleaning');
    expect(figure(byFigure(linen, 'Cleanings skipped at the guest’s request')).value).toBe(cleaning?.units);
    expect(figure(byFigure(linen, 'Skipped cleanings confirmed by housekeeping')).value).toBe(cleaning?.confirmedUnits);
    const water = byFigure(linen, 'Water saved by skipped cleanings');
    expect(figure(water)).toEqual({
      value: cleaning?.water.saved,
      low: cleaning?.water.savedRange?.low ?? null,
      high: cleaning?.water.savedRange?.high ?? null,
    });
    expect(water?.[column('Source')]).toContain(cleaning?.water.source.name);
    expect(water?.[column('Unit')]).toBe('L');
    const energy = byFigure(linen, 'Energy saved by skipped cleanings');
    expect(figure(energy)).toEqual({
      value: cleaning?.energy.saved,
      low: cleaning?.energy.savedRange?.low ?? null,
      high: cleaning?.energy.savedRange?.high ?? null,
    });
    expect(energy?.[column('Source URL')]).toBe(cleaning?.energy.source.url ?? '');
    expect(energy?.[column('Checked on')]).toBe(cleaning?.energy.checkedOn ?? '');
    // Travelife's linen and towel item answers with the same figures.
    const figuresOnly = (list: string[][]) => list.map((row) => row.slice(column('Figure')));
    expect(figuresOnly(rowsOf('Travelife', 'Water and energy: linen and towel reuse'))).toEqual(figuresOnly(linen));

    const records = rowsOf('Travelife', 'Monitoring and records');
    expect(figure(byFigure(records, 'CO2e saved, all gestures'))).toEqual({
      value: summary.saved.co2eGrams,
      low: summary.savedRange.low.co2eGrams,
      high: summary.savedRange.high.co2eGrams,
    });
    expect(figure(byFigure(records, 'Water saved, all gestures')).value).toBe(summary.saved.waterLitres);
    const shower = summary.impact.find((row) => row.category === 'shower');
    expect(figure(byFigure(records, 'Energy saved by shorter showers'))).toEqual({
      value: shower?.energy.saved,
      low: shower?.energy.savedRange?.low ?? null,
      high: shower?.energy.savedRange?.high ?? null,
    });
    expect(figure(byFigure(records, 'Actions confirmed by staff')).value).toBe(summary.evidence.staffConfirmed);
    expect(figure(byFigure(records, 'Actions declared by the guest')).value).toBe(summary.evidence.declared);
  });

  it('prints one A4 page with the hotel’s name, the period and its totals', async () => {
    const h = get();
    await seedPeriod(h, '2026-06-10');
    const period = 'from=2026-06-10&to=2026-06-10';
    const headers = await staffHeaders(h.app, 1);
    const summary = (
      await h.app.inject({ url: `/api/staff/hotels/1/summary?${period}`, headers })
    ).json() as ImpactSummaryReply;
    const response = await h.app.inject({ url: `/api/staff/hotels/1/certification.pdf?${period}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="greenmiles-certification-1-2026-06-10-2026-06-10.pdf"',
    );
    const document = mupdf.Document.openDocument(response.rawPayload, 'application/pdf');
    expect(document.countPages()).toBe(1);
    const [, , width, height] = document.loadPage(0).getBounds();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const text = document.loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
    expect(text).toContain('Hôtel Les Tilleuls');
    expect(text).toContain('Period: 2026-06-10 to 2026-06-10');
    expect(text).toContain(`${summary.stays.participating} of ${summary.stays.total} stays took part`);
    expect(text).toContain('Declared by guests: 2; confirmed by housekeeping: 1');
    const { saved, savedRange } = summary;
    const format = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
    expect(text).toContain(
      `All gestures: ${format.format(saved.waterLitres)} L (${format.format(savedRange.low.waterLitres)}–${format.format(savedRange.high.waterLitres)})`,
    );
    expect(text).toContain(`${format.format(saved.co2eGrams)} g CO2e`);
    expect(text).toContain('estimates by the documented method (docs/impact.md)');
    expect(text).toContain('Green Key, Washing and cleaning');
  });

  it('refuses no session (401), a role without the impact figures (403), a bad period (400)', async () => {
    const h = get();
    const manager = await staffHeaders(h.app, 1);
    for (const file of ['certification.csv', 'certification.pdf']) {
      const url = `/api/staff/hotels/1/${file}`;
      const none = await h.app.inject({ url: `${url}?${PERIOD}` });
      expect(none.statusCode, file).toBe(401);
      expect(none.json().error).toBe('staff_session_missing');
      for (const { name, role, pin } of SAMPLE_STAFF[1] ?? []) {
        if (role === 'manager') continue;
        const session = await h.app.inject({
          method: 'POST',
          url: '/api/staff/sessions',
          payload: { hId: 1, name, pin },
        });
        const refused = await h.app.inject({
          url: `${url}?${PERIOD}`,
          headers: { 'x-front-token': TEST_FRONT_TOKEN, authorization: `Bearer ${session.json().token}` },
        });
        expect(refused.statusCode, `${file} ${role}`).toBe(403);
        expect(refused.json().error).toBe('staff_role_forbidden');
      }
      const otherHotel = await h.app.inject({ url: `${url}?${PERIOD}`, headers: await staffHeaders(h.app, 2) });
      expect(otherHotel.json().error).toBe('staff_session_wrong_hotel');
      for (const [query, error] of [
        ['from=2026-05-05&to=2026-05-04', 'invalid_period'],
        ['from=2025-01-01&to=2026-01-02', 'invalid_period'],
        ['from=2026-05-04', 'bad_request'],
      ] as const) {
        const bad = await h.app.inject({ url: `${url}?${query}`, headers: manager });
        expect(bad.statusCode, `${file} ${query}`).toBe(400);
        expect(bad.json().error).toBe(error);
      }
    }
  });
});
