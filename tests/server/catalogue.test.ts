import { readFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ACTION_TYPES } from '../../contract/action-types.ts';
import { ActionsReply, type Reward, RewardsReply } from '../../contract/schemas.ts';
import { importContent, parseContent } from '../../server/content/import.ts';
import { SAMPLE_HOTEL_FILES } from '../../server/content/seed.ts';
import { currentNightId } from '../../server/domain/hotel-time.ts';
import { describeEachDialect, newHotelStay, stayIdOf } from './harness.ts';

describeEachDialect('actions and rewards lists', (get) => {
  describe('GET /api/stays/:sUUID/actions', () => {
    it.each(['fr', 'en', 'ar'])('lists every action type in %s, sorted, matching the contract', async (lang) => {
      const { app } = get();
      const { sUUID, profileUUID } = await newHotelStay(app);
      const response = await app.inject({ url: `/api/stays/${sUUID}/actions?lang=${lang}&uuid=${profileUUID}` });
      expect(response.statusCode).toBe(200);
      const actions = response.json();
      expect(Value.Check(ActionsReply, actions)).toBe(true);
      expect(new Set(actions.map((a: { actType: string }) => a.actType))).toEqual(new Set(ACTION_TYPES));
      expect(actions.every((a: { alreadyCompleted: boolean }) => !a.alreadyCompleted)).toBe(true);
      expect(actions.map((a: { actId: number }) => a.actId)).toEqual(
        [...actions.map((a: { actId: number }) => a.actId)].sort((x, y) => x - y),
      );
      const custom = actions.find((a: { actType: string }) => a.actType === 'CUSTOM');
      expect(custom.options.map((o: { position: number }) => o.position)).toEqual([1, 2, 3]);
      const quiz = actions.find((a: { actType: string }) => a.actType === 'QUIZ');
      expect(quiz.quiz.answers.map((q: { qaPosition: number }) => q.qaPosition)).toEqual([1, 2, 3]);
      // Not answered yet: the solution is not sent (tests/server/quiz-solution.test.ts).
      expect(quiz.quiz.solution).toBeNull();
      expect(
        actions.some(
          (a: { actType: string; actPositiveResponse: string }) =>
            a.actType === 'YESNO' && a.actPositiveResponse === 'YES',
        ),
      ).toBe(true);
      expect(actions[0].currentNightId).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (lang === 'ar') expect(actions[0].aadName).toMatch(/[\u0600-\u06FF]/);
    });

    it('answers [] for an enabled language without translations (de) and for a language the hotel lacks', async () => {
      const { app } = get();
      const { sUUID, profileUUID } = await newHotelStay(app);
      for (const lang of ['de', 'es', 'zh-Hant']) {
        const response = await app.inject({ url: `/api/stays/${sUUID}/actions?lang=${lang}&uuid=${profileUUID}` });
        expect(response.statusCode, lang).toBe(200);
        expect(response.json(), lang).toEqual([]);
      }
    });

    it('answers 404 to another profile and 400 to a malformed language', async () => {
      const { app } = get();
      const { sUUID, profileUUID } = await newHotelStay(app);
      expect(
        (await app.inject({ url: `/api/stays/${sUUID}/actions?lang=fr&uuid=${crypto.randomUUID()}` })).statusCode,
      ).toBe(404);
      expect((await app.inject({ url: `/api/stays/${sUUID}/actions?lang=f%3Cr&uuid=${profileUUID}` })).statusCode).toBe(
        400,
      );
      expect((await app.inject({ url: `/api/stays/${sUUID}/actions?uuid=${profileUUID}` })).statusCode).toBe(400);
    });

    it('shows a completion: per night for NIGHT actions, once per stay for the others', async () => {
      const h = get();
      const { app, handle } = h;
      const { sUUID, profileUUID } = await newHotelStay(app);
      const stayId = await stayIdOf(h.handle, sUUID);
      const list = async () =>
        (await app.inject({ url: `/api/stays/${sUUID}/actions?lang=en&uuid=${profileUUID}` })).json() as Array<
          Record<string, unknown>
        >;
      const before = await list();
      const night = before.find((a) => a.actType === 'LUNICLEAN');
      const custom = before.find((a) => a.actType === 'CUSTOM');
      const quiz = before.find((a) => a.actType === 'QUIZ');
      if (!night || !custom || !quiz) throw new Error('seed actions missing');
      const tonight = currentNightId(new Date(), 'Europe/Paris');
      const stamp = new Date().toISOString();
      const completion = { stay_id: stayId, created_at: stamp, updated_at: stamp };
      const customOptions = custom.options as Array<{ caoId: number; caodLabel: string }>;
      await handle.db
        .insertInto('action_completions')
        .values([
          { ...completion, action_id: night.actId as number, night_id: '2000-01-01', response: 'SKIP', points: 20 },
          {
            ...completion,
            action_id: custom.actId as number,
            night_id: 'STAY',
            option_id: customOptions[1]?.caoId ?? null,
            points: 10,
          },
          {
            ...completion,
            action_id: quiz.actId as number,
            night_id: 'STAY',
            selected_position: 2,
            is_correct: 1,
            points: 15,
          },
        ])
        .execute();
      await handle.db
        .insertInto('ledger_entries')
        .values({
          stay_id: stayId,
          amount: 10,
          reason: 'action',
          action_id: custom.actId as number,
          idempotency_key: `c-${sUUID}`,
          created_at: stamp,
        })
        .execute();
      let after = await list();
      expect(after.find((a) => a.actId === night.actId)?.alreadyCompleted).toBe(false);
      expect(after.find((a) => a.actId === custom.actId)).toMatchObject({
        alreadyCompleted: true,
        selectedOption: { caodLabel: customOptions[1]?.caodLabel },
        earnedGreenMiles: 10,
      });
      expect(after.find((a) => a.actId === quiz.actId)).toMatchObject({
        alreadyCompleted: true,
        selectedPosition: 2,
        isCorrect: true,
      });
      await handle.db
        .insertInto('action_completions')
        .values({ ...completion, action_id: night.actId as number, night_id: tonight, response: 'SKIP', points: 20 })
        .execute();
      after = await list();
      expect(after.find((a) => a.actId === night.actId)).toMatchObject({ alreadyCompleted: true, response: 'SKIP' });
    });
  });

  describe('GET /api/stays/:sUUID/rewards', () => {
    it('lists one reward of each type, sorted by rwPosition (missing last), with this stay’s claims only', async () => {
      const h = get();
      const { app, handle } = h;
      const mine = await newHotelStay(app);
      const other = await newHotelStay(app);
      const response = await app.inject({ url: `/api/stays/${mine.sUUID}/rewards?lang=fr&uuid=${mine.profileUUID}` });
      expect(response.statusCode).toBe(200);
      const rewards = response.json();
      expect(Value.Check(RewardsReply, rewards)).toBe(true);
      expect(rewards.map((r: { rwType: string }) => r.rwType).sort()).toEqual(['CODE', 'EAU', 'GENERIC', 'SLIDER']);
      expect(rewards.map((r: { rwPosition: number | null }) => r.rwPosition)).toEqual([1, 2, 3, null]);
      const water = rewards.find((r: { rwType: string }) => r.rwType === 'EAU');
      expect(water.radName).toContain('50 litres');
      const code = rewards.find((r: { rwType: string }) => r.rwType === 'CODE');
      const otherId = await stayIdOf(h.handle, other.sUUID);
      await handle.db
        .insertInto('reward_claims')
        .values({ stay_id: otherId, reward_id: code.rwId, code: 'XYZ', claimed_at: new Date().toISOString() })
        .execute();
      const mineAfter = (
        await app.inject({ url: `/api/stays/${mine.sUUID}/rewards?lang=fr&uuid=${mine.profileUUID}` })
      ).json();
      expect(mineAfter.find((r: { rwId: number }) => r.rwId === code.rwId)).toMatchObject({ isClaimed: 0, code: null });
      const theirs = (
        await app.inject({ url: `/api/stays/${other.sUUID}/rewards?lang=fr&uuid=${other.profileUUID}` })
      ).json();
      expect(theirs.find((r: { rwId: number }) => r.rwId === code.rwId)).toMatchObject({
        isClaimed: 1,
        isUsed: 0,
        code: 'XYZ',
      });
    });

    it('lists every reward in French with textLanguage fr', async () => {
      const { app } = get();
      const { sUUID, profileUUID } = await newHotelStay(app);
      const rewards = (await app.inject({ url: `/api/stays/${sUUID}/rewards?lang=fr&uuid=${profileUUID}` })).json();
      expect(rewards.map((r: Reward) => r.textLanguage)).toEqual(['fr', 'fr', 'fr', 'fr']);
    });

    it('falls back to English for a language without reward texts (Les Tilleuls’ de), claimed rewards included', async () => {
      const { app, handle } = get();
      const { sUUID, profileUUID } = await newHotelStay(app);
      const inFrench = (await app.inject({ url: `/api/stays/${sUUID}/rewards?lang=fr&uuid=${profileUUID}` })).json();
      const claimed = inFrench[0] as Reward;
      await handle.db
        .insertInto('reward_claims')
        .values({
          stay_id: await stayIdOf(get().handle, sUUID),
          reward_id: claimed.rwId,
          code: 'DE1',
          claimed_at: '2026-06-01',
        })
        .execute();
      const response = await app.inject({ url: `/api/stays/${sUUID}/rewards?lang=de&uuid=${profileUUID}` });
      expect(response.statusCode).toBe(200);
      const inGerman = response.json();
      expect(Value.Check(RewardsReply, inGerman)).toBe(true);
      expect(inGerman.map((r: Reward) => r.rwId)).toEqual(inFrench.map((r: Reward) => r.rwId));
      expect(inGerman.map((r: Reward) => r.textLanguage)).toEqual(['en', 'en', 'en', 'en']);
      expect(inGerman[0]).toMatchObject({ rwId: claimed.rwId, isClaimed: 1, code: 'DE1', radName: expect.any(String) });
      expect(inGerman[0].radName).not.toBe(claimed.radName);
    });

    it('picks the language per reward: chosen, en, fr, the hotel’s primary, then any text it has', async () => {
      const { app, handle } = get();
      const demo = parse(readFileSync(SAMPLE_HOTEL_FILES[1] as string, 'utf8'));
      // Italian is the primary language here: a reward in Arabic and Italian shows in Italian before Arabic.
      for (const language of demo.languages) language.isPrimary = false;
      demo.languages.push({ code: 'it', name: 'Italiano', enabled: true, isPrimary: true, position: 9 });
      const [arAndIt, frAndAr, enAndAr, arOnly] = demo.rewards;
      arAndIt.texts = { ar: arAndIt.texts.ar, it: arAndIt.texts.fr };
      frAndAr.texts = { fr: frAndAr.texts.fr, ar: frAndAr.texts.ar };
      enAndAr.texts = { en: enAndAr.texts.en, ar: enAndAr.texts.ar };
      arOnly.texts = { ar: arOnly.texts.ar };
      await importContent(handle.db, parseContent(stringify(demo)));
      const { sUUID, profileUUID } = await newHotelStay(app, 2);
      const languagesIn = async (lang: string) => {
        const rewards = (
          await app.inject({ url: `/api/stays/${sUUID}/rewards?lang=${lang}&uuid=${profileUUID}` })
        ).json();
        const languageById = new Map<number, string>(rewards.map((r: Reward) => [r.rwId, r.textLanguage]));
        const ids = await handle.db
          .selectFrom('rewards')
          .select(['id', 'key'])
          .where('hotel_id', '=', 2)
          .where('active', '=', 1)
          .execute();
        return Object.fromEntries(ids.map(({ id, key }) => [key, languageById.get(id)]));
      };
      const expected = (languages: string[]) =>
        Object.fromEntries(demo.rewards.map((r: { key: string }, i: number) => [r.key, languages[i]]));
      expect(await languagesIn('fr')).toEqual(expected(['it', 'fr', 'en', 'ar']));
      expect(await languagesIn('en')).toEqual(expected(['it', 'fr', 'en', 'ar']));
      expect(await languagesIn('ar')).toEqual(expected(['ar', 'ar', 'ar', 'ar']));
      expect(await languagesIn('de')).toEqual(expected(['it', 'fr', 'en', 'ar']));
    });

    it('answers 404 to another profile', async () => {
      const { app } = get();
      const { sUUID } = await newHotelStay(app);
      expect(
        (await app.inject({ url: `/api/stays/${sUUID}/rewards?lang=fr&uuid=${crypto.randomUUID()}` })).statusCode,
      ).toBe(404);
    });
  });

  describe('sample content', () => {
    it('lets a guest earn every reward, and at least twice the cheapest, without photo or QR code, in each hotel', async () => {
      const { app } = get();
      for (const hotelId of [1, 2]) {
        const { sUUID, profileUUID } = await newHotelStay(app, hotelId);
        const actions = (await app.inject({ url: `/api/stays/${sUUID}/actions?lang=fr&uuid=${profileUUID}` })).json();
        const rewards = (await app.inject({ url: `/api/stays/${sUUID}/rewards?lang=fr&uuid=${profileUUID}` })).json();
        const earnable = actions
          .filter((a: { actType: string }) => a.actType !== 'LIMEAT' && a.actType !== 'PROOF')
          .reduce((sum: number, a: { actReward: number }) => sum + a.actReward, 0);
        const costs = rewards.map((r: { rwCost: number }) => r.rwCost);
        expect(earnable, `hotel ${hotelId}`).toBeGreaterThanOrEqual(2 * Math.min(...costs));
        expect(earnable, `hotel ${hotelId}`).toBeGreaterThanOrEqual(
          costs.reduce((sum: number, c: number) => sum + c, 0),
        );
      }
    });
  });
});
