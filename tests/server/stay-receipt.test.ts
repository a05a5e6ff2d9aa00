/**
 * The stay's impact receipt (GET /api/stays/:sUUID/receipt, receipt.pdf, POST receipt/email; docs/behaviour.md#receipt)
 * on both databases: a stay with a skipped cleaning housekeeping confirmed, a shorter shower, lower heating, a
 * photographed meal, a quiz and a water donation gives one line per action with its count, ranges, sources and
 * evidence, the donation apart; its totals equal the staff summary of a day holding only that stay; the e-mail says
 * the JSON's figures; the PDF is one A4 page in fr and ar.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { encode } from 'jpeg-js';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImpactSummaryReply, StayReceiptReply } from '../../contract/schemas.ts';
import { buildApp } from '../../server/app.ts';
import {
  RECEIPT_EMAILS_PER_STAY_PER_HOUR,
  RECEIPT_PDFS_PER_STAY_PER_HOUR,
} from '../../server/domain/receipt-emails.ts';
import { figureText, RECEIPT_MEASURES, totalFigure } from '../../server/mail/receipt-mail.ts';
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import { actionOfType, newStay, submit, type TestStay } from './actions-support.ts';
import { credit, describeEachDialect, type Harness, rewardIdOf, staffHeaders, TEST_FRONT_TOKEN } from './harness.ts';

function photo(): string {
  const data = Buffer.alloc(64 * 64 * 4, 128);
  return encode({ width: 64, height: 64, data }, 50).data.toString('base64');
}

// 2026-05-04 at Les Tilleuls (Europe/Paris): the stay's day; nothing else happens at the hotel that day.
const DAY = '2026-05-04';

async function seedStay(h: Harness, day = DAY): Promise<TestStay> {
  h.clock.current = new Date(`${day}T08:00:00Z`);
  const stay = await newStay(h.app, h.handle);
  const answer = async (type: string, kind: string, body: Record<string, unknown>) => {
    const action = await actionOfType(h.app, stay, type);
    const response = await submit(h.app, stay, action.actId, kind, { endDate: null, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return action.actId;
  };
  const skip = await answer('LUNICLEAN', 'luniclean', { skipCleaning: true });
  await answer('LUNISHOWER', 'lunishower', { objectiveRespected: true });
  await answer('HEATING', 'heating', { temperature: 19 });
  await answer('QUIZ', 'quiz', { selectedPosition: 1 });
  const meal = await actionOfType(h.app, stay, 'LIMEAT');
  const curry = await h.app.inject({
    method: 'POST',
    url: `/api/actions/${meal.actId}/limeat`,
    payload: { uuid: stay.profileUUID, sUUID: stay.sUUID, endDate: null, photoData: photo(), dishKey: 'lentil-curry' },
  });
  expect(curry.statusCode, curry.body).toBe(200);
  // Housekeeping confirmed the room was left as asked.
  const completion = await h.handle.db
    .selectFrom('action_completions')
    .select(['night_id'])
    .where('stay_id', '=', stay.id)
    .where('action_id', '=', skip)
    .executeTakeFirstOrThrow();
  await h.handle.db
    .insertInto('cleaning_checks')
    .values({
      hotel_id: 1,
      room_number: '101',
      cleaning_date: day,
      stay_id: stay.id,
      action_id: skip,
      night_id: completion.night_id,
      outcome: 'honoured',
      account_id: null,
      checked_at: `${day}T10:00:00Z`,
    })
    .execute();
  await credit(h, stay.sUUID, 100);
  const water = await rewardIdOf(h.handle, 1, 'water-donation');
  const claimed = await h.app.inject({
    method: 'POST',
    url: `/api/rewards/${water}/claim`,
    payload: { uuid: stay.profileUUID, sUUID: stay.sUUID },
  });
  expect(claimed.statusCode, claimed.body).toBe(200);
  return stay;
}

/** The sample hotels' water partner's guarantee (server/content/hotels/*.yaml). */
const FR_GUARANTEE =
  "Le partenaire s'engage à reverser l'intégralité du don au projet d'accès à l'eau indiqué sur son site.";
const EN_GUARANTEE =
  'The partner undertakes to pass the whole donation on to the water access project named on its website.';
