/**
 * The quiz's solution (docs/behaviour.md#quiz, docs/trust-model.md#caps-and-limits): which answers are correct and
 * the explanation reach a stay in the reply to its answer and in its completed quiz, never before. Every read a guest
 * (or a script with the guest's ids) can make before answering is scanned for them.
 */
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { type Action, ActionsReply, SingleActionReply, SubmissionReply } from '../../contract/schemas.ts';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { listApiRoutes } from '../support/api-routes.ts';
import { actionOfType, actionsOf, newStay, submit, type TestStay } from './actions-support.ts';
import { describeEachDialect, renewContentVersion, TEST_FRONT_TOKEN } from './harness.ts';

const LANGUAGES = ['fr', 'en', 'ar'] as const;
/** An enabled language without translations, and one the hotel lacks: the list is [] (docs/behaviour.md#language-fallback). */
const UNTRANSLATED = ['de', 'es'];

interface QuizKey {
  actId: number;
  correctPositions: number[];
  wrongPosition: number;
  /** The explanation by language, as the hotel's content holds it. */
  explanations: Record<string, string>;
}

/** The sample quiz's solution, read from the database (the API must not tell it). */
async function quizKeyOf(handle: DatabaseHandle, actId: number): Promise<QuizKey> {
  const answers = await handle.db
    .selectFrom('quiz_answers')
    .select(['position', 'is_correct'])
    .where('action_id', '=', actId)
    .orderBy('position')
    .execute();
  const texts = await handle.db
    .selectFrom('action_translations')
    .select(['lang', 'quiz_explanation'])
    .where('action_id', '=', actId)
    .execute();
  const wrong = answers.find((answer) => answer.is_correct !== 1);
  if (!wrong) throw new Error('the sample quiz needs a wrong answer');
  return {
    actId,
    correctPositions: answers.filter((answer) => answer.is_correct === 1).map((answer) => answer.position),
    wrongPosition: wrong.position,
    explanations: Object.fromEntries(texts.map((text) => [text.lang, text.quiz_explanation ?? ''])),
  };
}

/**
 * Where `body` tells which answer is correct: a key about correctness or the explanation with a value (`isCorrect`
 * and `wasCorrect` are the stay's own answer: null before it answered), or an explanation's text anywhere.
 */
function revealsOf(body: unknown, key: QuizKey, path = '$'): string[] {
  if (typeof body === 'string') {
    return Object.values(key.explanations).some((text) => text && body.includes(text)) ? [`${path}: explanation`] : [];
  }
  if (Array.isArray(body)) return body.flatMap((item, index) => revealsOf(item, key, `${path}[${index}]`));
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([name, value]) => [
    ...(/correct|explanation|solution/i.test(name) && value !== null ? [`${path}.${name}`] : []),
    ...revealsOf(value, key, `${path}.${name}`),
  ]);
}

