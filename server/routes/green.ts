/** /api/green: hotel information for the app shell (demo flag, points name, languages). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody, HotelParams, HotelReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../domain/errors.ts';
import { checkFrontToken } from '../front-token.ts';

const HotelQuery = Type.Object({
  uuid: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
});

export const greenRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.get(
    '/hotels/:hId',
    {
      schema: {
        params: HotelParams,
        querystring: HotelQuery,
        response: { 200: HotelReply, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      // SPEC.md §6: one of the two callers sends the front token; when sent, it must be right.
      checkFrontToken(request, deps.frontToken, true);
      const hotel = await db.selectFrom('hotels').selectAll().where('id', '=', request.params.hId).executeTakeFirst();
      if (!hotel) throw notFound('Hotel');
      const languages = await db
        .selectFrom('hotel_languages')
        .selectAll()
        .where('hotel_id', '=', hotel.id)
        .orderBy('position')
        .orderBy('code')
        .execute();
      const primary = languages.find((l) => l.is_primary === 1) ?? languages[0];
      return {
        hotel: {
          hId: hotel.id,
          name: hotel.name,
          isDemo: hotel.is_demo === 1,
          hGreenMilesName: hotel.green_miles_name,
          timeZone: hotel.time_zone,
        },
        languagesSupported: languages.map((l) => ({
          code: l.code,
          name: l.name,
          enabled: l.enabled === 1 ? (1 as const) : (0 as const),
          direction: l.direction === 'rtl' ? ('rtl' as const) : ('ltr' as const),
          flagUrl: l.flag_url,
          isPrimary: l.is_primary === 1 ? (1 as const) : (0 as const),
          position: l.position,
        })),
        primaryLanguage: primary?.code ?? 'fr',
      };
    },
  );
};
