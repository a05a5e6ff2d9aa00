import { Value } from 'typebox/value';
import { afterEach, describe, expect, it } from 'vitest';
import { SUBMISSION_PATHS } from '../../contract/action-types.ts';
import { SingleActionReply, SubmissionReply } from '../../contract/schemas.ts';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { submissionKey } from '../../server/domain/completions.ts';
import { addDays, currentNightId, localDate } from '../../server/domain/hotel-time.ts';
import { appendEntry } from '../../server/domain/ledger.ts';
import { answersOfDay } from '../../server/domain/submissions.ts';
import {
  actionOfType,
  actionsOf,
  expectConsistentBalance,
  expectRefusedWithoutWrites,
  ledgerRows,
  newStay,
  submissionCounts,
  submit,
} from './actions-support.ts';
import { describeEachDialect, renewContentVersion, TEST_FRONT_TOKEN, terminateAsStaff } from './harness.ts';

const PARIS = 'Europe/Paris';

/** Makes `code` the hotel's primary language, as an import of its content would. */
async function setPrimaryLanguage(handle: DatabaseHandle, hotelId: number, code: string) {
  await handle.db.updateTable('hotel_languages').set({ is_primary: 0 }).where('hotel_id', '=', hotelId).execute();
  await handle.db
    .updateTable('hotel_languages')
    .set({ is_primary: 1 })
    .where('hotel_id', '=', hotelId)
    .where('code', '=', code)
    .execute();
  await renewContentVersion(handle, hotelId);
}
/** 14:00 in Paris on a fixed day, far from the 04:00 night rollover and the 11:00 wording switch. */
const NOON = new Date('2026-06-10T12:00:00Z');

