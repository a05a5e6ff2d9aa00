/** /api/rooms: what a room QR code points to. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, QrParams, RoomInfoReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../domain/errors.ts';

export const roomsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/:qrId/info',
    { schema: { params: QrParams, response: { 200: RoomInfoReply, 400: ErrorBody, 404: ErrorBody } } },
    async (request) => {
      const room = await deps.db
        .selectFrom('rooms')
        .select(['id', 'hotel_id'])
        .where('qr_id', '=', request.params.qrId)
        .executeTakeFirst();
      if (!room) throw notFound('QR code');
      // A QR code without a hotel is "not activated": the client shows its disabled page.
      return room.hotel_id === null ? { hId: null, rId: null } : { hId: room.hotel_id, rId: room.id };
    },
  );
};
