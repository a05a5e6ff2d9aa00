/** /api/qr-scans: a log of every hotel and room QR scan. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, HotelParams, QrParams, QrScanBody, QrScanReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../domain/errors.ts';

const responses = { 201: QrScanReply, 400: ErrorBody, 404: ErrorBody };

export const qrScansRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  const record = async (scan: QrScanBody, hotelId: number | null, roomId: number | null, scanType: string) => {
    const row = await db
      .insertInto('qr_scans')
      .values({
        qr_id: scan.qrId,
        profile_uuid: scan.profileUUID,
        stay_uuid: scan.stayUUID,
        user_agent: scan.userAgent,
        referer: scan.referer,
        scan_type: scanType,
        hotel_id: hotelId,
        room_id: roomId,
        created_at: deps.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { scanId: row.id };
  };

  app.post(
    '/hotel/:hId',
    { schema: { params: HotelParams, body: QrScanBody, response: responses } },
    async (request, reply) => {
      const hotel = await db.selectFrom('hotels').select('id').where('id', '=', request.params.hId).executeTakeFirst();
      if (!hotel) throw notFound('Hotel');
      return reply.code(201).send(await record(request.body, hotel.id, null, 'HOTEL'));
    },
  );

  app.post(
    '/room/:qrId',
    { schema: { params: QrParams, body: QrScanBody, response: responses } },
    async (request, reply) => {
      const room = await db
        .selectFrom('rooms')
        .select(['id', 'hotel_id'])
        .where('qr_id', '=', request.params.qrId)
        .executeTakeFirst();
      if (!room) throw notFound('QR code');
      // The server's own room and hotel ids are recorded, not the ones the client claims.
      return reply
        .code(201)
        .send(await record(request.body, room.hotel_id, room.hotel_id === null ? null : room.id, 'ROOM'));
    },
  );
};
