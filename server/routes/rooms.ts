/** /api/rooms: what a room QR code points to. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, QrParams, RoomInfoReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { roomOfQrCode } from '../domain/qr-codes.ts';

export const roomsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/:qrId/info',
    { schema: { params: QrParams, response: { 200: RoomInfoReply, 400: ErrorBody, 404: ErrorBody } } },
    async (request) => roomOfQrCode(deps.store, request.params.qrId),
  );
};
