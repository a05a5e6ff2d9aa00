/**
 * /api/staff: the staff desk's calls, behind a staff session (docs/behaviour.md#staff-code-check): the reward code
 * check, its hand-over and the day's uses.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  RedemptionsQuery,
  RedemptionsReply,
  StaffCodeCheckBody,
  StaffCodeCheckReply,
  StaffCodeRedeemReply,
  StaffHotelParams,
} from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { checkRewardCode, redeemRewardCode, redemptionsOfDay } from '../domain/code-check.ts';
import { staffSessionOf } from '../staff-auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const staffDeskRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/codes/verify',
    {
      preHandler: deps.staffAuth.allowed('codes'),
      schema: { body: StaffCodeCheckBody, response: { 200: StaffCodeCheckReply, ...errors } },
    },
    async (request) =>
      checkRewardCode(
        deps.store,
        { session: staffSessionOf(request), code: request.body.code, lang: request.body.lang },
        deps.now(),
      ),
  );

  app.post(
    '/codes/redeem',
    {
      preHandler: deps.staffAuth.allowed('codes'),
      schema: { body: StaffCodeCheckBody, response: { 200: StaffCodeRedeemReply, ...errors } },
    },
    async (request) =>
      redeemRewardCode(
        deps.store,
        { session: staffSessionOf(request), code: request.body.code, lang: request.body.lang },
        deps.now(),
      ),
  );

  app.get(
    '/hotels/:hId/redemptions',
    {
      preHandler: deps.staffAuth.allowed('codes'),
      schema: {
        params: StaffHotelParams,
        querystring: RedemptionsQuery,
        response: { 200: RedemptionsReply, ...errors },
      },
    },
    async (request) =>
      redemptionsOfDay(
        deps.store,
        {
          session: staffSessionOf(request),
          hotelId: request.params.hId,
          date: request.query.date,
          lang: request.query.lang,
        },
        deps.now(),
      ),
  );
};
