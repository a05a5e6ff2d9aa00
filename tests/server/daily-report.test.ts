/**
 * The hotel's daily report (docs/behaviour.md#daily-report) on both databases: its content for a seeded day, one
 * mail per hotel and day to a real local SMTP server (smtp-server) whatever the number of app instances, the
 * catch-up of a report missed while down, the claim released on an SMTP failure, and the CLI's refusal to send twice.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CleaningOutcome } from '../../contract/evidence.ts';
import { buildApp } from '../../server/app.ts';
import { dailyReport, monthDays, monthlyReport } from '../../server/domain/daily-report.ts';
import { periodSummary } from '../../server/domain/impact.ts';
import {
  dueReportDate,
  dueSummaryMonth,
  REPORT_CLAIM_STALE_MINUTES,
  sendMonthlyReport,
} from '../../server/domain/report-sending.ts';
import { composeDailyReportMail, composeMonthlyReportMail, reportCsv } from '../../server/mail/daily-report-mail.ts';
import { createSmtpMailer } from '../../server/mail/mailer.ts';
import { runReportCommand } from '../../server/report-command.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import { actionOfType, answerCleaning, submit, type TestStay } from './actions-support.ts';
import {
  credit,
  describeEachDialect,
  type Harness,
  rewardIdOf,
  staffHeaders,
  stayIdOf,
  TEST_FRONT_TOKEN,
} from './harness.ts';

let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpInbox();
});
afterAll(() => smtp.close());

const TILLEULS = 'reception@hotel-les-tilleuls.example';
const DEMO = 'demo@greenmiles.example';
const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

/** A stay of hotel 1 in the room of `qrId`, created at `at` (UTC). */
async function stayInRoom(h: Harness, qrId: string, at: string): Promise<TestStay> {
  h.clock.current = new Date(at);
  const room = await h.handle.db.selectFrom('rooms').select('id').where('qr_id', '=', qrId).executeTakeFirstOrThrow();
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/stays/new',
    payload: { hId: 1, rId: room.id, qrId },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { sUUID, profileUUID } = response.json() as { sUUID: string; profileUUID: string };
  return { sUUID, profileUUID, id: await stayIdOf(h.handle, sUUID) };
}

