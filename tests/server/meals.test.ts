/**
 * The meal photo (docs/behaviour.md#meal-photo, docs/meal-scoring.md): the factor arithmetic and the score rules
 * with the worked examples of the docs, the photo checks, both analysers (the hotel menu, and a vision model
 * spoken to over HTTP by a local server of the OpenAI protocol) and the points, on SQLite and PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { encode } from 'jpeg-js';
import type { Kysely } from 'kysely';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOOD_FACTORS, FOOD_KEYS, impactOf } from '../../contract/meal-foods.ts';
import { LimeatReply, MealMenuReply } from '../../contract/schemas.ts';
import { buildApp } from '../../server/app.ts';
import { parseContent } from '../../server/content/import.ts';
import { SAMPLE_HOTEL_FILES, seedSampleHotels } from '../../server/content/seed.ts';
import { ContentError } from '../../server/content/validate.ts';
import type { Database } from '../../server/db/schema.ts';
import { ANALYSIS_RETRY_AFTER_SECONDS } from '../../server/domain/meals/analysers.ts';
import { matchFood } from '../../server/domain/meals/factors.ts';
import { analysisOf, environmentalScore, mealPoints } from '../../server/domain/meals/scoring.ts';
import { actionOfType, expectConsistentBalance, newStay, submissionCounts, type TestStay } from './actions-support.ts';
import { createTestDatabase, DIALECTS, describeEachDialect, TEST_FRONT_TOKEN, type TestDatabase } from './harness.ts';

/** A real JPEG of the given size (grey noise, so its size is honest). */
function jpeg(width: number, height: number, quality = 50): string {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 1) data[i] = (i * 37) % 251;
  return encode({ width, height, data }, quality).data.toString('base64');
}

function postPhoto(app: FastifyInstance, stay: TestStay, actId: number, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `/api/actions/${actId}/limeat`,
    payload: { uuid: stay.profileUUID, sUUID: stay.sUUID, endDate: null, ...body },
  });
}

/** The submission slots a stay has used in its rate limit's windows (docs/behaviour.md#rate-limits). */
async function submissionSlotsUsed(db: Kysely<Database>, stay: TestStay): Promise<number> {
  const rows = await db
    .selectFrom('cap_counters')
    .select('used')
    .where('cap', '=', 'submissions')
    .where('subject', '=', `stay:${stay.id}`)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.used), 0);
}

function getMenu(app: FastifyInstance, stay: TestStay, actId: number, lang = 'en') {
  return app.inject({
    url: `/api/actions/${actId}/limeat/menu?sUUID=${stay.sUUID}&uuid=${stay.profileUUID}&lang=${lang}`,
  });
}

