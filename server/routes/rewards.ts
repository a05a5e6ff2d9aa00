/** /api/rewards: claim, code, use (used / redeem / useSlider) and e-mail of a stay's rewards. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ClaimRewardBody,
  ClaimRewardReply,
  EmailRewardBody,
  EmailRewardReply,
  ErrorBody,
  RewardCodeReply,
  RewardParams,
  RewardStayQuery,
  UseRewardBody,
  UseRewardReply,
} from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../domain/errors.ts';
import {
  claimReward,
  findClaimedReward,
  notClaimed,
  releaseRewardEmail,
  reserveRewardEmail,
  rewardCode,
  rewardTexts,
  useReward,
} from '../domain/rewards.ts';
import { composeRewardMail, mailLanguage } from '../mail/reward-mail.ts';

const errors = {
  400: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
};

export const rewardsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, kind } = deps;

  app.post(
    '/:rwId/claim',
    { schema: { params: RewardParams, body: ClaimRewardBody, response: { 200: ClaimRewardReply, ...errors } } },
    async (request) =>
      claimReward(
        db,
        kind,
        { sUUID: request.body.sUUID, profileUUID: request.body.uuid, rewardId: request.params.rwId },
        deps.now(),
      ),
  );

  app.get(
    '/:rwId/code',
    { schema: { params: RewardParams, querystring: RewardStayQuery, response: { 200: RewardCodeReply, ...errors } } },
    async (request) => ({
      success: 'OK' as const,
      code: await rewardCode(db, {
        sUUID: request.query.sUUID,
        profileUUID: request.query.uuid,
        rewardId: request.params.rwId,
      }),
    }),
  );

  // Three names for one operation (SPEC.md §7 lists all three); useSlider only for SLIDER rewards.
  for (const path of ['used', 'redeem', 'useSlider'] as const) {
    app.post(
      `/:rwId/${path}`,
      { schema: { params: RewardParams, body: UseRewardBody, response: { 200: UseRewardReply, ...errors } } },
      async (request) => {
        await useReward(
          db,
          {
            sUUID: request.body.sUUID,
            profileUUID: request.body.uuid,
            rewardId: request.params.rwId,
            sliderOnly: path === 'useSlider',
          },
          deps.now(),
        );
        return { success: 'OK' as const };
      },
    );
  }

  app.post(
    '/:rwId/email',
    { schema: { params: RewardParams, body: EmailRewardBody, response: { 200: EmailRewardReply, ...errors } } },
    async (request) => {
      const { sUUID, uuid, email } = request.body;
      const { stay, reward, claim } = await findClaimedReward(db, sUUID, uuid, request.params.rwId);
      if (!claim) throw notClaimed();
      const mailer = deps.mailer;
      if (!mailer) throw new ApiError(503, 'mail_not_configured', 'E-mail is not configured on this server (SMTP_URL)');
      const now = deps.now();
      let lang = request.body.lang;
      if (lang === undefined) {
        const primary = await db
          .selectFrom('hotel_languages')
          .select('code')
          .where('hotel_id', '=', stay.hotel_id)
          .where('is_primary', '=', 1)
          .executeTakeFirst();
        lang = primary?.code ?? 'fr';
      }
      const texts = await rewardTexts(db, reward.id, lang);
      const mailLang = mailLanguage(lang);
      const mail = composeRewardMail({
        lang: mailLang,
        hotelName: stay.hotel_name,
        rewardName: texts.name,
        description: texts.description,
        rwType: reward.type,
        code: claim.code,
        validUntil: reward.valid_until,
        rwWaterVolume: reward.water_volume,
      });
      const reservation = await reserveRewardEmail(db, kind, stay.id, reward.id, now);
      try {
        await mailer.send({ to: email, lang: mailLang, ...mail });
      } catch (error) {
        request.log.warn({ err: error }, 'reward e-mail: SMTP delivery failed');
        await releaseRewardEmail(db, reservation);
        throw new ApiError(502, 'mail_send_failed', 'The e-mail could not be sent; try again later');
      }
      return { success: 'OK' as const };
    },
  );
};