async function answerYesNoMail(h: Harness, stay: TestStay, at: string, response: boolean) {
  h.clock.current = new Date(at);
  const action = await actionOfType(h.app, stay, 'YESNOMAIL');
  const reply = await submit(h.app, stay, action.actId, 'yesnomail', { response });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** Two app instances on the one database, sending reports through the local SMTP server, on the harness clock. */
function reportingApp(h: Harness) {
  return buildApp({
    db: h.handle.db,
    kind: h.handle.kind,
    frontToken: TEST_FRONT_TOKEN,
    now: () => h.clock.current ?? new Date(),
    smtpUrl: smtp.url,
    dailyReports: true,
  });
}

/** Starts the apps (each ticks once when ready) and closes them (which waits for the tick under way). */
async function runSchedulers(h: Harness, instances: number) {
  const apps = await Promise.all(Array.from({ length: instances }, () => reportingApp(h)));
  await Promise.all(apps.map((app) => app.ready()));
  await Promise.all(apps.map((app) => app.close()));
}

/** Housekeeping's report on the room's skipped cleaning of `date`, by the named account (what the skip list writes). */
async function confirmCleaning(
  h: Harness,
  stay: TestStay,
  roomNumber: string,
  date: string,
  outcome: CleaningOutcome,
  accountName: string,
) {
  const db = h.handle.db;
  const completion = await db
    .selectFrom('action_completions as c')
    .innerJoin('actions as a', 'a.id', 'c.action_id')
    .select(['c.action_id', 'c.night_id'])
    .where('c.stay_id', '=', stay.id)
    .where('a.type', '=', 'LUNICLEAN')
    .executeTakeFirstOrThrow();
  const account = await db
    .selectFrom('staff_accounts')
    .select('id')
    .where('hotel_id', '=', 1)
    .where('name', '=', accountName)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('cleaning_checks')
    .values({
      hotel_id: 1,
      room_number: roomNumber,
      cleaning_date: date,
      stay_id: stay.id,
      action_id: completion.action_id,
      night_id: completion.night_id,
      outcome,
      account_id: account.id,
      checked_at: `${date}T12:00:00.000Z`,
    })
    .execute();
}

/** RFC 4180: quoted cells with doubled quotes, commas and line breaks inside quotes, rows ended by CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  expect([row, cell, quoted]).toEqual([[], '', false]);
  return rows;
}

function reportRows(h: Harness) {
  return h.handle.db.selectFrom('daily_reports').selectAll().orderBy('report_date').orderBy('hotel_id').execute();
}

function cli(h: Harness, args: string[], at: string) {
  const out: string[] = [];
  const err: string[] = [];
  const mailer = createSmtpMailer(smtp.url);
  return runReportCommand(args, {
    db: h.handle.db,
    mailer,
    now: new Date(at),
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  }).then((code) => {
    mailer.close();
    return { code, out: out.join('\n'), err: err.join('\n') };
  });
}

it('is due for yesterday once the report hour has passed, else for the day before (hotel-local)', () => {
  const paris = { timeZone: 'Europe/Paris', reportHour: '07:00' };
  expect(dueReportDate(new Date('2026-05-07T04:59:00Z'), paris)).toBe('2026-05-05');
  expect(dueReportDate(new Date('2026-05-07T05:00:00Z'), paris)).toBe('2026-05-06');
  expect(dueReportDate(new Date('2026-05-07T21:59:00Z'), paris)).toBe('2026-05-06');
  expect(dueReportDate(new Date('2026-05-07T22:00:00Z'), paris)).toBe('2026-05-06');
});

it('sends a month’s summary with the report of its last day: on the first day of the next month (hotel-local)', () => {
  expect(dueSummaryMonth('2026-05-31')).toBe('2026-05');
  expect(dueSummaryMonth('2026-12-31')).toBe('2026-12');
  expect(dueSummaryMonth('2028-02-29')).toBe('2028-02');
  expect(dueSummaryMonth('2026-02-28')).toBe('2026-02');
  expect(dueSummaryMonth('2028-02-28')).toBeNull();
  expect(dueSummaryMonth('2026-06-01')).toBeNull();
  expect(monthDays('2026-05')).toEqual({ from: '2026-05-01', to: '2026-05-31' });
  expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  expect(monthDays('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
});

describeEachDialect('daily report', (get) => {
  it('reports a seeded day: participation, gestures, savings, rewards, housekeeping, attention and the YESNOMAIL answers', async () => {
    const h = get();
    // 2026-05-06 in Paris (UTC+2). A stay begun on the 2nd, in room 102, is not one of the day's new stays.
    const earlier = await stayInRoom(h, 'tilleuls-102', '2026-05-02T10:00:00Z');
    await credit(h, earlier.sUUID, 100);
    h.clock.current = new Date('2026-05-02T12:00:00Z');
    const coffee = await rewardIdOf(h.handle, 1, 'coffee-code');
    const waiting = { sUUID: earlier.sUUID, uuid: earlier.profileUUID };
    const waitingClaim = await h.app.inject({ method: 'POST', url: `/api/rewards/${coffee}/claim`, payload: waiting });
    expect(waitingClaim.statusCode, waitingClaim.body).toBe(200);
    const first = await stayInRoom(h, 'tilleuls-101', '2026-05-06T06:00:00Z');
    const second = await stayInRoom(h, 'tilleuls-201', '2026-05-06T07:00:00Z');
    await credit(h, first.sUUID, 100);
    await answerCleaning(h, earlier, '2026-05-06T07:00:00Z', true, '102');
    await answerYesNoMail(h, first, '2026-05-06T08:00:00Z', true);
    await answerYesNoMail(h, second, '2026-05-06T09:00:00Z', true);
    await answerYesNoMail(h, second, '2026-05-06T09:30:00Z', false);
    await answerCleaning(h, first, '2026-05-06T08:30:00Z', true, '101');
    await answerCleaning(h, second, '2026-05-06T18:00:00Z', true, '201');
    await answerCleaning(h, second, '2026-05-06T19:00:00Z', false, '201');
    // 04:00 on the 7th in Paris: the next day's.
    await answerYesNoMail(h, earlier, '2026-05-07T02:00:00Z', true);
    const water = await rewardIdOf(h.handle, 1, 'water-donation');
    h.clock.current = new Date('2026-05-06T12:00:00Z');
    const body = { sUUID: first.sUUID, uuid: first.profileUUID };
    const claim = await h.app.inject({ method: 'POST', url: `/api/rewards/${water}/claim`, payload: body });
    expect(claim.statusCode, claim.body).toBe(200);
    h.clock.current = new Date('2026-05-06T12:30:00Z');
    expect((await h.app.inject({ method: 'POST', url: `/api/rewards/${water}/used`, payload: body })).statusCode).toBe(
      200,
    );
    // Claire hands a coffee over at the desk.
    const coffeeClaim = await h.app.inject({ method: 'POST', url: `/api/rewards/${coffee}/claim`, payload: body });
    expect(coffeeClaim.statusCode, coffeeClaim.body).toBe(200);
    h.clock.current = new Date('2026-05-06T13:00:00Z');
    const redeemed = await h.app.inject({
      method: 'POST',
      url: '/api/staff/codes/redeem',
      headers: await staffHeaders(h.app, 1),
      payload: { code: `TIL-${coffeeClaim.json().code}` },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    // Inès reports room 101 left as its guest asked; room 102's skip is not confirmed.
    await confirmCleaning(h, first, '101', '2026-05-06', 'honoured', 'Inès');
    // The honey's pool: three codes left.
    const honey = await rewardIdOf(h.handle, 1, 'local-gift');
    await h.handle.db
      .insertInto('reward_code_pool')
      .values(['HONEY-1', 'HONEY-2', 'HONEY-3'].map((code) => ({ reward_id: honey, code })))
      .execute();

    const report = await dailyReport(h.handle.db, 1, '2026-05-06');
    expect(report.hotel).toMatchObject({ name: 'Hôtel Les Tilleuls', language: 'fr', reportEmail: TILLEULS });
    const { sections } = report;
    const summary = await periodSummary(h.handle.db, { hotelId: 1, from: '2026-05-06', to: '2026-05-06' });
    expect(sections.summary).toEqual(summary);
    expect(summary.stays).toEqual({ total: 3, participating: 3 });
    expect(summary.actionsByType).toEqual([
      { actType: 'LUNICLEAN', count: 3, confirmed: 1 },
      { actType: 'YESNOMAIL', count: 2, confirmed: 0 },
    ]);
    expect(summary.evidence.staffConfirmed).toBe(1);
    const cleaning = summary.impact.find((category) => category.category === 'cleaning');
    expect([cleaning?.units, cleaning?.confirmedUnits]).toEqual([2, 1]);
    expect(summary.rewards).toEqual({ claimed: 2, used: 2 });
    expect(summary.waterDonatedLitres).toBe(50);
    expect(
      sections.redemptions.map(({ roomNumber, rewardName, usedBy, staffName }) => [
        roomNumber,
        rewardName,
        usedBy,
        staffName,
      ]),
    ).toEqual([
      ['101', "Don de 50 litres d'eau", 'guest', null],
      ['101', 'Un café offert au bar', 'staff', 'Claire'],
    ]);
    expect(sections.cleaningChecks).toEqual([
      { cleaningDate: '2026-05-06', roomNumber: '101', outcome: 'honoured', staffName: 'Inès' },
    ]);
    expect(sections.attention).toEqual({
      unconfirmedSkips: [{ cleaningDate: '2026-05-06', roomNumber: '102' }],
      unusedClaims: [{ roomNumber: '102', rewardName: 'Un café offert au bar', claimedAt: '2026-05-02T12:00:00.000Z' }],
      lowCodePools: [{ rewardName: 'Un pot de miel du pays', codesLeft: 3 }],
    });
    expect(report.answers).toEqual([
      { actionName: 'Garder mes draps', roomNumber: '101', answer: 'YES', answeredAt: '2026-05-06T08:00:00.000Z' },
      { actionName: 'Garder mes draps', roomNumber: '201', answer: 'NO', answeredAt: '2026-05-06T09:30:00.000Z' },
    ]);
    expect(report.cleaningDate).toBe('2026-05-07');
    expect(report.skippedCleanings).toEqual([
      {
        roomNumber: '201',
        since: '2026-05-06T18:00:00.000Z',
        skipping: false,
        changedBackAt: '2026-05-06T19:00:00.000Z',
      },
    ]);

    const mail = composeDailyReportMail(report);
    expect(mail.lang).toBe('fr');
    expect(mail.subject).toBe('Rapport GreenMiles du 6 mai 2026 — Hôtel Les Tilleuls');
    const fr = new Intl.NumberFormat('fr', { maximumFractionDigits: 2 });
    // A single estimate (the hotel's own water figure) has no range.
    const estimate = (saved: number, low: number, high: number, unit: string) =>
      low === saved && high === saved
        ? `${fr.format(saved)} ${unit}`
        : `${fr.format(saved)} ${unit} (entre ${fr.format(low)} ${unit} et ${fr.format(high)} ${unit})`;
    const { saved, savedRange } = summary;
    const lines = [
      '== Participation ==',
      'Séjours présents\u00a0: 3',
      'Séjours participants\u00a0: 3',
      '== Gestes par type ==',
      'Renoncer au ménage\u00a0: 3 (déclarés\u00a0: 2, confirmés\u00a0: 1)',
      "Oui ou non transmis à l'hôtel\u00a0: 2 (déclarés\u00a0: 2, confirmés\u00a0: 0)",
      '== Économies estimées ==',
      `Total — Eau\u00a0: ${estimate(saved.waterLitres, savedRange.low.waterLitres, savedRange.high.waterLitres, 'L')}, Énergie\u00a0: ${estimate(saved.energyKwh, savedRange.low.energyKwh, savedRange.high.energyKwh, 'kWh')}, CO2e\u00a0: ${estimate(saved.co2eGrams, savedRange.low.co2eGrams, savedRange.high.co2eGrams, 'g')}`,
      '== Récompenses ==',
      'Récompenses obtenues\u00a0: 2',
      "Litres d'eau donnés\u00a0: 50",
      "Chambre 101 — Don de 50 litres d'eau — 6 mai, 14:30 — utilisée par le client",
      'Chambre 101 — Un café offert au bar — TIL-',
      '— 6 mai, 15:00 — remise par Claire',
      '== Confirmé par le ménage ==',
      'Chambres laissées comme demandé\u00a0: 1',
      'Chambre 101 — 6 mai 2026 — non nettoyée, comme demandé — signalé par Inès',
      '== À surveiller ==',
      '- Chambre 102\u00a0: ménage évité le 6 mai 2026, sans retour du ménage',
      '- Chambre 102\u00a0: «\u00a0Un café offert au bar\u00a0» obtenue le 2 mai, 14:00, pas encore utilisée',
      '- «\u00a0Un pot de miel du pays\u00a0»\u00a0: 3 codes restants',
      '== Réponses à transmettre ==',
      'Chambre 101 — Garder mes draps — Oui',
      'Chambre 201 — Garder mes draps — Non',
      '== Chambres sans ménage le 7 mai 2026 ==',
      'Chambre 201 — Depuis 6 mai, 20:00 — réponse changée le 6 mai, 21:00\u00a0: ménage à faire',
    ];
    // In this order: participation first, the operational lists after the attention items.
    let from = 0;
    for (const line of lines) {
      const at = mail.text.indexOf(line, from);
      expect(at, line).toBeGreaterThanOrEqual(0);
      from = at;
    }
    expect(mail.text).toContain('Estimation calculée avec la table de facteurs');
    expect(mail.text).toContain('docs/impact.md');
    expect(mail.html).toContain('<h2>Économies estimées</h2>');
    expect(mail.html).toContain('>Déclarés</th>');
    expect(mail.html).toContain('border-bottom:1px solid #ddd">remise par Claire</td>');

    // The CSV: one row per figure, equal to the summary's.
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['greenmiles-2026-05-06.csv', 'text/csv; charset=utf-8'],
    ]);
    const csv = mail.attachments[0]?.content ?? '';
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows[0]).toEqual(['section', 'item', 'measure', 'value', 'confirmed', 'low', 'high', 'unit']);
    const cell = (section: string, item: string, measure = '') =>
      rows.find((row) => row[0] === section && row[1] === item && row[2] === measure);
    expect(cell('participation', 'staysPresent')?.[3]).toBe('3');
    expect(cell('gestures', 'LUNICLEAN')?.slice(3, 5)).toEqual(['3', '1']);
    expect(cell('savings', 'total', 'water')?.slice(3, 7)).toEqual(
      [saved.waterLitres, '', savedRange.low.waterLitres, savedRange.high.waterLitres].map(String),
    );
    expect(cell('savings', 'total', 'co2e')?.slice(3, 7)).toEqual(
      [saved.co2eGrams, '', savedRange.low.co2eGrams, savedRange.high.co2eGrams].map(String),
    );
    for (const category of summary.impact)
      for (const measure of ['water', 'energy', 'co2e'] as const) {
        const figure = category[measure];
        expect(cell('savings', category.category, measure)?.slice(3, 7), `${category.category} ${measure}`).toEqual(
          [figure.saved, '', figure.savedRange?.low ?? '', figure.savedRange?.high ?? ''].map(String),
        );
      }
    expect(cell('units', 'cleaning')?.slice(3, 5)).toEqual(['2', '1']);
    expect(cell('rewards', 'used')?.slice(3, 5)).toEqual(['2', '1']);
    expect(cell('housekeeping', 'honoured')?.[3]).toBe('1');
    expect(cell('attention', 'unconfirmedSkips')?.[3]).toBe('1');
    expect(rows.every((row) => row.length === 8)).toBe(true);

    // English, and Arabic right to left; every content value is escaped in the HTML.
    const english = composeDailyReportMail({ ...report, hotel: { ...report.hotel, language: 'en' } });
    for (const line of [
      '== Gestures by kind ==',
      'Skip the cleaning: 3 (declared: 2, confirmed: 1)',
      '== Estimated savings ==',
      'An estimation from',
      'Room 101 — May 6, 2026 — not cleaned, as asked — reported by Inès',
      '- Room 102: cleaning skipped on May 6, 2026, not confirmed by housekeeping',
      "- 'Un pot de miel du pays': 3 codes left",
    ])
      expect(english.text).toContain(line);
    expect(english.html).toContain('<html lang="en" dir="ltr">');
    const arabic = composeDailyReportMail({ ...report, hotel: { ...report.hotel, language: 'ar' } });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    for (const line of [
      '== المشاركة ==',
      'الاستغناء عن التنظيف: 3 (مُصرَّح بها: 2، مؤكَّدة: 1)',
      '== الوفورات المقدَّرة ==',
      // Each amount isolated left to right, its unit after its number.
      `المجموع — الماء: \u2066${summary.saved.waterLitres} L\u2069`,
      'الغرفة 101',
      '== يحتاج إلى متابعة ==',
    ])
      expect(arabic.text).toContain(line);
    expect(arabic.attachments[0]?.content).toBe(csv);
    const html = composeDailyReportMail({
      ...report,
      hotel: { ...report.hotel, name: 'Les <b>Tilleuls</b> & Co' },
      sections: {
        ...sections,
        attention: { ...sections.attention, lowCodePools: [{ rewardName: '<i>x</i>', codesLeft: 1 }] },
      },
    }).html;
    expect(html).toContain('Les &lt;b&gt;Tilleuls&lt;/b&gt; &amp; Co');
    expect(html).toContain('&lt;i&gt;x&lt;/i&gt;');
    expect(html).not.toContain('<b>Tilleuls');
    expect(html).not.toContain('<i>x');
  });

  it('two app instances ticking at the report hour send exactly one mail per hotel', async () => {
    const h = get();
    smtp.clear();
    // 07:00:20 in Paris on the 7th: the report of the 6th is due, at both hotels.
    h.clock.current = new Date('2026-05-07T05:00:20Z');
    await runSchedulers(h, 2);
    expect(mailsTo(TILLEULS)).toHaveLength(1);
    expect(mailsTo(DEMO)).toHaveLength(1);
    expect(mailsTo(TILLEULS)[0]?.subject).toBe('Rapport GreenMiles du 6 mai 2026 — Hôtel Les Tilleuls');
    expect(mailsTo(TILLEULS)[0]?.text).toContain('Chambre 101 — Garder mes draps — Oui');
    expect(mailsTo(TILLEULS)[0]?.html).toContain('<table');
    // The CSV arrives attached, byte for byte (its byte order mark included).
    const expectedCsv = reportCsv((await dailyReport(h.handle.db, 1, '2026-05-06')).sections);
    expect(mailsTo(TILLEULS)[0]?.attachments).toEqual([
      { filename: 'greenmiles-2026-05-06.csv', mimeType: 'text/csv', content: expectedCsv },
    ]);
    // Later ticks of the same day send nothing more.
    h.clock.current = new Date('2026-05-07T09:00:00Z');
    await runSchedulers(h, 2);
    expect(smtp.mails).toHaveLength(2);
    const rows = await reportRows(h);
    expect(rows.map((row) => [row.hotel_id, row.report_date, row.sent_at])).toEqual([
      [1, '2026-05-06', '2026-05-07T05:00:20.000Z'],
      [2, '2026-05-06', '2026-05-07T05:00:20.000Z'],
    ]);
  });

  it('sends the report missed while down when it starts (the last due day only); no reportEmail, no mail', async () => {
    const h = get();
    smtp.clear();
    await h.handle.db.updateTable('hotels').set({ report_email: null }).where('id', '=', 2).execute();
    // Down from the 7th's report to the 9th at 12:00: the 8th's report is sent, the 7th's is not caught up.
    h.clock.current = new Date('2026-05-09T10:00:00Z');
    await runSchedulers(h, 1);
    expect(smtp.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [[TILLEULS], 'Rapport GreenMiles du 8 mai 2026 — Hôtel Les Tilleuls'],
    ]);
    expect((await reportRows(h)).map((row) => `${row.hotel_id} ${row.report_date}`)).toEqual([
      '1 2026-05-06',
      '2 2026-05-06',
      '1 2026-05-08',
    ]);
  });

  it('releases the claim when the SMTP server refuses, and a later tick sends the report', async () => {
    const h = get();
    smtp.clear();
    smtp.refuse = true;
    h.clock.current = new Date('2026-05-10T06:00:00Z');
    try {
      await runSchedulers(h, 1);
    } finally {
      smtp.refuse = false;
    }
    expect(smtp.mails).toHaveLength(0);
    expect((await reportRows(h)).filter((row) => row.report_date === '2026-05-09')).toEqual([]);
    h.clock.current = new Date('2026-05-10T06:01:00Z');
    await runSchedulers(h, 1);
    expect(smtp.mails.map((mail) => mail.subject)).toEqual(['Rapport GreenMiles du 9 mai 2026 — Hôtel Les Tilleuls']);
    const row = (await reportRows(h)).find((r) => r.report_date === '2026-05-09');
    expect(row?.sent_at).toBe('2026-05-10T06:01:00.000Z');
  });

  it(`takes over a claim left unsent for ${REPORT_CLAIM_STALE_MINUTES} minutes by a process that died while sending`, async () => {
    const h = get();
    smtp.clear();
    // A process claimed the 10th's report at 07:00 on the 11th, then died.
    const claim = { hotel_id: 1, report_date: '2026-05-10', claim_token: 'dead-process', sent_at: null };
    await h.handle.db
      .insertInto('daily_reports')
      .values({ ...claim, claimed_at: '2026-05-11T05:00:00.000Z' })
      .execute();
    h.clock.current = new Date(Date.parse('2026-05-11T05:00:00Z') + (REPORT_CLAIM_STALE_MINUTES - 1) * 60_000);
    await runSchedulers(h, 2);
    expect(smtp.mails).toHaveLength(0);
    h.clock.current = new Date(Date.parse('2026-05-11T05:00:00Z') + (REPORT_CLAIM_STALE_MINUTES + 1) * 60_000);
    await runSchedulers(h, 2);
    expect(smtp.mails.map((mail) => mail.subject)).toEqual(['Rapport GreenMiles du 10 mai 2026 — Hôtel Les Tilleuls']);
    const row = (await reportRows(h)).find((r) => r.report_date === '2026-05-10');
    expect(row?.claim_token).not.toBe('dead-process');
    expect(row?.sent_at).not.toBeNull();
    await h.handle.db.deleteFrom('daily_reports').where('report_date', '=', '2026-05-10').execute();
  });

  it('report:daily prints the report, sends it once, and refuses to send it again without --force', async () => {
    const h = get();
    smtp.clear();
    const printed = await cli(h, ['--hotel', '1', '--date', '2026-05-06'], '2026-05-11T08:00:00Z');
    expect(printed.code).toBe(0);
    expect(printed.out).toContain('Rapport GreenMiles du 6 mai 2026 — Hôtel Les Tilleuls');
    expect(printed.out).toContain('Chambre 201 — Garder mes draps — Non');
    // Yesterday (hotel-local) by default: the 10th, not yet sent.
    const sent = await cli(h, ['--hotel', '1', '--send'], '2026-05-11T04:00:00Z');
    expect([sent.code, sent.err]).toEqual([0, '']);
    expect(sent.out).toContain(`Sent to ${TILLEULS}`);
    expect(smtp.mails.map((mail) => mail.subject)).toEqual(['Rapport GreenMiles du 10 mai 2026 — Hôtel Les Tilleuls']);

    const refused = await cli(h, ['--hotel', '1', '--date', '2026-05-10', '--send'], '2026-05-11T08:00:00Z');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('already sent');
    expect(refused.err).toContain('--force');
    expect(smtp.mails).toHaveLength(1);
    const forced = await cli(h, ['--hotel', '1', '--date', '2026-05-10', '--send', '--force'], '2026-05-11T08:00:00Z');
    expect(forced.code).toBe(0);
    expect(smtp.mails).toHaveLength(2);
    // And the scheduler, later that morning, does not send the 10th's report a third time.
    h.clock.current = new Date('2026-05-11T08:00:00Z');
    await runSchedulers(h, 1);
    expect(smtp.mails).toHaveLength(2);

    const badArgs = [
      [],
      ['--hotel', 'x'],
      ['--hotel', '1', '--date', '2026-02-30'],
      // Outside the API's dates (docs/behaviour.md#dates), like every date the server parses.
      ['--hotel', '1', '--date', '9999-12-31'],
      ['--hotel', '1', '--date', '1999-12-31'],
      ['--hotel', '1', '--bogus'],
    ];
    for (const args of badArgs) {
      expect((await cli(h, args, '2026-05-11T08:00:00Z')).code, args.join(' ')).toBe(2);
    }
    expect((await cli(h, ['--hotel', '99'], '2026-05-11T08:00:00Z')).code).toBe(1);
  });
  it('sends May’s summary once on 1 June with the report of 31 May, its CSV attached, whatever the processes', async () => {
    const h = get();
    smtp.clear();
    // 07:00:20 in Paris on 1 June: the report of 31 May and the summary of May are due.
    h.clock.current = new Date('2026-06-01T05:00:20Z');
    await runSchedulers(h, 3);
    expect(mailsTo(TILLEULS).map((mail) => mail.subject)).toEqual([
      'Rapport GreenMiles du 31 mai 2026 — Hôtel Les Tilleuls',
      'Bilan GreenMiles de mai 2026 — Hôtel Les Tilleuls',
    ]);
    const report = await monthlyReport(h.handle.db, 1, '2026-05');
    expect([report.sections.from, report.sections.to]).toEqual(['2026-05-01', '2026-05-31']);
    expect(report.sections.summary).toEqual(
      await periodSummary(h.handle.db, { hotelId: 1, from: '2026-05-01', to: '2026-05-31' }),
    );
    // The seeded 6 May is in it, with who redeemed the coffee and what housekeeping confirmed.
    expect(report.sections.summary.actionsByType.find((g) => g.actType === 'LUNICLEAN')).toMatchObject({
      confirmed: 1,
    });
    expect(report.sections.redemptions.map((use) => use.staffName)).toContain('Claire');
    expect(report.sections.cleaningChecks.map((check) => check.staffName)).toEqual(['Inès']);
    const summary = mailsTo(TILLEULS)[1];
    expect(summary?.text).toContain('Hôtel Les Tilleuls\u00a0: le bilan GreenMiles du mois de mai 2026.');
    expect(summary?.text).toContain('== Économies estimées ==');
    expect(summary?.text).toContain('remise par Claire');
    expect(summary?.text).not.toContain('== Réponses à transmettre ==');
    expect(summary?.attachments).toEqual([
      { filename: 'greenmiles-2026-05.csv', mimeType: 'text/csv', content: reportCsv(report.sections) },
    ]);
    const english = composeMonthlyReportMail({ ...report, hotel: { ...report.hotel, language: 'en' } });
    expect(english.subject).toBe('GreenMiles summary of May 2026 — Hôtel Les Tilleuls');
    const arabic = composeMonthlyReportMail({ ...report, hotel: { ...report.hotel, language: 'ar' } });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.subject).toContain('ملخص GreenMiles لشهر');
    const monthlyRows = () =>
      h.handle.db.selectFrom('monthly_reports').select(['hotel_id', 'report_date', 'sent_at']).execute();
    expect(await monthlyRows()).toEqual([
      { hotel_id: 1, report_date: '2026-05-01', sent_at: '2026-06-01T05:00:20.000Z' },
    ]);
    // Later that day, and the next day, no second summary.
    h.clock.current = new Date('2026-06-01T09:00:00Z');
    await runSchedulers(h, 2);
    h.clock.current = new Date('2026-06-02T05:00:20Z');
    await runSchedulers(h, 2);
    expect(mailsTo(TILLEULS).map((mail) => mail.subject)).toEqual([
      'Rapport GreenMiles du 31 mai 2026 — Hôtel Les Tilleuls',
      'Bilan GreenMiles de mai 2026 — Hôtel Les Tilleuls',
      'Rapport GreenMiles du 1 juin 2026 — Hôtel Les Tilleuls',
    ]);

    // Four senders racing for April's summary: one sends it.
    smtp.clear();
    const mailer = createSmtpMailer(smtp.url);
    const now = new Date('2026-06-02T06:00:00Z');
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => sendMonthlyReport(h.handle.db, mailer, { hotelId: 1, month: '2026-04' }, now)),
    );
    mailer.close();
    expect(outcomes.sort()).toEqual(['already_claimed', 'already_claimed', 'already_claimed', 'sent']);
    expect(smtp.mails.map((mail) => mail.subject)).toEqual(['Bilan GreenMiles d’avril 2026 — Hôtel Les Tilleuls']);

    // By hand: printed, and refused a second time without --force.
    const printed = await cli(h, ['--hotel', '1', '--month', '2026-05'], '2026-06-02T08:00:00Z');
    expect(printed.code).toBe(0);
    expect(printed.out).toContain('Bilan GreenMiles de mai 2026 — Hôtel Les Tilleuls');
    const refused = await cli(h, ['--hotel', '1', '--month', '2026-04', '--send'], '2026-06-02T08:00:00Z');
    expect([refused.code, smtp.mails.length]).toEqual([1, 1]);
    expect(refused.err).toContain('--force');
    for (const args of [
      ['--month', '2026-13'],
      ['--month', '2026-4'],
      ['--month', '2026-04', '--date', '2026-04-01'],
    ])
      expect((await cli(h, ['--hotel', '1', ...args], '2026-06-02T08:00:00Z')).code, args.join(' ')).toBe(2);
  });
});