describe('meal scoring (docs/meal-scoring.md worked examples)', () => {
  it('every factor row names its source and has positive figures', () => {
    for (const key of FOOD_KEYS) {
      const row = FOOD_FACTORS[key];
      expect(row.source, key).toMatch(/Poore & Nemecek 2018/);
      expect(row.ghgKgPerKg).toBeGreaterThan(0);
      expect(row.waterLitresPerKg).toBeGreaterThan(0);
      expect(row.energyMjPerKg).toBeGreaterThan(0);
    }
    expect(FOOD_FACTORS.beef.ghgKgPerKg).toBe(99.48);
    expect(FOOD_FACTORS.potatoes.ghgKgPerKg).toBeCloseTo(0.46);
  });

  it('docs/meal-scoring.md lists every row of the factor table with its figures', () => {
    const text = readFileSync(new URL('../../docs/meal-scoring.md', import.meta.url), 'utf8');
    const rows = new Map(
      [
        ...text.matchAll(
          /^\| `(\w+)` \| [^|]+ \| [^|]+ \| (raw|dry|asSold) \| ([\d.]+) \| ([\d.]+)–([\d.]+) \| (\d+) \| (\d+) \| (yes|no) \|$/gm,
        ),
      ].map((match) => [
        match[1],
        [
          match[2],
          Number(match[3]),
          { low: Number(match[4]), high: Number(match[5]) },
          Number(match[6]),
          Number(match[7]),
          match[8] === 'yes',
        ],
      ]),
    );
    expect(
      new Map(
        FOOD_KEYS.map((key) => {
          const row = FOOD_FACTORS[key];
          return [
            key,
            [row.basis, row.ghgKgPerKg, row.ghgRangeKgPerKg, row.waterLitresPerKg, row.energyMjPerKg, row.vegetarian],
          ];
        }),
      ),
    ).toEqual(rows);
  });

  it('lentil curry (dry lentils and rice): 499 g CO2e, 198.8 L, 400 Wh, score 10, vegetarian, 20 of 20 points', () => {
    const curry = [
      { food: 'pulses', grams: 60 },
      { food: 'rice', grams: 45 },
      { food: 'tomatoes', grams: 80 },
      { food: 'onions', grams: 40 },
      { food: 'nuts', grams: 10 },
    ] as const;
    expect(impactOf(curry)).toEqual({ waterLitres: 198.8, energyWh: 400, ghgGrams: 499 });
    const analysis = analysisOf(curry, 'en');
    expect(analysis.scores.environmental).toBe(10);
    expect(analysis.environmentalAnalysis.isVegetarian).toBe(true);
    expect(analysis.ingredients[0]).toEqual({ name: 'Tomatoes', quantity: 80 });
    expect(mealPoints(10, 20)).toBe(20);
  });

  it('garden salad with egg: 671 g CO2e, 137.8 L, score 8.9, 18 of 20 points', () => {
    const salad = [
      { food: 'vegetables', grams: 150 },
      { food: 'tomatoes', grams: 80 },
      { food: 'eggs', grams: 60 },
      { food: 'wheat', grams: 40 },
      { food: 'oliveOil', grams: 15 },
    ] as const;
    expect(impactOf(salad)).toMatchObject({ waterLitres: 137.8, ghgGrams: 671 });
    expect(analysisOf(salad, 'en').scores.environmental).toBe(8.9);
    expect(mealPoints(8.9, 20)).toBe(18);
  });

  it('beef bourguignon: 18046 g CO2e, 275.9 L, 3175 Wh, score 0, not vegetarian, 0 points', () => {
    const beef = [
      { food: 'beef', grams: 180 },
      { food: 'rootVegetables', grams: 80 },
      { food: 'onions', grams: 40 },
      { food: 'potatoes', grams: 150 },
      { food: 'vegetables', grams: 30 },
    ] as const;
    expect(impactOf(beef)).toEqual({ waterLitres: 275.9, energyWh: 3175, ghgGrams: 18046 });
    const analysis = analysisOf(beef, 'fr');
    expect(analysis.scores.environmental).toBe(0);
    expect(analysis.environmentalAnalysis.isVegetarian).toBe(false);
    expect(analysis.ingredients.map((i) => i.name)).toEqual([
      'Bœuf',
      'Pommes de terre',
      'Légumes racines',
      'Oignons et poireaux',
      'Autres légumes',
    ]);
  });

  it('the score: 10 up to 0.5 kg, −2.5 per doubling, 0 from 8 kg, 0 for an empty plate', () => {
    expect(environmentalScore(500, 1)).toBe(10);
    expect(environmentalScore(1000, 1)).toBe(7.5);
    expect(environmentalScore(2000, 1)).toBe(5);
    expect(environmentalScore(4000, 1)).toBe(2.5);
    expect(environmentalScore(8000, 1)).toBe(0);
    expect(environmentalScore(0, 0)).toBe(0);
    expect(analysisOf([], 'ar').environmentalAnalysis.isVegetarian).toBe(false);
  });

  it("a content file's menu is checked: foods of the factor table, unique keys, declared languages", () => {
    const sample = readFileSync(SAMPLE_HOTEL_FILES[0] ?? '', 'utf8');
    expect(parseContent(sample).menu?.length).toBe(7);
    const broken = sample
      .replace('{ food: beef, grams: 180 }', '{ food: wagyu, grams: 180 }')
      .replace('key: roast-chicken', 'key: beef-bourguignon')
      .replace('names: { fr: Poulet rôti', 'names: { es: Pollo, fr: Poulet rôti');
    expect(() => parseContent(broken)).toThrow(ContentError);
    try {
      parseContent(broken);
    } catch (error) {
      const problems = (error as ContentError).problems.join('\n');
      expect(problems).toMatch(
        /menu\[0\]\.ingredients\[0\]\.food: "wagyu" is not a food of the factor table; allowed: beef, /,
      );
      expect(problems).toMatch(/menu\[1\]\.key: key appears twice/);
      expect(problems).toMatch(/menu\[1\]\.names\.es: language es is not declared/);
    }
    const withoutMenu = sample.slice(0, sample.indexOf('\nmenu:'));
    expect(() => parseContent(withoutMenu)).toThrow(/a LIMEAT action needs a menu/);
  });

  it('an English name finds its row: names, synonyms, words inside a longer name', () => {
    expect(matchFood('Beef')).toBe('beef');
    expect(matchFood('grilled chicken breast')).toBe('poultry');
    expect(matchFood('goat cheese')).toBe('cheese');
    expect(matchFood('Carrots')).toBe('rootVegetables');
    expect(matchFood('French fries')).toBe('potatoes');
    expect(matchFood('plate')).toBeNull();
  });
});

