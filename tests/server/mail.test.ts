/**
 * Reward e-mails delivered through nodemailer to a real SMTP server listening on loopback
 * (smtp-server), parsed with postal-mime and checked: recipient, subject, text, HTML, code, language.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import {
  EMAILS_PER_HOTEL_PER_HOUR,
  EMAILS_PER_RECIPIENT_PER_DAY,
  EMAILS_PER_STAY_PER_HOUR,
  MAIL_RETRY_AFTER_SECONDS,
} from '../../server/domain/reward-emails.ts';
import { composeRewardMail, impactMonths, mailLanguage, waterVolume } from '../../server/mail/reward-mail.ts';
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import {
  describeEachDialect,
  type Harness,
  newHotelStay,
  rewardIdOf,
  stayIdOf,
  stayWith,
  TEST_FRONT_TOKEN,
  writableCounts,
} from './harness.ts';

let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpInbox();
});
afterAll(() => smtp.close());

describe('reward e-mail composition', () => {
  it('reads the water volume from the name, else rwWaterVolume, else 50; months = max(1, round(v / 10))', () => {
    expect(waterVolume('Donate 120 litres of water', 50)).toBe(120);
    expect(waterVolume("Don de 30 litres d'eau", null)).toBe(30);
    expect(waterVolume('التبرّع بالماء', 70)).toBe(70);
    expect(waterVolume('Water', null)).toBe(50);
    expect(impactMonths(50)).toBe(5);
    expect(impactMonths(4)).toBe(1);
  });

  it('picks fr, en or ar, falling back to English', () => {
    expect(mailLanguage('fr')).toBe('fr');
    expect(mailLanguage('ar-MA')).toBe('ar');
    expect(mailLanguage('de')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
  });

  it('escapes content in the HTML body', () => {
    const mail = composeRewardMail({
      lang: 'en',
      hotelName: 'A & B <Hotel>',
      codePrefix: 'AB',
      rewardName: '<script>x</script>',
      description: 'd "q"',
      rwType: 'CODE',
      code: 'ABC',
      validUntil: null,
      rwWaterVolume: null,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('AB-ABC');
    expect(mail.html).toContain('A &amp; B &lt;Hotel&gt;');
    expect(mail.text).toContain('AB-ABC');
  });
});

describeEachDialect('reward e-mail', (get) => {
  const extraApps: Array<{ close: () => Promise<unknown> }> = [];
  afterAll(async () => {
    for (const app of extraApps) await app.close();
  });

  async function mailApp(smtpUrl = smtp.url, now?: () => Date) {
    const h = get();
    const app = await buildApp({
      db: h.handle.db,
      kind: h.handle.kind,
      frontToken: TEST_FRONT_TOKEN,
      smtpUrl,
      mailFrom: 'GreenMiles Test <rewards@greenmiles.test>',
      ...(now ? { now } : {}),
    });
    extraApps.push(app);
    return app;
  }

  async function claimed(h: Harness, key: string, hotelId = 1) {
    const id = await rewardIdOf(h.handle, hotelId, key);
    const stay = await stayWith(h, 100, hotelId);
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/rewards/${id}/claim`,
      payload: { uuid: stay.profileUUID, sUUID: stay.sUUID },
    });
    expect(response.statusCode).toBe(200);
    return { id, ...stay, code: response.json().code as string | null };
  }

  /** Asks `app` to e-mail the claimed reward `c` to `email`, in `lang` when given. */
  function emailReward(
    app: Harness['app'],
    c: { id: number; sUUID: string; profileUUID: string },
    email: string,
    lang?: string,
  ) {
    const payload = { sUUID: c.sUUID, uuid: c.profileUUID, email, ...(lang === undefined ? {} : { lang }) };
    return app.inject({ method: 'POST', url: `/api/rewards/${c.id}/email`, payload });
  }

  it('sends a claimed CODE reward in English: recipient, subject, text and HTML with the prefixed code', async () => {
    const h = get();
    const app = await mailApp();
    const c = await claimed(h, 'coffee-code');
    const before = smtp.mails.length;
    const response = await emailReward(app, c, 'guest@example.org', 'en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: 'OK' });
    expect(smtp.mails).toHaveLength(before + 1);
    const mail = smtp.mails.at(-1) as ReceivedMail;
    expect(mail.envelopeTo).toEqual(['guest@example.org']);
    expect(mail.to).toEqual(['guest@example.org']);
    expect(mail.from).toBe('rewards@greenmiles.test');
    expect(mail.contentLanguage).toBe('en');
    expect(mail.subject).toBe('Your GreenMiles reward: A free coffee at the bar (Hôtel Les Tilleuls)');
    expect(c.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(mail.text).toContain(`TIL-${c.code}`);
    expect(mail.text).toContain('A free coffee at the bar');
    expect(mail.text).toContain('Valid until December 31, 2027.');
    expect(mail.html).toContain(`TIL-${c.code}`);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });

  it('writes French by default (the hotel primary language) and Arabic right to left; EAU gives litres and months', async () => {
    const h = get();
    const app = await mailApp();
    const c = await claimed(h, 'water-donation');
    const fr = await emailReward(app, c, 'eau@example.org');
    expect(fr.statusCode, fr.body).toBe(200);
    const french = smtp.mails.at(-1) as ReceivedMail;
    expect(french.subject).toMatch(/^Votre récompense GreenMiles : /);
    expect(french.text).toContain("50 litres d'eau potable, soit 5 mois");
    const ar = await emailReward(app, c, 'eau@example.org', 'ar');
    expect(ar.statusCode).toBe(200);
    const arabic = smtp.mails.at(-1) as ReceivedMail;
    expect(arabic.subject).toMatch(/^مكافأتك من GreenMiles/);
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toContain('dir="rtl"');
    expect(arabic.text).toContain('50 لترًا');
    expect(arabic.contentLanguage).toBe('ar');
  });

  it('refuses an invalid address (400), an unclaimed reward (409), a foreign uuid or another hotel (404)', async () => {
    const h = get();
    const app = await mailApp();
    const c = await claimed(h, 'local-gift');
    const slider = await rewardIdOf(h.handle, 1, 'late-checkout');
    const demo = await rewardIdOf(h.handle, 2, 'local-gift');
    const other = await newHotelStay(h.app);
    const before = smtp.mails.length;
    const counts = await writableCounts(h.handle);
    const post = (id: number, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/rewards/${id}/email`, payload });
    for (const email of ['not-an-address', 'a@', '@b.org', 'a b@c.org', '']) {
      const bad = await post(c.id, { sUUID: c.sUUID, uuid: c.profileUUID, email });
      expect(bad.statusCode, email).toBe(400);
      expect(bad.json().error).toBe('bad_request');
    }
    expect((await post(c.id, { sUUID: c.sUUID, uuid: c.profileUUID })).statusCode).toBe(400);
    expect(
      (await post(c.id, { sUUID: c.sUUID, uuid: c.profileUUID, email: 'g@example.org', lang: 7 })).statusCode,
    ).toBe(400);
    const unclaimed = await post(slider, { sUUID: c.sUUID, uuid: c.profileUUID, email: 'g@example.org' });
    expect(unclaimed.statusCode).toBe(409);
    expect(unclaimed.json().error).toBe('not_claimed');
    expect((await post(c.id, { sUUID: c.sUUID, uuid: other.profileUUID, email: 'g@example.org' })).statusCode).toBe(
      404,
    );
    expect((await post(demo, { sUUID: c.sUUID, uuid: c.profileUUID, email: 'g@example.org' })).statusCode).toBe(404);
    expect(smtp.mails).toHaveLength(before);
    expect(await writableCounts(h.handle)).toEqual(counts);
  });

  it(`allows ${EMAILS_PER_STAY_PER_HOUR} e-mails per stay per hour, counted in the database across server processes (429)`, async () => {
    const h = get();
    const clock = { current: new Date() };
    const first = await mailApp(undefined, () => clock.current);
    const second = await mailApp(undefined, () => clock.current);
    const c = await claimed(h, 'local-gift');
    // Each to its own address: the per-recipient cap is another test's.
    let sent = 0;
    const send = (app: typeof first) => emailReward(app, c, `limit-${sent++}@example.org`, 'en');
    for (let i = 0; i < EMAILS_PER_STAY_PER_HOUR; i++) {
      expect((await send(i % 2 === 0 ? first : second)).statusCode).toBe(200);
    }
    const before = smtp.mails.length;
    for (const app of [first, second]) {
      const limited = await send(app);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toBe('too_many_emails');
    }
    expect(smtp.mails).toHaveLength(before);
    // Another stay has its own allowance.
    const d = await claimed(h, 'local-gift');
    const otherStay = await emailReward(first, d, 'limit@example.org');
    expect(otherStay.statusCode).toBe(200);
    // An hour later the stay may send again.
    clock.current = new Date(clock.current.getTime() + 61 * 60 * 1000);
    expect((await send(second)).statusCode).toBe(200);
  });

  it(`the mail flood: 36 requests from 12 stays send at most ${EMAILS_PER_RECIPIENT_PER_DAY} e-mails a day to one stranger's address`, async () => {
    const h = get();
    // A day and hour of their own, so the other tests' e-mails do not count.
    const clock = { current: new Date('2027-03-02T09:10:00Z') };
    const app = await mailApp(undefined, () => clock.current);
    const stays = [];
    for (let i = 0; i < 12; i++) stays.push(await claimed(h, 'local-gift'));
    const delivered = () => smtp.mails.filter((mail) => mail.envelopeTo.includes('stranger@example.org')).length;
    const before = delivered();
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const stay of stays) {
        // The address written another way is the same address.
        const email = round === 1 ? 'Stranger@Example.org' : 'stranger@example.org';
        const response = await emailReward(app, stay, email);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().error).toBe('too_many_emails');
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(EMAILS_PER_RECIPIENT_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(36 - EMAILS_PER_RECIPIENT_PER_DAY);
    expect(delivered() - before).toBeLessThanOrEqual(EMAILS_PER_RECIPIENT_PER_DAY);
    // Nobody else is blocked: another address still gets its reward; the next day the stranger's allowance is back.
    expect(
      (await emailReward(app, stays[0] as (typeof stays)[number], 'guest-of-the-day@example.org')).statusCode,
    ).toBe(200);
    clock.current = new Date('2027-03-03T09:10:00Z');
    expect((await emailReward(app, stays[1] as (typeof stays)[number], 'stranger@example.org')).statusCode).toBe(200);
  });

  it(`sends at most ${EMAILS_PER_HOTEL_PER_HOUR} reward e-mails an hour from one hotel, whatever the addresses`, async () => {
    const h = get();
    const clock = { current: new Date('2027-04-05T10:00:00Z') };
    const app = await mailApp(undefined, () => clock.current);
    const stays = [];
    for (let i = 0; i < Math.ceil(EMAILS_PER_HOTEL_PER_HOUR / EMAILS_PER_STAY_PER_HOUR); i++)
      stays.push(await claimed(h, 'local-gift'));
    for (let i = 0; i < EMAILS_PER_HOTEL_PER_HOUR; i++) {
      const stay = stays[Math.floor(i / EMAILS_PER_STAY_PER_HOUR)] as (typeof stays)[number];
      expect((await emailReward(app, stay, `hourly-${i}@example.org`)).statusCode).toBe(200);
    }
    const fresh = await claimed(h, 'local-gift');
    const refused = await emailReward(app, fresh, 'one-more@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('too_many_emails');
    // The other hotel has its own hour.
    expect((await emailReward(app, await claimed(h, 'local-gift', 2), 'one-more@example.org')).statusCode).toBe(200);
    clock.current = new Date('2027-04-05T11:00:00Z');
    expect((await emailReward(app, fresh, 'one-more@example.org')).statusCode).toBe(200);
  });

  it('tells the app through the hotel reply whether e-mail is on (issue 15: offer only what works)', async () => {
    const withMail = await mailApp();
    expect((await withMail.inject({ url: '/api/green/hotels/1' })).json().emailEnabled).toBe(true);
    expect((await get().app.inject({ url: '/api/green/hotels/1' })).json().emailEnabled).toBe(false);
  });

  it('answers 503 mail_not_configured without SMTP_URL', async () => {
    const h = get();
    const c = await claimed(h, 'local-gift');
    const response = await emailReward(h.app, c, 'guest@example.org');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: 'mail_not_configured' });
    // Format validation holds on this app too.
    const invalid = await emailReward(h.app, c, 'nope');
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 503 mail_send_failed with Retry-After when the SMTP server cannot be reached, and does not count it', async () => {
    const h = get();
    const closed = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const app = await mailApp(`smtp://127.0.0.1:${deadPort}?connectionTimeout=2000`);
    const c = await claimed(h, 'local-gift');
    const response = await emailReward(app, c, 'guest@example.org');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(MAIL_RETRY_AFTER_SECONDS));
    expect(response.json().error).toBe('mail_send_failed');
    const stayId = await stayIdOf(h.handle, c.sUUID);
    const rows = await h.handle.db.selectFrom('reward_emails').select('id').where('stay_id', '=', stayId).execute();
    expect(rows).toHaveLength(0);
  });
});
