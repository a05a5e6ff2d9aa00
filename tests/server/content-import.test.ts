import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { importContent, parseContent } from '../../server/content/import.ts';
import { verifyPin } from '../../server/content/pin.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { ContentError } from '../../server/content/validate.ts';
import { describeEachDialect, newHotelStay } from './harness.ts';

const tilleulsPath = SAMPLE_HOTEL_FILES[0] as string;
const tilleulsText = readFileSync(tilleulsPath, 'utf8');

function problemsOf(text: string): string[] {
  try {
    parseContent(text, 'test.yaml');
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error('expected a ContentError');
}

describe('hotel content validation', () => {
  it('accepts both sample files', () => {
    for (const file of SAMPLE_HOTEL_FILES) expect(() => parseContent(readFileSync(file, 'utf8'), file)).not.toThrow();
  });

  it('names the bad field', () => {
    const doc = parse(tilleulsText);
    doc.actions[2].type = 'SHOWERING';
    doc.actions[4].reward = -3;
    delete doc.hotel.timeZone;
    doc.rewards[0].texts.fr.surprise = 'x';
    const problems = problemsOf(stringify(doc));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^actions\[2\]\.type: must be one of/),
        expect.stringMatching(/^actions\[4\]\.reward: /),
        expect.stringMatching(/^hotel: missing required field\(s\) "timeZone"/),
        expect.stringMatching(/^rewards\[0\]\.texts\.fr: unknown field\(s\) "surprise"/),
      ]),
    );
  });

  it('checks the rules a schema cannot say', () => {
    const doc = parse(tilleulsText);
    doc.hotel.timeZone = 'Mars/Olympus';
    doc.languages[1].isPrimary = true;
    doc.actions[1].key = doc.actions[0].key;
    const quiz = doc.actions.find((a: { type: string }) => a.type === 'QUIZ');
    delete quiz.quiz.answers[1].texts.ar;
    quiz.quiz.answers[1].correct = false;
    doc.actions[0].texts.it = { name: 'x', description: 'y' };
    const problems = problemsOf(stringify(doc));
    expect(problems).toEqual(
      expect.arrayContaining([
        'hotel.timeZone: unknown time zone "Mars/Olympus"',
        'languages: exactly one language must have isPrimary: true (found 2)',
        `actions: key ${doc.actions[0].key} appears twice`,
        expect.stringMatching(/^actions\[\d+\]\.quiz\.answers\[1\]\.texts: missing the ar text/),
        expect.stringMatching(/^actions\[\d+\]\.quiz\.answers: at least one answer must have correct: true/),
        'actions[0].texts.it: language it is not declared in languages',
      ]),
    );
  });

  it('refuses a checkoutTime that is not a 24-hour HH:MM', () => {
    for (const checkoutTime of ['12h', '24:00', '9:30', 12]) {
      const doc = parse(tilleulsText);
      doc.hotel.checkoutTime = checkoutTime;
      expect(problemsOf(stringify(doc))).toEqual([expect.stringMatching(/^hotel\.checkoutTime: /)]);
    }
  });

  it('reports a YAML syntax error with its line', () => {
    expect(problemsOf('hotel:\n  id: 1\n  name: [unclosed\n')[0]).toMatch(/^line \d+, column \d+: /);
  });
});