describeEachDialect('the quiz solution', (get) => {
  const headers = { 'x-front-token': TEST_FRONT_TOKEN };

  async function quizOf(stay: TestStay): Promise<QuizKey> {
    return quizKeyOf(get().handle, (await actionOfType(get().app, stay, 'QUIZ')).actId);
  }

  /** Every read a guest can make before answering, by route: the route's pattern, its answers' bodies. */
  async function guestReads(stay: TestStay, quiz: QuizKey): Promise<Map<string, unknown[]>> {
    const { app } = get();
    const reads = new Map<string, unknown[]>();
    const read = async (route: string, request: { url: string; method?: 'POST'; payload?: object }) => {
      const response = await app.inject({ ...request, headers });
      expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(500);
      const isJson = String(response.headers['content-type']).startsWith('application/json');
      reads.set(route, [...(reads.get(route) ?? []), isJson ? response.json() : response.body]);
      return response;
    };
    const ids = `sUUID=${stay.sUUID}&uuid=${stay.profileUUID}`;
    const room: { hId: number; rId: number } = (
      await read('GET /api/rooms/:qrId/info', { url: '/api/rooms/tilleuls-101/info' })
    ).json();
    for (const lang of [...LANGUAGES, ...UNTRANSLATED]) {
      const list = await read('GET /api/stays/:sUUID/actions', {
        url: `/api/stays/${stay.sUUID}/actions?lang=${lang}&uuid=${stay.profileUUID}`,
      });
      expect(Value.Check(ActionsReply, list.json())).toBe(true);
      const single = await read('GET /api/actions/:actId', { url: `/api/actions/${quiz.actId}?lang=${lang}&${ids}` });
      if (single.statusCode === 200) expect(Value.Check(SingleActionReply, single.json())).toBe(true);
      await read('GET /api/stays/:sUUID/rewards', {
        url: `/api/stays/${stay.sUUID}/rewards?lang=${lang}&uuid=${stay.profileUUID}`,
      });
      await read('GET /api/actions/:actId/limeat/menu', {
        url: `/api/actions/${quiz.actId}/limeat/menu?lang=${lang}&${ids}`,
      });
      // The stay creations answer the new stay's actions list (a fresh profile each time: a new stay).
      await read('POST /api/stays/hotel/:hId/new', {
        method: 'POST',
        url: '/api/stays/hotel/1/new',
        payload: { lang },
      });
      await read('POST /api/rooms/:qrId/stays', {
        method: 'POST',
        url: '/api/rooms/tilleuls-101/stays',
        payload: { lang },
      });
      await read('POST /api/stays/new', {
        method: 'POST',
        url: '/api/stays/new',
        payload: { hId: room.hId, rId: room.rId, qrId: 'tilleuls-101', lang },
      });
    }
    await read('GET /api/stays/:sUUID', { url: `/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}` });
    // The receipt names the stay's actions, never their answers' correctness.
    for (const file of ['receipt', 'receipt.pdf'])
      await read(`GET /api/stays/:sUUID/${file}`, {
        url: `/api/stays/${stay.sUUID}/${file}?lang=fr&uuid=${stay.profileUUID}`,
      });
    await read('GET /api/green/hotels/:hId', { url: `/api/green/hotels/1?uuid=${stay.profileUUID}` });
    const rewards = reads.get('GET /api/stays/:sUUID/rewards')?.[0] as { rwId: number }[];
    for (const { rwId } of rewards)
      await read('GET /api/rewards/:rwId/code', { url: `/api/rewards/${rwId}/code?${ids}` });
    return reads;
  }

  it('no read before answering tells which answer is correct, and the reads cover every guest read', async () => {
    const { app, handle } = get();
    const stay = await newStay(app, handle);
    const quiz = await quizOf(stay);
    expect(quiz.correctPositions.length).toBeGreaterThan(0);
    const reads = await guestReads(stay, quiz);
    for (const [route, bodies] of reads) expect(revealsOf(bodies, quiz), route).toEqual([]);
    // The scan is honest: it finds the solution where the API does give it (the reply to the answer).
    const answered = await submit(app, stay, quiz.actId, 'quiz', { selectedPosition: quiz.wrongPosition, lang: 'fr' });
    expect(revealsOf(answered.json(), quiz)).not.toEqual([]);

    // Every guest read (the staff's need a staff session) and every answer that can hold an action was scanned.
    const routes = (await listApiRoutes()).filter(
      (route) =>
        (route.method === 'GET' && !route.url.startsWith('/api/staff/')) ||
        Object.entries(route.response).some(
          ([status, schema]) => status.startsWith('2') && JSON.stringify(schema).includes('"qaPosition"'),
        ),
    );
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([...reads.keys()].sort());
  });

  it('the reply to an answer carries the verdict and the solution, in the guest language; a repeat carries them too', async () => {
    const { app, handle } = get();
    const first = await newStay(app, handle);
    const quiz = await quizOf(first);
    const right = quiz.correctPositions[0];

    const miss = await submit(app, first, quiz.actId, 'quiz', { selectedPosition: quiz.wrongPosition, lang: 'en' });
    expect(miss.statusCode).toBe(200);
    expect(Value.Check(SubmissionReply, miss.json())).toBe(true);
    expect(miss.json()).toMatchObject({
      greenMilesChange: 0,
      isCorrect: false,
      solution: { correctPositions: quiz.correctPositions, explanation: quiz.explanations.en },
    });
    const repeat = await submit(app, first, quiz.actId, 'quiz', { selectedPosition: quiz.wrongPosition, lang: 'ar' });
    expect(repeat.json()).toMatchObject({
      greenMilesChange: 0,
      isCorrect: false,
      solution: { correctPositions: quiz.correctPositions, explanation: quiz.explanations.ar },
    });
    // Another answer is refused, and the refusal tells nothing more.
    const other = await submit(app, first, quiz.actId, 'quiz', { selectedPosition: right, lang: 'fr' });
    expect(other.statusCode).toBe(409);
    expect(revealsOf(other.json(), quiz)).toEqual([]);

    const second = await newStay(app, handle);
    // A language the quiz has no text in: the explanation falls back as hotel texts do (English first).
    const hit = await submit(app, second, quiz.actId, 'quiz', { selectedPosition: right, lang: 'de' });
    expect(hit.json()).toMatchObject({
      isCorrect: true,
      solution: { correctPositions: quiz.correctPositions, explanation: quiz.explanations.en },
    });
    // A refused answer (a position the quiz lacks) reveals nothing either.
    const third = await newStay(app, handle);
    const refused = await submit(app, third, quiz.actId, 'quiz', { selectedPosition: 9 });
    expect(refused.statusCode).toBe(400);
    expect(revealsOf(refused.json(), quiz)).toEqual([]);
  });

  it("a completed quiz holds its solution in the stay's list and action, in each language; other stays' do not", async () => {
    const { app, handle } = get();
    const answered = await newStay(app, handle);
    const waiting = await newStay(app, handle);
    const quiz = await quizOf(answered);
    // Both lists read first, so that the cached lists of both stays exist before the answer.
    await actionsOf(app, answered);
    await actionsOf(app, waiting);
    await submit(app, answered, quiz.actId, 'quiz', { selectedPosition: quiz.wrongPosition, lang: 'fr' });

    for (const lang of LANGUAGES) {
      const listed = (await actionsOf(app, answered, lang)).find((action) => action.actId === quiz.actId);
      const single = await app.inject({
        url: `/api/actions/${quiz.actId}?lang=${lang}&sUUID=${answered.sUUID}&uuid=${answered.profileUUID}`,
        headers,
      });
      for (const action of [listed, single.json() as Action]) {
        expect(action).toMatchObject({
          alreadyCompleted: true,
          selectedPosition: quiz.wrongPosition,
          isCorrect: false,
          quiz: { solution: { correctPositions: quiz.correctPositions, explanation: quiz.explanations[lang] } },
        });
      }
      expect(revealsOf(await actionsOf(app, waiting, lang), quiz), lang).toEqual([]);
    }
  });

  it('a quiz asked every night holds its solution for the night it was answered only', async () => {
    const { app, handle, clock } = get();
    const stay = await newStay(app, handle);
    const quiz = await quizOf(stay);
    await handle.db.updateTable('actions').set({ period: 'NIGHT' }).where('id', '=', quiz.actId).execute();
    const hotel = await handle.db
      .selectFrom('actions')
      .select('hotel_id')
      .where('id', '=', quiz.actId)
      .executeTakeFirstOrThrow();
    await renewContentVersion(handle, hotel.hotel_id);
    const quizIn = async () => (await actionsOf(app, stay)).find((action) => action.actId === quiz.actId);
    const now = Date.now();
    try {
      clock.current = new Date(now);
      expect((await quizIn())?.quiz?.solution).toBeNull();
      await submit(app, stay, quiz.actId, 'quiz', { selectedPosition: quiz.wrongPosition });
      expect((await quizIn())?.quiz?.solution).toMatchObject({ correctPositions: quiz.correctPositions });
      clock.current = new Date(now + 86_400_000);
      const tomorrow = await quizIn();
      expect(tomorrow?.alreadyCompleted).toBe(false);
      expect(revealsOf(tomorrow, quiz)).toEqual([]);
    } finally {
      clock.current = null;
      await handle.db.updateTable('actions').set({ period: 'STAY' }).where('id', '=', quiz.actId).execute();
      await renewContentVersion(handle, hotel.hotel_id);
    }
  });
});