describeEachDialect('meal photo, hotel menu analyser', (get) => {
  it('the menu lists the sample dishes in the guest language, with their vegetarian flag', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle);
    const meal = await actionOfType(app, stay, 'LIMEAT');
    const response = await getMenu(app, stay, meal.actId, 'ar');
    expect(response.statusCode).toBe(200);
    const menu = response.json() as MealMenuReply;
    expect(Value.Check(MealMenuReply, menu)).toBe(true);
    expect(menu.analyser).toBe('menu');
    expect(menu.dishes.length).toBeGreaterThanOrEqual(6);
    expect(menu.dishes[0]).toEqual({ key: 'beef-bourguignon', name: 'لحم بقر بورغينيون', vegetarian: false });
    expect(menu.dishes.find((dish) => dish.key === 'lentil-curry')?.vegetarian).toBe(true);
  });

  it('the picked dish is the analysis; points follow the score, the best meal of the night, at most actReward', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle);
    const meal = await actionOfType(app, stay, 'LIMEAT');
    expect(meal.actReward).toBe(20);
    const photo = jpeg(320, 320);

    const salad = await postPhoto(app, stay, meal.actId, { photoData: photo, dishKey: 'garden-salad', lang: 'en' });
    expect(salad.statusCode).toBe(200);
    const reply = salad.json() as LimeatReply;
    expect(Value.Check(LimeatReply, reply)).toBe(true);
    expect(reply.greenMilesAdded).toBe(18);
    expect(reply.limeatAnalysis.scores.environmental).toBe(8.9);
    expect(reply.limeatAnalysis.environmentalAnalysis.impact.GESEmissions).toEqual({ value: 671, unity: 'gCO2' });
    expect(await expectConsistentBalance(app, handle, stay)).toBe(18);

    // A weaker meal the same night takes nothing back and adds nothing.
    const beef = await postPhoto(app, stay, meal.actId, { photoData: photo, dishKey: 'beef-bourguignon' });
    expect(beef.json()).toMatchObject({ greenMilesAdded: 0, limeatAnalysis: { scores: { environmental: 0 } } });
    // A better one adds the difference: 20 (score 10) − 18.
    const fruit = await postPhoto(app, stay, meal.actId, { photoData: photo, dishKey: 'fruit-salad' });
    expect(fruit.json().greenMilesAdded).toBe(2);
    const again = await postPhoto(app, stay, meal.actId, { photoData: photo, dishKey: 'fruit-salad' });
    expect(again.json().greenMilesAdded).toBe(0);
    expect(await expectConsistentBalance(app, handle, stay)).toBe(20);

    const listed = await actionOfType(app, stay, 'LIMEAT');
    expect(listed.alreadyCompleted).toBe(true);
    expect(listed.earnedGreenMiles).toBe(20);
  });

  it('refuses a missing or unknown dish, another type of action and a foreign stay, writing nothing', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle);
    const other = await newStay(app, handle);
    const meal = await actionOfType(app, stay, 'LIMEAT');
    const yesNo = await actionOfType(app, stay, 'YESNO');
    const photo = jpeg(64, 64);
    const before = await submissionCounts(handle);

    const noDish = await postPhoto(app, stay, meal.actId, { photoData: photo });
    expect([noDish.statusCode, noDish.json().error]).toEqual([400, 'dish_required']);
    const unknown = await postPhoto(app, stay, meal.actId, { photoData: photo, dishKey: 'caviar' });
    expect([unknown.statusCode, unknown.json().error]).toEqual([400, 'unknown_dish']);
    const wrongType = await postPhoto(app, stay, yesNo.actId, { photoData: photo, dishKey: 'fruit-salad' });
    expect([wrongType.statusCode, wrongType.json().error]).toEqual([400, 'wrong_action_type']);
    const foreign = await postPhoto(app, { ...other, profileUUID: stay.profileUUID }, meal.actId, {
      photoData: photo,
      dishKey: 'fruit-salad',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await getMenu(app, { ...other, profileUUID: stay.profileUUID }, meal.actId)).statusCode).toBe(404);
    expect(await submissionCounts(handle)).toEqual(before);
    // A dish refused before any analysis uses none of the stay's submission slots either.
    expect(await submissionSlotsUsed(handle.db, stay)).toBe(0);
  });

  it('checks the photo: non-JPEG and forged → 415, too many pixels or bytes → 413, nothing written', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle);
    const meal = await actionOfType(app, stay, 'LIMEAT');
    const before = await submissionCounts(handle);
    const refused = async (photoData: string, status: number, error: string) => {
      const response = await postPhoto(app, stay, meal.actId, { photoData, dishKey: 'fruit-salad' });
      expect([response.statusCode, response.json().error], photoData.slice(0, 20)).toEqual([status, error]);
      expect(response.json().message).toMatch(/photo|body/i);
    };
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    await refused(png.toString('base64'), 415, 'photo_not_jpeg');
    // JPEG magic bytes followed by something that is no JPEG.
    await refused(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]).toString('base64'),
      415,
      'photo_not_jpeg',
    );
    await refused('not base64 at all!', 415, 'photo_not_jpeg');
    await refused(jpeg(641, 64), 413, 'photo_too_large');
    await refused(jpeg(64, 961), 413, 'photo_too_large');
    // Within the dimensions but over 512 KiB once decoded (padded after its end marker).
    const small = Buffer.from(jpeg(64, 64), 'base64');
    await refused(Buffer.concat([small, Buffer.alloc(600 * 1024, 0x20)]).toString('base64'), 413, 'photo_too_large');
    // Over the route's body limit: refused by the HTTP layer.
    const huge = await postPhoto(app, stay, meal.actId, { photoData: 'A'.repeat(1100 * 1024), dishKey: 'fruit-salad' });
    expect([huge.statusCode, huge.json().error]).toEqual([413, 'payload_too_large']);
    expect(await submissionCounts(handle)).toEqual(before);
  });
});

