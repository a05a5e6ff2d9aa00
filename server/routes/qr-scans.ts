/** /api/qr-scans: the scan that opened a stay, counted per hotel, day and kind (docs/behaviour.md#qr-scans). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, HotelParams, QrParams, QrScanBody, QrScanReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { recordHotelScan, recordRoomScan } from '../domain/qr-scans.ts';
import { callerOf } from './caller.ts';

const responses = { 201: QrScanReply, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export const qrScansRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/hotel/:hId',
    { schema: { params: HotelParams, body: QrScanBody, response: responses } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await recordHotelScan(deps.store, request.params.hId, request.body, callerOf(request, deps), deps.now())),
  );

  app.post(
    '/room/:qrId',
    { schema: { params: QrParams, body: QrScanBody, response: responses } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await recordRoomScan(deps.store, request.params.qrId, request.body, callerOf(request, deps), deps.now())),
  );
};
