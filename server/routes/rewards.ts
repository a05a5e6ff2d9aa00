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
import { emailReward } from '../domain/reward-emails.ts';
import { claimReward, rewardCode, useReward } from '../domain/rewards.ts';

const errors = {
  400: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
};

export const rewardsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { store } = deps;

  app.post(
    '/:rwId/claim',
    { schema: { params: RewardParams, body: ClaimRewardBody, response: { 200: ClaimRewardReply, ...errors } } },
    async (request) =>
      claimReward(
        store,
        { sUUID: request.body.sUUID, profileUUID: request.body.uuid, rewardId: request.params.rwId },
        deps.now(),
      ),
  );

  app.get(
    '/:rwId/code',
    { schema: { params: RewardParams, querystring: RewardStayQuery, response: { 200: RewardCodeReply, ...errors } } },
    async (request) => ({
      success: 'OK' as const,
      code: await rewardCode(store, {
        sUUID: request.query.sUUID,
        profileUUID: request.query.uuid,
        rewardId: request.params.rwId,
      }),
    }),
  );

  // Three names for one operation (docs/behaviour.md#reward-claims); useSlider only for SLIDER rewards.
  for (const path of ['used', 'redeem', 'useSlider'] as const) {
    app.post(
      `/:rwId/${path}`,
      { schema: { params: RewardParams, body: UseRewardBody, response: { 200: UseRewardReply, ...errors } } },
      async (request) => {
        await useReward(
          store,
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
      const { sUUID, uuid, email, lang } = request.body;
      await emailReward(
        store,
        deps.mailer,
        { sUUID, profileUUID: uuid, rewardId: request.params.rwId, email, lang },
        deps.now(),
      );
      return { success: 'OK' as const };
    },
  );
};
