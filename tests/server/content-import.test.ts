import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ACTION_TYPES } from '../../contract/action-types.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { verifyPin } from '../../server/content/pin.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { ContentError } from '../../server/content/validate.ts';
import { actionOfType, newStay, submit } from './actions-support.ts';
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

  it('names the bad field, its action or reward key and its line, and shows the bad value', () => {
    const doc = parse(tilleulsText);
    doc.actions[2].type = 'SHOWERING';
    doc.actions[4].reward = -3;
    delete doc.hotel.timeZone;
    doc.rewards[0].texts.fr.surprise = 'x';
    const text = stringify(doc);
    const lineOf = (needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;
    const problems = problemsOf(text);
    const [action2, action4, reward0] = [doc.actions[2].key, doc.actions[4].key, doc.rewards[0].key];
    expect(problems).toEqual(
      expect.arrayContaining([
        `line ${lineOf('type: SHOWERING')}: actions[2].type (action "${action2}"): "SHOWERING" is not an action type; allowed: ${ACTION_TYPES.join(', ')}`,
        `line ${lineOf('reward: -3')}: actions[4].reward (action "${action4}"): must be >= 0 (got -3)`,
        `line ${lineOf('hotel:')}: hotel: missing required field(s) "timeZone"`,
        expect.stringMatching(
          new RegExp(
            `^line \\d+: rewards\\[0\\]\\.texts\\.fr \\(reward "${reward0}"\\): unknown field\\(s\\) "surprise"$`,
          ),
        ),
      ]),
    );
  });

  it('lists every reward type of the contract for a wrong one', () => {
    const doc = parse(tilleulsText);
    doc.rewards[1].type = 'VOUCHER';
    expect(problemsOf(stringify(doc))).toEqual([
      expect.stringMatching(
        /rewards\[1\]\.type \(reward "[a-z-]+"\): "VOUCHER" is not a reward type; allowed: CODE, EAU, SLIDER, GENERIC$/,
      ),
    ]);
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
        expect.stringMatching(/^line \d+: hotel\.timeZone: unknown time zone "Mars\/Olympus"$/),
        expect.stringMatching(/^line \d+: languages: exactly one language must have isPrimary: true \(found 2\)$/),
        expect.stringMatching(
          new RegExp(`^line \\d+: actions\\[1\\]\\.key \\(action "${doc.actions[0].key}"\\): key appears twice$`),
        ),
        expect.stringMatching(/actions\[\d+\]\.quiz\.answers\[1\]\.texts \(action "[a-z-]+"\): missing the ar text/),
        expect.stringMatching(
          /actions\[\d+\]\.quiz\.answers \(action "[a-z-]+"\): at least one answer must have correct: true/,
        ),
        expect.stringMatching(
          /^line \d+: actions\[0\]\.texts\.it \(action "[a-z-]+"\): language it is not declared in languages$/,
        ),
      ]),
    );
  });

  it('refuses a room QR id that is an address of the app (a page or a probe)', () => {
    const doc = parse(tilleulsText);
    doc.rooms.push({ number: '301', qrId: 'metrics' });
    doc.unassignedQrIds = ['staff'];
    const problems = problemsOf(stringify(doc));
    expect(problems).toEqual([
      expect.stringMatching(/rooms\[3\]\.qrId: QR id metrics is an address of the app/),
      expect.stringMatching(/unassignedQrIds\[0\]: QR id staff is an address of the app/),
    ]);
  });

  it('refuses a checkoutTime that is not a 24-hour HH:MM', () => {
    for (const checkoutTime of ['12h', '24:00', '9:30', 12]) {
      const doc = parse(tilleulsText);
      doc.hotel.checkoutTime = checkoutTime;
      expect(problemsOf(stringify(doc))).toEqual([
        expect.stringMatching(
          new RegExp(`^line \\d+: hotel\\.checkoutTime: .*\\(got ${JSON.stringify(checkoutTime)}\\)$`),
        ),
      ]);
    }
  });

  it('refuses a reportHour that is not a 24-hour HH:MM', () => {
    for (const reportHour of ['7h', '24:00', '7:00']) {
      const doc = parse(tilleulsText);
      doc.hotel.reportHour = reportHour;
      expect(problemsOf(stringify(doc))).toEqual([
        expect.stringMatching(new RegExp(`^line \\d+: hotel\\.reportHour: .*\\(got ${JSON.stringify(reportHour)}\\)$`)),
      ]);
    }
  });

  it("refuses a reward's validUntil outside the API's dates or not a real day, accepts the window's edges", () => {
    const withValidUntil = (validUntil: string) => {
      const doc = parse(tilleulsText);
      const reward = doc.rewards.find((r: { validUntil?: string }) => r.validUntil !== undefined);
      reward.validUntil = validUntil;
      return stringify(doc);
    };
    for (const validUntil of ['9999-12-31', '1999-12-31', '2027-02-30'])
      expect(problemsOf(withValidUntil(validUntil)), validUntil).toEqual([expect.stringMatching(/validUntil/)]);
    for (const validUntil of ['2000-01-01', '2100-12-31'])
      expect(() => parseContent(withValidUntil(validUntil), 'test.yaml'), validUntil).not.toThrow();
  });

  it('reports a YAML syntax error with its line', () => {
    expect(problemsOf('hotel:\n  id: 1\n  name: [unclosed\n')[0]).toMatch(/^line \d+, column \d+: /);
  });
});

