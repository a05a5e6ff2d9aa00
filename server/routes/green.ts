/** /api/green: hotel information for the app shell (demo flag, points name, languages). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, HotelParams, HotelQuery, HotelReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { hotelInfo } from '../domain/hotels.ts';

export const greenRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/hotels/:hId',
    {
      // docs/behaviour.md#front-token: one of the two callers sends the front token; when sent, it must be right.
      preHandler: deps.frontToken.whenSent,
      schema: {
        params: HotelParams,
        querystring: HotelQuery,
        response: { 200: HotelReply, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => hotelInfo(deps.store, request.params.hId, deps.mailer !== null),
  );
};
