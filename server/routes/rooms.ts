/** /api/rooms: what a room QR code points to, and its stay. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateRoomQrStayBody, ErrorBody, QrParams, RoomInfoReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { roomInfo } from '../domain/qr-codes.ts';
import { enterStay } from '../domain/stay-entry.ts';
import { callerOf } from './caller.ts';
import { stayCreationResponses } from './stays.ts';

export const roomsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/:qrId/info',
    { schema: { params: QrParams, response: { 200: RoomInfoReply, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody } } },
    async (request) => roomInfo(deps.store, request.params.qrId, callerOf(request, deps), deps.now()),
  );

  app.post(
    '/:qrId/stays',
    {
      schema: {
        params: QrParams,
        body: CreateRoomQrStayBody,
        response: stayCreationResponses,
      },
    },
    async (request, reply) => {
      const { profileUUID, lang } = request.body;
      const entry = { kind: 'roomQr', qrId: request.params.qrId } as const;
      const input = { entry, profileUUID, lang, caller: callerOf(request, deps) };
      const { created, answer } = await enterStay(deps.store, input, deps.mailer !== null, deps.now());
      return reply.code(created ? 201 : 200).send(answer);
    },
  );
};
