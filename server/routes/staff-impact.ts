/** /api/staff/hotels/:hId/summary: the staff page's impact figures over a period (docs/impact.md). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, HotelParams, ImpactSummaryQuery, ImpactSummaryReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { impactSummary } from '../domain/impact.ts';
import { staffSessionOf } from '../staff-auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const staffImpactRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/hotels/:hId/summary',
    {
      schema: {
        params: HotelParams,
        querystring: ImpactSummaryQuery,
        response: { 200: ImpactSummaryReply, ...errors },
      },
      preHandler: deps.staffAuth.allowed('impact'),
    },
    async (request) =>
      impactSummary(deps.store.db, staffSessionOf(request), {
        hotelId: request.params.hId,
        from: request.query.from,
        to: request.query.to,
      }),
  );
};