describeEachDialect('action submissions', (get) => {
  afterEach(() => {
    get().clock.current = null;
  });

  describe('yes/no types', () => {
    it('yesno: yes credits actReward once, a repeat is a no-op, yes→no removes it, no→yes credits again', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'YESNO');
      expect(action.actPositiveResponse).toBe('YES');

      const first = await submit(app, stay, action.actId, 'yesno', { response: true });
      expect(first.statusCode).toBe(200);
      expect(Value.Check(SubmissionReply, first.json())).toBe(true);
      expect(first.json()).toEqual({
        message: 'Merci pour votre réponse positive!',
        greenMilesChange: action.actReward,
        greenMiles: action.actReward,
      });
      const repeat = await submit(app, stay, action.actId, 'yesno', { response: true });
      expect(repeat.json()).toMatchObject({ greenMilesChange: 0, greenMiles: action.actReward });
      let listed = (await actionsOf(app, stay)).find((a) => a.actId === action.actId);
      expect(listed).toMatchObject({ alreadyCompleted: true, response: 'YES', earnedGreenMiles: action.actReward });

      const no = await submit(app, stay, action.actId, 'yesno', { response: false });
      expect(no.json()).toMatchObject({
        message: 'Merci pour votre réponse !',
        greenMilesChange: -action.actReward,
        greenMiles: 0,
      });
      listed = (await actionsOf(app, stay)).find((a) => a.actId === action.actId);
      expect(listed).toMatchObject({ alreadyCompleted: true, response: 'NO', earnedGreenMiles: 0 });
      expect((await submit(app, stay, action.actId, 'yesno', { response: false })).json().greenMilesChange).toBe(0);

      const yes = await submit(app, stay, action.actId, 'yesno', { response: true });
      expect(yes.json()).toMatchObject({ greenMilesChange: action.actReward, greenMiles: action.actReward });
      expect(await ledgerRows(handle, stay.id)).toEqual([
        expect.objectContaining({
          amount: action.actReward,
          reason: 'action',
          idempotency_key: submissionKey(stay.id, action.actId, 'STAY', 1),
        }),
        expect.objectContaining({
          amount: -action.actReward,
          reason: 'action_change',
          idempotency_key: submissionKey(stay.id, action.actId, 'STAY', 2),
        }),
        expect.objectContaining({
          amount: action.actReward,
          reason: 'action_change',
          idempotency_key: submissionKey(stay.id, action.actId, 'STAY', 3),
        }),
      ]);
      expect(await expectConsistentBalance(app, handle, stay)).toBe(action.actReward);
    });

    it('yesno: when actPositiveResponse is NO, only NO earns', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle, 2);
      const action = await actionOfType(app, stay, 'YESNO');
      await handle.db.updateTable('actions').set({ positive_response: 'NO' }).where('id', '=', action.actId).execute();
      await renewContentVersion(handle, 2);
      try {
        const yes = await submit(app, stay, action.actId, 'yesno', { response: true });
        expect(yes.json()).toMatchObject({ greenMilesChange: 0, greenMiles: 0, message: 'Merci pour votre réponse !' });
        const no = await submit(app, stay, action.actId, 'yesno', { response: false });
        expect(no.json()).toMatchObject({
          greenMilesChange: action.actReward,
          message: 'Merci pour votre réponse positive!',
        });
        expect(await expectConsistentBalance(app, handle, stay)).toBe(action.actReward);
      } finally {
        await handle.db
          .updateTable('actions')
          .set({ positive_response: 'YES' })
          .where('id', '=', action.actId)
          .execute();
        await renewContentVersion(handle, 2);
      }
    });

    it('refuses a reversal whose points were spent with "Not enough GreenMiles", changing nothing', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'YESNO');
      await submit(app, stay, action.actId, 'yesno', { response: true });
      await appendEntry(
        handle.db,
        { stayId: stay.id, amount: -action.actReward, reason: 'claim', idempotencyKey: `spent-${stay.sUUID}` },
        new Date(),
      );
      const before = await submissionCounts(handle);
      const refused = await submit(app, stay, action.actId, 'yesno', { response: false });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'not_enough_greenmiles' });
      expect(refused.json().message).toContain('Not enough GreenMiles');
      expect(await submissionCounts(handle)).toEqual(before);
      const listed = (await actionsOf(app, stay)).find((a) => a.actId === action.actId);
      expect(listed).toMatchObject({ response: 'YES', alreadyCompleted: true });
      expect(await expectConsistentBalance(app, handle, stay)).toBe(0);
    });

    it('yesnon (YESNOSTAY) opens before the end date is known; an endDate sent later is saved on the stay', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'YESNOSTAY');
      const withoutEndDate = await submit(app, stay, action.actId, 'yesnon', { response: true });
      expect(withoutEndDate.statusCode).toBe(200);
      expect(withoutEndDate.json()).toMatchObject({ greenMilesChange: action.actReward });
      const endDate = addDays(localDate(new Date(), PARIS), 3);
      const ok = await submit(app, stay, action.actId, 'yesnon', { response: true, endDate });
      expect(ok.json()).toMatchObject({ greenMilesChange: 0 });
      const shown = (await app.inject({ url: `/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}` })).json().stay;
      // Today and the 3 days to come, the last until check-out.
      expect(shown).toMatchObject({ endDate, greenMiles: action.actReward, remainingDays: 4 });
      // The stay has an end date now: the body may omit it, and a different one does not replace it.
      const again = await submit(app, stay, action.actId, 'yesnon', {
        response: false,
        endDate: addDays(localDate(new Date(), PARIS), 5),
      });
      expect(again.json()).toMatchObject({ greenMilesChange: -action.actReward });
      expect((await app.inject({ url: `/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}` })).json().stay.endDate).toBe(
        endDate,
      );
    });

    it('yesnomail answers are kept per hotel-local day for the daily report', async () => {
      const { app, handle, clock } = get();
      clock.current = NOON;
      const stay = await newStay(app, handle);
      const other = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'YESNOMAIL');
      expect(action.actPeriod).toBe('NIGHT');
      await submit(app, stay, action.actId, 'yesnomail', { response: true });
      await submit(app, stay, action.actId, 'yesnomail', { response: false });
      await submit(app, other, action.actId, 'yesnomail', { response: true });
      const day = localDate(NOON, PARIS);
      const report = await answersOfDay(handle.db, 1, day);
      const mine = report.filter((r) => r.sUUID === stay.sUUID || r.sUUID === other.sUUID);
      expect(mine.map((r) => [r.sUUID, r.response, r.nightId])).toEqual(
        expect.arrayContaining([
          [stay.sUUID, 'NO', currentNightId(NOON, PARIS)],
          [other.sUUID, 'YES', currentNightId(NOON, PARIS)],
        ]),
      );
      expect(mine).toHaveLength(2);
      expect(await answersOfDay(handle.db, 1, addDays(day, 1))).toEqual([]);
      // The next night the action is open again.
      clock.current = new Date(NOON.getTime() + 86_400_000);
      const next = (await actionsOf(app, stay)).find((a) => a.actId === action.actId);
      expect(next).toMatchObject({ alreadyCompleted: false, response: null });
      const credited = await submit(app, stay, action.actId, 'yesnomail', { response: true });
      expect(credited.json().greenMilesChange).toBe(action.actReward);
      expect(await expectConsistentBalance(app, handle, stay)).toBe(action.actReward);
    });
  });

  describe('luniclean, lunishower, heating', () => {
    it('luniclean: skipping earns, once per night; maintaining after skipping removes the points', async () => {
      const { app, handle, clock } = get();
      clock.current = NOON;
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'LUNICLEAN');
      const endDate = addDays(localDate(NOON, PARIS), 4);
      const skip = await submit(app, stay, action.actId, 'luniclean', {
        skipCleaning: true,
        endDate,
        lang: 'en',
      });
      expect(skip.json()).toMatchObject({
        greenMilesChange: 20,
        greenMiles: 20,
        message: 'Thank you! No cleaning tomorrow.',
      });
      const listed = (await actionsOf(app, stay)).find((a) => a.actId === action.actId);
      expect(listed).toMatchObject({ alreadyCompleted: true, response: 'SKIP', endDate });
      const clean = await submit(app, stay, action.actId, 'luniclean', { skipCleaning: false, endDate: null });
      expect(clean.json()).toMatchObject({
        greenMilesChange: -20,
        greenMiles: 0,
        message: 'Votre chambre sera nettoyée demain comme prévu',
      });
      clock.current = new Date(NOON.getTime() + 86_400_000);
      const nextNight = await submit(app, stay, action.actId, 'luniclean', { skipCleaning: true });
      expect(nextNight.json()).toMatchObject({
        greenMilesChange: 20,
        greenMiles: 20,
        message: 'Merci ! Pas de ménage demain.',
      });
      const rows = await ledgerRows(handle, stay.id);
      expect(rows.map((r) => r.night_id)).toEqual([
        currentNightId(NOON, PARIS),
        currentNightId(NOON, PARIS),
        currentNightId(clock.current, PARIS),
      ]);
      expect(await expectConsistentBalance(app, handle, stay)).toBe(20);
    });

    it("luniclean: before 11:00 hotel-local time the thanks speak of today's cleaning, from 11:00 of tomorrow's", async () => {
      const { app, handle, clock } = get();
      // 10:59 and 11:00 in Paris (UTC+2 in June).
      clock.current = new Date('2026-06-10T08:59:00Z');
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'LUNICLEAN');
      const skip = await submit(app, stay, action.actId, 'luniclean', { skipCleaning: true, lang: 'en' });
      expect(skip.json().message).toBe('Thank you! No cleaning today.');
      const clean = await submit(app, stay, action.actId, 'luniclean', { skipCleaning: false });
      expect(clean.json().message).toBe("Votre chambre sera nettoyée aujourd'hui comme prévu");
      clock.current = new Date('2026-06-10T09:00:00Z');
      const later = await submit(app, stay, action.actId, 'luniclean', { skipCleaning: true, lang: 'ar' });
      expect(later.json().message).toBe('شكرًا! لا تنظيف غدًا.');
    });

    it('lunishower: earns when the objective was respected', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'LUNISHOWER');
      const no = await submit(app, stay, action.actId, 'lunishower', { objectiveRespected: false, endDate: null });
      expect(no.json()).toMatchObject({ greenMilesChange: 0, message: 'Merci pour votre sincérité !' });
      let listed = (await actionsOf(app, stay)).find((a) => a.actId === action.actId);
      expect(listed).toMatchObject({ alreadyCompleted: true, response: false });
      const yes = await submit(app, stay, action.actId, 'lunishower', { objectiveRespected: true });
      expect(yes.json()).toMatchObject({
        greenMilesChange: action.actReward,
        message: "Merci d'avoir réduit votre consommation d'eau !",
      });
      listed = (await actionsOf(app, stay)).find((a) => a.actId === action.actId);
      expect(listed).toMatchObject({ response: true, earnedGreenMiles: action.actReward });
      expect(await expectConsistentBalance(app, handle, stay)).toBe(action.actReward);
    });

    it('heating: earns in the 18–22 °C band, re-answers move points by the difference, 10–30 accepted', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'HEATING');
      const temperatures = [9.5, 30.5, '21', null].map((temperature) => ({ temperature }));
      await expectRefusedWithoutWrites(app, handle, stay, action.actId, 'heating', temperatures, 'bad_request');
      const r1 = await submit(app, stay, action.actId, 'heating', { temperature: 21.5 });
      expect(r1.json()).toMatchObject({ greenMilesChange: action.actReward, greenMiles: action.actReward });
      expect((await actionsOf(app, stay)).find((a) => a.actId === action.actId)).toMatchObject({
        alreadyCompleted: true,
        temperature: 21.5,
      });
      expect((await submit(app, stay, action.actId, 'heating', { temperature: 18 })).json().greenMilesChange).toBe(0);
      expect((await submit(app, stay, action.actId, 'heating', { temperature: 25 })).json().greenMilesChange).toBe(
        -action.actReward,
      );
      expect((await submit(app, stay, action.actId, 'heating', { temperature: 10 })).json().greenMilesChange).toBe(0);
      expect((await actionsOf(app, stay)).find((a) => a.actId === action.actId)?.temperature).toBe(10);
      // docs/behaviour.md#caps: a 4th change tonight is refused.
      expect((await submit(app, stay, action.actId, 'heating', { temperature: 22 })).json().error).toBe(
        'too_many_answer_changes',
      );
      expect(await expectConsistentBalance(app, handle, stay)).toBe(0);
      const other = await newStay(app, handle);
      expect((await submit(app, other, action.actId, 'heating', { temperature: 10 })).json().greenMilesChange).toBe(0);
      expect((await submit(app, other, action.actId, 'heating', { temperature: 22 })).json().greenMilesChange).toBe(
        action.actReward,
      );
      expect((await submit(app, other, action.actId, 'heating', { temperature: 30 })).json().greenMilesChange).toBe(
        -action.actReward,
      );
      expect(await expectConsistentBalance(app, handle, other)).toBe(0);
    });
  });

  describe('quiz, review, custom, claim', () => {
    it('quiz: a wrong answer completes without points; another answer is refused; a right one earns', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'QUIZ');
      const answers = action.quiz?.answers ?? [];
      // The list does not tell which is right (tests/server/quiz-solution.test.ts): the hotel's content does.
      const rows = await handle.db
        .selectFrom('quiz_answers')
        .select(['position as qaPosition', 'is_correct'])
        .where('action_id', '=', action.actId)
        .execute();
      const right = rows.find((a) => a.is_correct === 1);
      const wrong = rows.find((a) => a.is_correct === 0);
      if (!right || !wrong) throw new Error('seed quiz needs a right and a wrong answer');
      const solution = { correctPositions: [right.qaPosition], explanation: expect.any(String) };
      const malformed = [0, 'A'].map((selectedPosition) => ({ selectedPosition }));
      await expectRefusedWithoutWrites(app, handle, stay, action.actId, 'quiz', malformed);
      const beyond = [{ selectedPosition: answers.length + 1 }];
      await expectRefusedWithoutWrites(app, handle, stay, action.actId, 'quiz', beyond, 'unknown_quiz_answer');

      const miss = await submit(app, stay, action.actId, 'quiz', { selectedPosition: wrong.qaPosition });
      expect(miss.json()).toEqual({
        message: "Mauvaise réponse, mais merci d'avoir participé !",
        greenMilesChange: 0,
        greenMiles: 0,
        isCorrect: false,
        solution,
      });
      expect((await actionsOf(app, stay)).find((a) => a.actId === action.actId)).toMatchObject({
        alreadyCompleted: true,
        selectedPosition: wrong.qaPosition,
        isCorrect: false,
        wasCorrect: false,
      });
      const retry = await submit(app, stay, action.actId, 'quiz', { selectedPosition: right.qaPosition });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error).toBe('already_completed');
      const repeat = await submit(app, stay, action.actId, 'quiz', { selectedPosition: wrong.qaPosition });
      expect(repeat.json()).toMatchObject({ greenMilesChange: 0, isCorrect: false });

      const other = await newStay(app, handle);
      const hit = await submit(app, other, action.actId, 'quiz', { selectedPosition: right.qaPosition, lang: 'ar' });
      expect(hit.json()).toEqual({
        message: 'إجابة صحيحة! أحسنت!',
        greenMilesChange: action.actReward,
        greenMiles: action.actReward,
        isCorrect: true,
        solution,
      });
      expect(await expectConsistentBalance(app, handle, other)).toBe(action.actReward);
    });

    it('review: rating 1–4 completes the action once', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'REVIEW');
      const ratings = [0, 5, 2.5, '3'].map((rating) => ({ rating }));
      await expectRefusedWithoutWrites(app, handle, stay, action.actId, 'review', ratings);
      const ok = await submit(app, stay, action.actId, 'review', { rating: 3 });
      expect(ok.json()).toMatchObject({ message: 'Merci pour votre avis !', greenMilesChange: action.actReward });
      expect((await submit(app, stay, action.actId, 'review', { rating: 3 })).json().greenMilesChange).toBe(0);
      const changed = await submit(app, stay, action.actId, 'review', { rating: 4 });
      expect(changed.statusCode).toBe(409);
      expect(changed.json().error).toBe('already_completed');
      const row = await handle.db
        .selectFrom('action_completions')
        .select(['rating', 'version'])
        .where('stay_id', '=', stay.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ rating: 3, version: 1 });
    });

    it('custom: the option must belong to the action; the choice shows in the list', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'CUSTOM');
      const demoStay = await newStay(app, handle, 2);
      const foreign = (await actionOfType(app, demoStay, 'CUSTOM')).options[0];
      const options = [foreign?.caoId, 999999].map((optionValue) => ({ optionValue }));
      await expectRefusedWithoutWrites(app, handle, stay, action.actId, 'custom', options, 'unknown_option');
      const chosen = action.options[1];
      if (!chosen) throw new Error('seed custom action needs two options');
      const ok = await submit(app, stay, action.actId, 'custom', { optionValue: chosen.caoId });
      expect(ok.json()).toMatchObject({ message: 'Merci pour votre réponse !', greenMilesChange: action.actReward });
      expect((await actionsOf(app, stay, 'en')).find((a) => a.actId === action.actId)).toMatchObject({
        alreadyCompleted: true,
        selectedOption: { caodLabel: expect.any(String) },
        earnedGreenMiles: action.actReward,
      });
      const other = await submit(app, stay, action.actId, 'custom', { optionValue: action.options[0]?.caoId });
      expect(other.statusCode).toBe(409);
      expect(await expectConsistentBalance(app, handle, stay)).toBe(action.actReward);
    });

    it('claim: credits on submission, once per stay', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'CLAIM');
      const ok = await submit(app, stay, action.actId, 'claim');
      expect(ok.json()).toMatchObject({ message: 'Action validée, merci !', greenMilesChange: action.actReward });
      const again = await submit(app, stay, action.actId, 'claim', { lang: 'en' });
      expect(again.json()).toEqual({
        message: 'Action confirmed, thank you!',
        greenMilesChange: 0,
        greenMiles: action.actReward,
      });
      expect(await expectConsistentBalance(app, handle, stay)).toBe(action.actReward);
    });
  });

  describe('messages and end dates', () => {
    it('answers in lang, else the hotel primary language, else French', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle, 2);
      const action = await actionOfType(app, stay, 'CLAIM');
      await setPrimaryLanguage(handle, 2, 'en');
      try {
        const de = await submit(app, stay, action.actId, 'claim', { lang: 'de' });
        expect(de.json().message).toBe('Action confirmed, thank you!');
        const arEg = await submit(app, stay, action.actId, 'claim', { lang: 'ar-EG' });
        expect(arEg.json().message).toBe('تم تأكيد الإجراء، شكرًا!');
      } finally {
        await setPrimaryLanguage(handle, 2, 'fr');
      }
      const plain = await submit(app, stay, action.actId, 'claim', { lang: 'de' });
      expect(plain.json().message).toBe('Action validée, merci !');
    });

    it('an endDate outside today … today + 14 is refused and nothing is written', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'LUNISHOWER');
      const today = localDate(new Date(), PARIS);
      const endDates = [addDays(today, -1), addDays(today, 15), '2026-02-30', 'tomorrow'];
      const bodies = endDates.map((endDate) => ({ objectiveRespected: true, endDate }));
      await expectRefusedWithoutWrites(app, handle, stay, action.actId, 'lunishower', bodies);
      const ok = await submit(app, stay, action.actId, 'lunishower', {
        objectiveRespected: true,
        endDate: addDays(today, 14),
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('bad input: 4xx JSON, nothing written', () => {
    it('unknown action, another hotel’s action, wrong type for the path, foreign uuid, malformed bodies', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const yesno = await actionOfType(app, stay, 'YESNO');
      const demoStay = await newStay(app, handle, 2);
      const demoYesno = await actionOfType(app, demoStay, 'YESNO');
      const stranger = await newStay(app, handle);
      const before = await submissionCounts(handle);
      const cases: Array<[number, string, string, Record<string, unknown>, { status: number; error: string }]> = [
        [999999, 'yesno', 'unknown action', { response: true }, { status: 404, error: 'not_found' }],
        [demoYesno.actId, 'yesno', 'another hotel', { response: true }, { status: 404, error: 'not_found' }],
        [yesno.actId, 'yesnomail', 'wrong type', { response: true }, { status: 400, error: 'wrong_action_type' }],
        [yesno.actId, 'claim', 'wrong type', {}, { status: 400, error: 'wrong_action_type' }],
        [yesno.actId, 'yesno', 'string answer', { response: 'yes' }, { status: 400, error: 'bad_request' }],
        [yesno.actId, 'yesno', 'missing answer', {}, { status: 400, error: 'bad_request' }],
        [
          yesno.actId,
          'yesno',
          'bad endDate',
          { response: true, endDate: '10/06/2026' },
          { status: 400, error: 'bad_request' },
        ],
        [
          yesno.actId,
          'yesno',
          'foreign uuid',
          { response: true, uuid: stranger.profileUUID },
          { status: 404, error: 'not_found' },
        ],
        [yesno.actId, 'yesno', 'unknown stay', { response: true, sUUID: 'nope' }, { status: 404, error: 'not_found' }],
      ];
      for (const [actId, kind, label, body, expected] of cases) {
        const response = await submit(app, stay, actId, kind, body);
        expect([label, response.statusCode, response.json().error]).toEqual([label, expected.status, expected.error]);
        expect(typeof response.json().message).toBe('string');
      }
      for (const [url, payload] of [
        [`/api/actions/${yesno.actId}/yesno`, '{"response":'],
        [`/api/actions/abc/yesno`, JSON.stringify({ uuid: stay.profileUUID, sUUID: stay.sUUID, response: true })],
        [`/api/actions/0/yesno`, JSON.stringify({ uuid: stay.profileUUID, sUUID: stay.sUUID, response: true })],
      ] as const) {
        const response = await app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe('bad_request');
      }
      for (const [payload, headers, status] of [
        ['[1,2]', { 'content-type': 'application/json' }, 400],
        ['', { 'content-type': 'application/json' }, 400],
        ['response=true', { 'content-type': 'text/plain' }, 415],
        [
          JSON.stringify({ uuid: "x' OR 1=1 --", sUUID: stay.sUUID, response: true }),
          { 'content-type': 'application/json' },
          400,
        ],
        [
          JSON.stringify({ uuid: stay.profileUUID, sUUID: { $ne: 1 }, response: true }),
          { 'content-type': 'application/json' },
          400,
        ],
        [
          JSON.stringify({ uuid: stay.profileUUID, sUUID: stay.sUUID, response: true, lang: 'français' }),
          { 'content-type': 'application/json' },
          400,
        ],
      ] as const) {
        const response = await app.inject({
          method: 'POST',
          url: `/api/actions/${yesno.actId}/yesno`,
          payload,
          headers,
        });
        expect([payload, response.statusCode]).toEqual([payload, status]);
        expect(typeof response.json().error).toBe('string');
      }
      const proof = await submit(app, stay, yesno.actId, 'proof', { qrId: 'tilleuls-garden-gate' });
      expect([proof.statusCode, proof.json().error]).toEqual([400, 'wrong_action_type']);
      expect(await submissionCounts(handle)).toEqual(before);
    });

    it('a finished stay refuses submissions (409 stay_finished)', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'YESNO');
      const terminated = await terminateAsStaff(app, stay.sUUID, stay.profileUUID);
      expect(terminated.statusCode).toBe(200);
      const before = await submissionCounts(handle);
      const refused = await submit(app, stay, action.actId, 'yesno', { response: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('stay_finished');
      expect(await submissionCounts(handle)).toEqual(before);
    });
  });

  describe('GET /api/actions/:actId', () => {
    it('answers the action as in the stay’s list, with the front token', async () => {
      const { app, handle } = get();
      const stay = await newStay(app, handle);
      const action = await actionOfType(app, stay, 'QUIZ');
      await submit(app, stay, action.actId, 'quiz', { selectedPosition: 1 });
      const url = (actId: number, lang = 'en', who = stay) =>
        `/api/actions/${actId}?lang=${lang}&sUUID=${who.sUUID}&uuid=${who.profileUUID}`;
      const headers = { 'x-front-token': TEST_FRONT_TOKEN };
      const ok = await app.inject({ url: url(action.actId), headers });
      expect(ok.statusCode).toBe(200);
      expect(Value.Check(SingleActionReply, ok.json())).toBe(true);
      const listed = (await actionsOf(app, stay, 'en')).find((a) => a.actId === action.actId);
      expect(ok.json()).toEqual(listed);
      expect(ok.json()).toMatchObject({ alreadyCompleted: true, selectedPosition: 1 });

      expect((await app.inject({ url: url(action.actId) })).statusCode).toBe(401);
      expect((await app.inject({ url: url(action.actId), headers: { 'x-front-token': 'nope' } })).statusCode).toBe(403);
      const demoStay = await newStay(app, handle, 2);
      const foreign = await actionOfType(app, demoStay, 'QUIZ');
      const stranger = await newStay(app, handle);
      for (const [target, label] of [
        [url(foreign.actId), 'another hotel'],
        [url(action.actId, 'de'), 'not translated'],
        [url(999999), 'unknown'],
        [url(action.actId, 'en', { ...stranger, sUUID: stay.sUUID }), 'foreign uuid'],
      ] as const) {
        const response = await app.inject({ url: target, headers });
        expect([label, response.statusCode, response.json().error]).toEqual([label, 404, 'not_found']);
      }
      expect((await app.inject({ url: `/api/actions/${action.actId}?lang=en`, headers })).statusCode).toBe(400);
    });
  });

  it('has one route per submission path of the registry, validating that path’s body', async () => {
    const { app } = get();
    for (const path of Object.keys(SUBMISSION_PATHS)) {
      const response = await app.inject({ method: 'POST', url: `/api/actions/1/${path}`, payload: {} });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error, path).toBe('bad_request');
    }
  });
});