/** A local server speaking the OpenAI chat-completions protocol; each test sets how it answers. */
interface VisionServer {
  url: string;
  requests: Array<{ path: string; authorization: string | undefined; body: Record<string, unknown> }>;
  answer: (request: IncomingMessage) => Promise<{ status: number; body: unknown }>;
  close: () => Promise<void>;
}

async function startVisionServer(): Promise<VisionServer> {
  const vision: VisionServer = {
    url: '',
    requests: [],
    answer: async () => ({ status: 500, body: {} }),
    close: async () => undefined,
  };
  const server: Server = createServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    vision.requests.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body: JSON.parse(text),
    });
    const { status, body } = await vision.answer(request);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vision.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  vision.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return vision;
}

const completion = (content: string) => ({
  status: 200,
  body: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content } }],
  },
});

describe.each(DIALECTS)('meal photo, vision analyser [%s]', (dialect) => {
  let database: TestDatabase;
  let vision: VisionServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedSampleHotels(database.handle.db);
    vision = await startVisionServer();
    app = await buildApp({
      db: database.handle.db,
      kind: database.handle.kind,
      frontToken: TEST_FRONT_TOKEN,
      mealVision: { url: vision.url, model: 'test-vision', key: 'secret-key', timeoutMs: 400 },
    });
  });
  afterAll(async () => {
    await app.close();
    await vision.close();
    await database.drop();
  });

  it('sends the photo as a data URL and scores the ingredients it answers (category, or the name alone)', async () => {
    const stay = await newStay(app, database.handle);
    const meal = await actionOfType(app, stay, 'LIMEAT');
    const menu = (await getMenu(app, stay, meal.actId)).json() as MealMenuReply;
    expect(menu).toEqual({ analyser: 'vision', dishes: [] });

    vision.answer = async () =>
      completion(
        '```json\n{"ingredients": [{"name": "lentils", "grams": 150, "category": "pulses"}, {"name": "basmati rice", "grams": 120}, {"name": "tomato sauce", "grams": 80, "category": "unknown"}, {"name": "a spoon", "grams": 5}, {"name": "onion", "grams": -3}]}\n```',
      );
    const photo = jpeg(200, 200);
    const response = await postPhoto(app, stay, meal.actId, { photoData: photo, lang: 'fr' });
    expect(response.statusCode).toBe(200);
    const reply = response.json() as LimeatReply;
    expect(reply.limeatAnalysis.ingredients).toEqual([
      { name: 'Légumineuses', quantity: 150 },
      { name: 'Riz', quantity: 120 },
      { name: 'Tomates', quantity: 80 },
    ]);
    expect(reply.limeatAnalysis.environmentalAnalysis.isVegetarian).toBe(true);
    expect(reply.greenMilesAdded).toBe(mealPoints(reply.limeatAnalysis.scores.environmental, 20));
    expect(reply.greenMilesAdded).toBeGreaterThan(0);

    const sent = vision.requests.at(-1);
    if (!sent) throw new Error('the vision server was not called');
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer secret-key');
    expect(sent.body.model).toBe('test-vision');
    const content = (sent.body.messages as Array<{ content: unknown }>)[1]?.content as Array<{
      type: string;
      image_url?: { url: string };
    }>;
    expect(content.find((part) => part.type === 'image_url')?.image_url?.url).toBe(`data:image/jpeg;base64,${photo}`);
  });

  it('an empty list from the model is "no food": nothing found, nothing credited', async () => {
    const stay = await newStay(app, database.handle);
    const meal = await actionOfType(app, stay, 'LIMEAT');
    const before = await submissionCounts(database.handle);
    vision.answer = async () => completion('{"ingredients": []}');
    const response = await postPhoto(app, stay, meal.actId, { photoData: jpeg(64, 64) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      greenMilesAdded: 0,
      limeatAnalysis: { scores: { environmental: 0 }, ingredients: [] },
    });
    expect(await submissionCounts(database.handle)).toEqual(before);
  });

  it('a failing model (bad answers, HTTP errors, a time-out) is 503 analysis_unavailable with Retry-After, never "no food"', async () => {
    const stay = await newStay(app, database.handle);
    const meal = await actionOfType(app, stay, 'LIMEAT');
    const before = await submissionCounts(database.handle);
    const answers: Array<VisionServer['answer']> = [
      async () => completion('I think this is a salad.'),
      async () => completion('{"dishes": []}'),
      async () => ({ status: 200, body: { choices: [] } }),
      async () => ({ status: 503, body: { error: { message: 'overloaded' } } }),
      async () => ({ status: 401, body: { error: { message: 'bad key' } } }),
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return completion('{"ingredients": [{"name": "beef", "grams": 200}]}');
      },
    ];
    for (const answer of answers) {
      vision.answer = answer;
      const response = await postPhoto(app, stay, meal.actId, { photoData: jpeg(64, 64) });
      expect([response.statusCode, response.json().error]).toEqual([503, 'analysis_unavailable']);
      expect(response.headers['retry-after']).toBe(String(ANALYSIS_RETRY_AFTER_SECONDS));
    }
    expect(await submissionCounts(database.handle)).toEqual(before);
  });

  it("a failed analysis gives its submission slot back, once: only analyses served count against the stay's limit", async () => {
    // One minute throughout, and 3 submissions a minute for a stay.
    const minute = new Date('2026-06-02T10:00:10Z');
    const limited = await buildApp({
      db: database.handle.db,
      kind: database.handle.kind,
      frontToken: TEST_FRONT_TOKEN,
      mealVision: { url: vision.url, model: 'test-vision', key: null, timeoutMs: 400 },
      rateLimits: { submissionsPerStay: 3 },
      now: () => minute,
    });
    try {
      const stay = await newStay(limited, database.handle);
      const meal = await actionOfType(limited, stay, 'LIMEAT');
      const send = () => postPhoto(limited, stay, meal.actId, { photoData: jpeg(64, 64) });

      // Three failures at once: each takes a slot before its analysis and gives that one back.
      vision.answer = async () => ({ status: 503, body: { error: { message: 'overloaded' } } });
      const failed = await Promise.all([send(), send(), send()]);
      expect(failed.map((response) => response.json().error)).toEqual(Array(3).fill('analysis_unavailable'));
      expect(await submissionSlotsUsed(database.handle.db, stay)).toBe(0);

      // The guest still has all three slots of the minute, and not one more.
      vision.answer = async () => completion('{"ingredients": [{"name": "lentils", "grams": 150}]}');
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await send()).statusCode).toBe(200);
      expect(await submissionSlotsUsed(database.handle.db, stay)).toBe(3);
      const refused = await send();
      expect([refused.statusCode, refused.json().error]).toEqual([429, 'submission_rate_limited']);
      // A failure once the slots are spent is refused before the analysis: nothing to give back, nothing given.
      vision.answer = async () => ({ status: 503, body: {} });
      expect((await send()).statusCode).toBe(429);
      expect(await submissionSlotsUsed(database.handle.db, stay)).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it('an unreachable model (nothing listens on its port) is 503 analysis_unavailable too', async () => {
    const gone = await startVisionServer();
    await gone.close();
    const unreachable = await buildApp({
      db: database.handle.db,
      kind: database.handle.kind,
      frontToken: TEST_FRONT_TOKEN,
      mealVision: { url: gone.url, model: 'test-vision', key: null, timeoutMs: 400 },
    });
    try {
      const stay = await newStay(unreachable, database.handle);
      const meal = await actionOfType(unreachable, stay, 'LIMEAT');
      const before = await submissionCounts(database.handle);
      const response = await postPhoto(unreachable, stay, meal.actId, { photoData: jpeg(64, 64) });
      expect([response.statusCode, response.json().error]).toEqual([503, 'analysis_unavailable']);
      expect(response.headers['retry-after']).toBe(String(ANALYSIS_RETRY_AFTER_SECONDS));
      expect(await submissionCounts(database.handle)).toEqual(before);
    } finally {
      await unreachable.close();
    }
  });
});
