/**
 * The hotel's daily report (docs/behaviour.md#daily-report) on both databases: its content for a seeded day, one
 * mail per hotel and day to a real local SMTP server (smtp-server) whatever the number of app instances, the
 * catch-up of a report missed while down, the claim released on an SMTP failure, and the CLI's refusal to send twice.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { dailyReport } from '../../server/domain/daily-report.ts';
import { dueReportDate, REPORT_CLAIM_STALE_MINUTES } from '../../server/domain/report-sending.ts';
import { composeDailyReportMail } from '../../server/mail/daily-report-mail.ts';
import { createSmtpMailer } from '../../server/mail/mailer.ts';
import { runReportCommand } from '../../server/report-command.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import { actionOfType, answerCleaning, submit, type TestStay } from './actions-support.ts';
import { describeEachDialect, type Harness, rewardIdOf, stayIdOf, TEST_FRONT_TOKEN } from './harness.ts';

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

describeEachDialect('daily report', (get) => {
  it('reports a seeded day: the YESNOMAIL answers, the rooms skipping today’s cleaning and the totals', async () => {
    const h = get();
    // 2026-05-06 in Paris (UTC+2). The day before, a stay begins at 22:00: not one of the day's stays.
    const earlier = await stayInRoom(h, 'tilleuls-102', '2026-05-05T20:00:00Z');
    const first = await stayInRoom(h, 'tilleuls-101', '2026-05-06T06:00:00Z');
    const second = await stayInRoom(h, 'tilleuls-201', '2026-05-06T07:00:00Z');
    await answerYesNoMail(h, first, '2026-05-06T08:00:00Z', true);
    await answerYesNoMail(h, second, '2026-05-06T09:00:00Z', true);
    await answerYesNoMail(h, second, '2026-05-06T09:30:00Z', false);
    await answerCleaning(h, first, '2026-05-06T10:00:00Z', true, '101');
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

    const report = await dailyReport(h.handle.db, 1, '2026-05-06');
    expect(report.hotel).toMatchObject({ name: 'Hôtel Les Tilleuls', language: 'fr', reportEmail: TILLEULS });
    expect(report.answers).toEqual([
      { actionName: 'Garder mes draps', roomNumber: '101', answer: 'YES', answeredAt: '2026-05-06T08:00:00.000Z' },
      { actionName: 'Garder mes draps', roomNumber: '201', answer: 'NO', answeredAt: '2026-05-06T09:30:00.000Z' },
    ]);
    expect(report.cleaningDate).toBe('2026-05-07');
    expect(report.skippedCleanings).toEqual([
      { roomNumber: '101', since: '2026-05-06T10:00:00.000Z', skipping: true, changedBackAt: null },
      {
        roomNumber: '201',
        since: '2026-05-06T18:00:00.000Z',
        skipping: false,
        changedBackAt: '2026-05-06T19:00:00.000Z',
      },
    ]);
    expect(report.totals).toEqual({
      stays: 2,
      actions: 4,
      pointsEarned: 35,
      pointsSpent: 20,
      rewardsClaimed: 1,
      rewardsUsed: 1,
      litresDonated: 50,
    });

    const mail = composeDailyReportMail(report);
    expect(mail.lang).toBe('fr');
    expect(mail.subject).toBe('Rapport GreenMiles du 6 mai 2026 — Hôtel Les Tilleuls');
    expect(mail.text).toContain('Chambre 101 — Garder mes draps — Oui');
    expect(mail.text).toContain('Chambre 201 — Garder mes draps — Non');
    expect(mail.text).toContain('== Chambres sans ménage le 7 mai 2026 ==');
    expect(mail.text).toContain('Chambre 101 — Depuis 6 mai, 12:00 — pas de ménage');
    expect(mail.text).toContain(
      'Chambre 201 — Depuis 6 mai, 20:00 — réponse changée le 6 mai, 21:00\u00a0: ménage à faire',
    );
    for (const line of [
      'Séjours commencés\u00a0: 2',
      'Points gagnés\u00a0: 35',
      'Points dépensés\u00a0: 20',
      "Litres d'eau donnés\u00a0: 50",
    ])
      expect(mail.text).toContain(line);

    // Every content value is escaped in the HTML; Arabic reads right to left.
    const html = composeDailyReportMail({
      ...report,
      hotel: { ...report.hotel, name: 'Les <b>Tilleuls</b> & Co' },
    }).html;
    expect(html).toContain('Les &lt;b&gt;Tilleuls&lt;/b&gt; &amp; Co');
    expect(html).not.toContain('<b>Tilleuls');
    const arabic = composeDailyReportMail({ ...report, hotel: { ...report.hotel, language: 'ar' } });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.text).toContain('الغرفة 101');
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
});