describeEachDialect('hotel content import', (get) => {
  it('round-trips the sample hotel: hotel, languages, rooms, actions, rewards', async () => {
    const { handle } = get();
    const hotel = await handle.db.selectFrom('hotels').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(hotel).toMatchObject({
      name: 'Hôtel Les Tilleuls',
      is_demo: 0,
      time_zone: 'Europe/Paris',
      checkout_time: '12:00',
      green_miles_name: 'GreenMiles',
    });
    expect(hotel.staff_pin_hash).not.toContain('7319');
    expect(verifyPin('7319', hotel.staff_pin_hash)).toBe(true);
    expect(verifyPin('0000', hotel.staff_pin_hash)).toBe(false);
    const rooms = await handle.db
      .selectFrom('rooms')
      .select(['qr_id', 'number'])
      .where('hotel_id', '=', 1)
      .orderBy('qr_id')
      .execute();
    expect(rooms).toEqual([
      { qr_id: 'tilleuls-101', number: '101' },
      { qr_id: 'tilleuls-102', number: '102' },
      { qr_id: 'tilleuls-201', number: '201' },
    ]);
    const counts = await handle.db
      .selectFrom('action_translations')
      .innerJoin('actions', 'actions.id', 'action_translations.action_id')
      .select(['lang', (eb) => eb.fn.countAll<number>().as('n')])
      .where('actions.hotel_id', '=', 1)
      .groupBy('lang')
      .orderBy('lang')
      .execute();
    expect(counts.map((c) => [c.lang, Number(c.n)])).toEqual([
      ['ar', 12],
      ['en', 12],
      ['fr', 12],
    ]);
  });

  it('re-imports a hotel: content replaced, stays and points kept, ids stable', async () => {
    const { app, handle } = get();
    const { sUUID, profileUUID } = await newHotelStay(app);
    const stay = await handle.db.selectFrom('stays').select('id').where('s_uuid', '=', sUUID).executeTakeFirstOrThrow();
    const before = (await app.inject({ url: `/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}` })).json();
    const first = before[0];
    await handle.db
      .insertInto('ledger_entries')
      .values({
        stay_id: stay.id,
        amount: 40,
        reason: 'test',
        action_id: first.actId,
        idempotency_key: `reimport-${sUUID}`,
        created_at: new Date().toISOString(),
      })
      .execute();

    const doc = parse(tilleulsText);
    doc.hotel.name = 'Hôtel Les Tilleuls (rénové)';
    doc.actions[0].texts.fr.name = 'Ménage ? Non merci';
    const removed = doc.actions.pop();
    doc.rooms.push({ number: '301', qrId: 'tilleuls-301' });
    await importContent(handle.db, parseContent(stringify(doc)));

    const stayAfter = (await app.inject({ url: `/api/stays/${sUUID}?uuid=${profileUUID}` })).json().stay;
    expect(stayAfter).toMatchObject({ sUUID, greenMiles: 40, hotelName: 'Hôtel Les Tilleuls (rénové)' });
    const after = (await app.inject({ url: `/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}` })).json();
    expect(after).toHaveLength(before.length - 1);
    expect(after[0]).toMatchObject({ actId: first.actId, aadName: 'Ménage ? Non merci', earnedGreenMiles: 40 });
    expect(after.map((a: { aadName: string }) => a.aadName)).not.toContain(removed.texts.fr.name);
    expect((await app.inject({ url: '/api/rooms/tilleuls-301/info' })).json().hId).toBe(1);

    // Put the original content back for the other tests of this suite.
    await importContent(handle.db, parseContent(tilleulsText));
    const restored = (await app.inject({ url: `/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}` })).json();
    expect(restored.map((a: { actId: number }) => a.actId)).toEqual(before.map((a: { actId: number }) => a.actId));
    expect((await app.inject({ url: '/api/rooms/tilleuls-301/info' })).json()).toEqual({ hId: null, rId: null });
  });

  it('refuses a QR id that belongs to another hotel, changing nothing', async () => {
    const { handle } = get();
    const doc = parse(tilleulsText);
    doc.rooms.push({ number: '999', qrId: 'demo-101' });
    await expect(importContent(handle.db, parseContent(stringify(doc)))).rejects.toThrow(
      /demo-101 already belongs to hotel 2/,
    );
    const room = await handle.db
      .selectFrom('rooms')
      .selectAll()
      .where('qr_id', '=', 'demo-101')
      .executeTakeFirstOrThrow();
    expect(room.hotel_id).toBe(2);
  });
});