describe('npm run hotel:check', () => {
  const check = (...files: string[]) =>
    spawnSync(process.execPath, ['server/cli.ts', 'hotel:check', ...files], { encoding: 'utf8' });
  const badFile = join(mkdtempSync(join(tmpdir(), 'greenmiles-content-')), 'bad-hotel.yaml');
  const doc = parse(tilleulsText);
  doc.actions[2].type = 'SHOWERING';
  writeFileSync(badFile, stringify(doc));

  it('is an npm script running the CLI with the project Node', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(scripts['hotel:check']).toBe('node server/cli.ts hotel:check');
  });

  it('says each valid file is valid and exits 0', () => {
    const result = check(...SAMPLE_HOTEL_FILES);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${tilleulsPath}: valid (hotel 1, 12 actions, 4 rewards)`);
  });

  it('names the file, the line, the action key and the bad value, lists every type, without a stack trace', () => {
    const result = check(tilleulsPath, badFile);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`${tilleulsPath}: valid`);
    expect(result.stderr).toContain(`${badFile}: invalid hotel content file`);
    expect(result.stderr).toMatch(
      new RegExp(
        `line \\d+: actions\\[2\\]\\.type \\(action "${doc.actions[2].key}"\\): "SHOWERING" is not an action type`,
      ),
    );
    expect(result.stderr).toContain(`allowed: ${ACTION_TYPES.join(', ')}`);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('prints each warning (a generic claim, a legal requirement as a merit) with its line and still exits 0', () => {
    const claims = parse(tilleulsText);
    claims.actions[0].texts.fr.name = 'Un séjour ÉCO-RESPONSABLE';
    claims.rewards[0].texts.en.description = 'We sort our waste, of course.';
    const claimsFile = join(mkdtempSync(join(tmpdir(), 'greenmiles-content-')), 'claims-hotel.yaml');
    writeFileSync(claimsFile, stringify(claims));
    const result = check(claimsFile);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${claimsFile}: valid`);
    expect(result.stderr).toMatch(
      new RegExp(
        `${claimsFile}: line \\d+: actions\\[0\\]\\.texts\\.fr\\.name \\(action "skip-cleaning"\\): warning: the fr text makes a generic environmental claim \\("éco-responsable"\\)`,
      ),
    );
    expect(result.stderr).toMatch(
      new RegExp(
        `${claimsFile}: line \\d+: rewards\\[0\\]\\.texts\\.en\\.description \\(reward "[a-z-]+"\\): warning: the en text presents a measure the law requires as a merit \\("we sort our waste"\\)`,
      ),
    );
  });

  it('reports a missing file in one line', () => {
    const result = check('no-such-hotel.yaml');
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('no-such-hotel.yaml: no such file');
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
      report_hour: '07:00',
      green_miles_name: 'GreenMiles',
    });
    const staff = await handle.db
      .selectFrom('staff_accounts')
      .select(['name', 'role', 'pin_hash', 'enabled'])
      .where('hotel_id', '=', 1)
      .orderBy('id')
      .execute();
    expect(staff.map(({ name, role, enabled }) => ({ name, role, enabled }))).toEqual([
      { name: 'Claire', role: 'manager', enabled: 1 },
      { name: 'Hugo', role: 'frontDesk', enabled: 1 },
      { name: 'Inès', role: 'housekeeping', enabled: 1 },
    ]);
    const [manager] = staff;
    if (!manager) throw new Error('the sample hotel has a manager');
    expect(manager.pin_hash).not.toContain('731946');
    expect(await verifyPin('731946', manager.pin_hash)).toBe(true);
    expect(await verifyPin('0000', manager.pin_hash)).toBe(false);
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

  it('answers the QR ids it generated, once: the rooms, hotel key and proof codes to print', async () => {
    const { handle } = get();
    const doc = parse(tilleulsText);
    doc.hotel.id = 71;
    doc.hotel.qrKey = undefined;
    doc.rooms = [{ number: '101' }, { number: '102', qrId: 'hotel-71-102' }];
    doc.unassignedQrIds = [];
    for (const action of doc.actions) if (action.type === 'PROOF') action.proofQrIds = undefined;
    const file = parseContent(stringify(doc));
    const first = await importContent(handle.db, file);
    const stored = await handle.db
      .selectFrom('rooms')
      .select(['number', 'qr_id'])
      .where('hotel_id', '=', 71)
      .orderBy('number')
      .execute();
    const hotel = await handle.db.selectFrom('hotels').select('qr_key').where('id', '=', 71).executeTakeFirstOrThrow();
    const proofs = await handle.db
      .selectFrom('proof_codes')
      .innerJoin('actions', 'actions.id', 'proof_codes.action_id')
      .select(['actions.id as actionId', 'proof_codes.qr_id'])
      .where('actions.hotel_id', '=', 71)
      .execute();
    expect(proofs.length).toBeGreaterThan(0);
    expect(first.generated).toEqual({
      hotelKey: hotel.qr_key,
      rooms: [{ number: '101', qrId: stored[0]?.qr_id }],
      proofs: proofs.map((proof) => ({
        actionId: proof.actionId,
        actionKey: expect.any(String),
        qrIds: [proof.qr_id],
      })),
    });
    expect(stored[1]?.qr_id).toBe('hotel-71-102');
    // A re-import keeps the printed codes: nothing new to print.
    expect((await importContent(handle.db, file)).generated).toEqual({ hotelKey: null, rooms: [], proofs: [] });
  });

  it('scores a submission by the rules of the content version the stay reads, renewed by a re-import', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle);
    const towels = await actionOfType(app, stay, 'YESNO');
    // A no earns nothing, and loads the hotel's rules at the current version.
    expect((await submit(app, stay, towels.actId, 'yesno', { response: false })).json().greenMilesChange).toBe(0);

    const doc = parse(tilleulsText);
    const reuseTowels = doc.actions.find((action: { key: string }) => action.key === 'reuse-towels');
    expect(reuseTowels.reward).toBe(15);
    reuseTowels.reward = 25;
    await importContent(handle.db, parseContent(stringify(doc)));
    expect((await submit(app, stay, towels.actId, 'yesno', { response: true })).json().greenMilesChange).toBe(25);

    await importContent(handle.db, parseContent(tilleulsText));
  });

  it('answers a quiz with the explanation of the content version the stay reads, renewed by a re-import', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle);
    const quiz = await actionOfType(app, stay, 'QUIZ');
    const answer = () => submit(app, stay, quiz.actId, 'quiz', { selectedPosition: 2, lang: 'en' });
    const doc = parse(tilleulsText);
    const quizTexts = doc.actions.find((action: { key: string }) => action.key === 'shower-quiz').quiz.texts;
    // The first answer loads the hotel's rules (the explanations with them) at the current version.
    expect((await answer()).json().solution).toEqual({ correctPositions: [2], explanation: quizTexts.en.explanation });

    quizTexts.en.explanation = 'A five-minute shower uses about 60 litres.';
    await importContent(handle.db, parseContent(stringify(doc)));
    // The repeated answer (nothing moves) explains with the new text.
    const repeated = (await answer()).json();
    expect(repeated.greenMilesChange).toBe(0);
    expect(repeated.solution).toEqual({
      correctPositions: [2],
      explanation: 'A five-minute shower uses about 60 litres.',
    });

    await importContent(handle.db, parseContent(tilleulsText));
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