const AR_GUARANTEE = 'يلتزم الشريك بتحويل كامل التبرّع إلى مشروع الوصول إلى المياه المذكور على موقعه.';

function receipt(app: FastifyInstance, stay: TestStay, lang = 'fr', uuid = stay.profileUUID) {
  return app.inject({ url: `/api/stays/${stay.sUUID}/receipt?lang=${lang}&uuid=${uuid}` });
}

function pdfOf(body: Buffer): { pages: number; text: string } {
  const document = mupdf.Document.openDocument(body, 'application/pdf');
  let text = '';
  for (let page = 0; page < document.countPages(); page++)
    text += document.loadPage(page).toStructuredText('preserve-whitespace').asText();
  return { pages: document.countPages(), text };
}

describeEachDialect('stay receipt', (get) => {
  it('lists the gestures by action with counts, ranges, sources and evidence, the donation apart', async () => {
    const h = get();
    const stay = await seedStay(h);
    const response = await receipt(h.app, stay);
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as StayReceiptReply;
    expect(reply).toMatchObject({ sUUID: stay.sUUID, hotelName: 'Hôtel Les Tilleuls', status: 'active', lang: 'fr' });
    const byType = new Map(reply.lines.map((line) => [line.actType, line]));
    expect([...byType.keys()].sort()).toEqual(['HEATING', 'LIMEAT', 'LUNICLEAN', 'LUNISHOWER', 'QUIZ']);
    for (const line of reply.lines) expect(line.count).toBe(1);
    // Evidence: the skip confirmed by housekeeping, the meal photographed, the rest declared.
    expect(byType.get('LUNICLEAN')?.evidence).toEqual({ declared: 0, photographed: 0, scanned: 0, staffConfirmed: 1 });
    expect(byType.get('LIMEAT')?.evidence.photographed).toBe(1);
    expect(byType.get('LUNISHOWER')?.evidence.declared).toBe(1);
    // The quiz is participation: no figures.
    expect(byType.get('QUIZ')?.figures).toBeNull();
    for (const type of ['LUNICLEAN', 'LUNISHOWER', 'HEATING', 'LIMEAT']) {
      const figures = byType.get(type)?.figures;
      if (!figures) throw new Error(`${type} has no figures`);
      for (const measure of RECEIPT_MEASURES) {
        const figure = figures[measure];
        expect(figure.source.name, `${type} ${measure}`).not.toBe('');
        if (figure.range) {
          expect(figure.range.low).toBeLessThanOrEqual(figure.saved);
          expect(figure.range.high).toBeGreaterThanOrEqual(figure.saved);
        }
      }
    }
    expect(byType.get('LUNISHOWER')?.figures?.water.saved).toBeGreaterThan(0);
    // Names in the guest's language.
    const en = (await receipt(h.app, stay, 'en')).json() as StayReceiptReply;
    expect(en.lines.map((line) => line.name)).not.toEqual(reply.lines.map((line) => line.name));
    // The donation: a contribution with the staff summary's litres, never part of the savings.
    expect(reply.contributions).toEqual([
      expect.objectContaining({ name: "Don de 50 litres d'eau", litres: 50, description: expect.any(String) }),
    ]);
    expect(reply.waterContributedLitres).toBe(50);
    // Who receives it and what they guarantee, in the guest's language, else as the hotel's other texts fall back.
    expect(reply.contributions[0]?.partner).toEqual({
      name: 'Partenaire eau (exemple)',
      url: null,
      guarantee: FR_GUARANTEE,
    });
    const ar = (await receipt(h.app, stay, 'ar')).json() as StayReceiptReply;
    expect(ar.contributions[0]?.partner?.guarantee).toBe(AR_GUARANTEE);
    const de = (await receipt(h.app, stay, 'de')).json() as StayReceiptReply;
    expect(de.contributions[0]?.partner?.guarantee).toBe(EN_GUARANTEE);
    // A reward without a partner: its own name and description, as before partners.
    const water = h.handle.db.updateTable('rewards').where('hotel_id', '=', 1).where('key', '=', 'water-donation');
    const { partner } = await h.handle.db
      .selectFrom('rewards')
      .select('partner')
      .where('hotel_id', '=', 1)
      .where('key', '=', 'water-donation')
      .executeTakeFirstOrThrow();
    await water.set({ partner: null }).execute();
    const without = (await receipt(h.app, stay)).json() as StayReceiptReply;
    await water.set({ partner }).execute();
    expect(without.contributions[0]?.partner).toBeNull();
    expect(without.contributions[0]?.name).toBe("Don de 50 litres d'eau");

    // The totals equal the staff summary of a day holding only this stay.
    const headers = await staffHeaders(h.app, 1);
    const summary = (
      await h.app.inject({ url: `/api/staff/hotels/1/summary?from=${DAY}&to=${DAY}`, headers })
    ).json() as ImpactSummaryReply;
    expect(summary.stays.participating).toBe(1);
    expect(reply.totals).toEqual(summary.saved);
    expect(reply.totalsRange).toEqual(summary.savedRange);
    expect(reply.waterContributedLitres).toBe(summary.waterDonatedLitres);
    // Each line is its category's figure there.
    for (const category of summary.impact) {
      const line = reply.lines.find((l) => l.figures && category.units > 0 && typeOf(category.category) === l.actType);
      if (!line?.figures) continue;
      for (const measure of RECEIPT_MEASURES) expect(line.figures[measure].saved).toBe(category[measure].saved);
    }
    expect(reply.totals.waterLitres).toBeGreaterThan(0);
  });

  it('refuses an unknown stay and another profile reading the stay, as the stay itself does', async () => {
    const h = get();
    const stay = await newStay(h.app, h.handle);
    const other = await newStay(h.app, h.handle);
    expect((await receipt(h.app, { ...stay, sUUID: 'no-such-stay' })).statusCode).toBe(404);
    expect((await receipt(h.app, stay, 'fr', other.profileUUID)).statusCode).toBe(404);
    const pdf = await h.app.inject({ url: `/api/stays/${stay.sUUID}/receipt.pdf?lang=fr&uuid=${other.profileUUID}` });
    expect(pdf.statusCode).toBe(404);
    // An empty stay has an empty receipt.
    const empty = (await receipt(h.app, stay)).json() as StayReceiptReply;
    expect(empty.lines).toEqual([]);
    expect(empty.totals).toEqual({ waterLitres: 0, energyKwh: 0, co2eGrams: 0 });
  });

  it('prints one A4 page with the totals, in French and in Arabic', async () => {
    const h = get();
    const stay = await seedStay(h, '2026-05-06');
    for (const lang of ['fr', 'ar'] as const) {
      const json = (await receipt(h.app, stay, lang)).json() as StayReceiptReply;
      const response = await h.app.inject({
        url: `/api/stays/${stay.sUUID}/receipt.pdf?lang=${lang}&uuid=${stay.profileUUID}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const { pages, text } = pdfOf(response.rawPayload);
      expect(pages, lang).toBe(1);
      // Spaces are gaps between drawn words, which the extraction may or may not give back.
      const flat = text.replace(/\s+/g, '');
      for (const measure of RECEIPT_MEASURES)
        expect(flat, `${lang} ${measure}`).toContain(
          figureText(totalFigure(json, measure).saved, null, measure, lang).replace(/\s+/g, ''),
        );
      if (lang === 'fr') {
        expect(flat).toContain('Contributions');
        expect(flat).toContain('Partenaireeau(exemple)');
        expect(flat).toContain(FR_GUARANTEE.replace(/\s+/g, ''));
      } else {
        // Arabic is drawn in the Arabic font (pdfkit cannot map every shaped form back to a letter, hence words).
        expect(flat).toContain('المساهمات');
        expect(flat).toContain('المصادر');
      }
    }
  });

  it('draws at most a few PDFs an hour per stay: each costs real CPU', async () => {
    const h = get();
    const stay = await newStay(h.app, h.handle);
    const other = await newStay(h.app, h.handle);
    const pdf = (of: TestStay) =>
      h.app.inject({ url: `/api/stays/${of.sUUID}/receipt.pdf?lang=fr&uuid=${of.profileUUID}` });
    for (let drawn = 0; drawn < RECEIPT_PDFS_PER_STAY_PER_HOUR; drawn += 1)
      expect((await pdf(stay)).statusCode).toBe(200);
    const limited = await pdf(stay);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_receipts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The cap is the stay's: another stay still gets its receipt.
    expect((await pdf(other)).statusCode).toBe(200);
  });
});

/** The action type of a summary category. */
function typeOf(category: string): string {
  return { cleaning: 'LUNICLEAN', shower: 'LUNISHOWER', heating: 'HEATING', meal: 'LIMEAT' }[category] ?? '';
}

describeEachDialect('stay receipt e-mail', (get) => {
  let smtp: SmtpInbox;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    smtp = await startSmtpInbox();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await smtp.close();
  });

  async function mailApp(h: Harness, smtpUrl: string | undefined = smtp.url) {
    const app = await buildApp({
      db: h.handle.db,
      kind: h.handle.kind,
      frontToken: TEST_FRONT_TOKEN,
      ...(smtpUrl ? { smtpUrl } : {}),
      now: () => h.clock.current ?? new Date(),
    });
    apps.push(app);
    return app;
  }

  const send = (app: FastifyInstance, stay: TestStay, email: string, lang = 'fr') =>
    app.inject({
      method: 'POST',
      url: `/api/stays/${stay.sUUID}/receipt/email`,
      payload: { uuid: stay.profileUUID, email, lang },
    });

  it('sends the JSON figures in plain text and HTML, at most a few an hour per stay', async () => {
    const h = get();
    const stay = await seedStay(h, '2026-05-08');
    const app = await mailApp(h);
    const json = (await receipt(app, stay, 'ar')).json() as StayReceiptReply;
    const before = smtp.mails.length;
    const sent = await send(app, stay, 'guest@example.org', 'ar');
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = smtp.mails.at(-1) as ReceivedMail;
    expect(smtp.mails).toHaveLength(before + 1);
    expect(mail.contentLanguage).toBe('ar');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    for (const measure of RECEIPT_MEASURES) {
      const total = totalFigure(json, measure);
      expect(mail.text).toContain(figureText(total.saved, total.range, measure, 'ar'));
    }
    for (const line of json.lines) expect(mail.text).toContain(line.name);
    expect(mail.text).toContain('المساهمات');
    expect(mail.text).toContain('Partenaire eau (exemple)');
    expect(mail.text).toContain(AR_GUARANTEE);
    expect(mail.html).toContain(AR_GUARANTEE);
    expect(mail.text).not.toMatch(/compens|offset|neutr/i);

    for (let i = 1; i < RECEIPT_EMAILS_PER_STAY_PER_HOUR; i++)
      expect((await send(app, stay, 'guest@example.org')).statusCode).toBe(200);
    const limited = await send(app, stay, 'guest@example.org');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_emails');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a bad address, and answers 503 without a mail server or when it fails', async () => {
    const h = get();
    const stay = await newStay(h.app, h.handle);
    const app = await mailApp(h);
    const bad = await send(app, stay, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    const noMailer = await send(h.app, stay, 'guest@example.org');
    expect(noMailer.statusCode).toBe(503);
    expect(noMailer.json().error).toBe('mail_not_configured');
    smtp.refuse = true;
    try {
      const refused = await send(app, stay, 'guest@example.org');
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toBe('mail_send_failed');
    } finally {
      smtp.refuse = false;
    }
    // The refused send was given back: the whole allowance is still there.
    for (let i = 0; i < RECEIPT_EMAILS_PER_STAY_PER_HOUR; i++)
      expect((await send(app, stay, 'guest@example.org')).statusCode).toBe(200);
  });
});

describe('stay receipt e-mail to a silent mail server', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  describeEachDialect('', (get) => {
    it('answers 503 mail_send_failed, and the server goes on answering', async () => {
      const h = get();
      const { port } = silent.address() as { port: number };
      const app = await buildApp({
        db: h.handle.db,
        kind: h.handle.kind,
        frontToken: TEST_FRONT_TOKEN,
        smtpUrl: `smtp://127.0.0.1:${port}`,
      });
      try {
        const stay = await newStay(app, h.handle);
        const response = await app.inject({
          method: 'POST',
          url: `/api/stays/${stay.sUUID}/receipt/email`,
          payload: { uuid: stay.profileUUID, email: 'guest@example.org', lang: 'en' },
        });
        expect(response.statusCode).toBe(503);
        expect(response.json().error).toBe('mail_send_failed');
        expect((await receipt(app, stay, 'en')).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    }, 30_000);
  });
});
