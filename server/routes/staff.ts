/** /api/staff: staff sessions opened with a staff account's PIN (docs/behaviour.md#staff-accounts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ErrorBody,
  HotelKeyRotationReply,
  HotelParams,
  ProofActionParams,
  ProofCodesRotationReply,
  QrSheetQuery,
  RoomQrParams,
  RoomQrRotationReply,
  StaffSessionBody,
  StaffSessionCurrentReply,
  StaffSessionEndReply,
  StaffSessionReply,
} from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { rotateHotelKeyAsStaff, rotateProofCodesAsStaff, rotateRoomQrIdAsStaff } from '../domain/qr-codes.ts';
import {
  currentStaffSession,
  endOwnStaffSessions,
  endStaffSession,
  openStaffSession,
} from '../domain/staff-sessions.ts';
import { qrSheetPdfAsStaff } from '../qr-sheet.ts';
import { staffSessionOf } from '../staff-auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody, 503: ErrorBody };

/** The printable sheet, as its own media type (an error stays JSON). */
const QrSheetAnswer = {
  description: 'The QR codes to print, an A4 PDF of six cards a page',
  content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
};

export const staffRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/sessions',
    { schema: { body: StaffSessionBody, response: { 201: StaffSessionReply, ...errors } } },
    async (request, reply) => {
      const { hId, pin, name } = request.body;
      const session = await openStaffSession(
        deps.store,
        deps.checkPin,
        { hotelId: hId, pin, name, clientAddress: request.ip },
        deps.now(),
      );
      return reply.code(201).send(session);
    },
  );

  // Signing out: the token is refused from now on, not only forgotten by the browser.
  app.delete(
    '/sessions/current',
    { preHandler: deps.staffAuth.required, schema: { response: { 204: StaffSessionEndReply, ...errors } } },
    async (request, reply) => {
      await endStaffSession(deps.store, staffSessionOf(request), deps.now());
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/sessions/current',
    { preHandler: deps.staffAuth.required, schema: { response: { 200: StaffSessionCurrentReply, ...errors } } },
    async (request) => currentStaffSession(staffSessionOf(request)),
  );

  // Sign out everywhere: every device the person signed in on is out.
  app.delete(
    '/sessions/mine',
    { preHandler: deps.staffAuth.required, schema: { response: { 204: StaffSessionEndReply, ...errors } } },
    async (request, reply) => {
      await endOwnStaffSessions(deps.store, staffSessionOf(request), deps.now());
      return reply.code(204).send(null);
    },
  );

  // QR rotation (docs/trust-model.md#presence): the old printed code stops working at once.
  app.post(
    '/hotels/:hId/rooms/:number/qr-rotation',
    {
      preHandler: deps.staffAuth.allowed('qrCodes'),
      schema: { params: RoomQrParams, response: { 200: RoomQrRotationReply, ...errors } },
    },
    async (request) =>
      rotateRoomQrIdAsStaff(deps.store, staffSessionOf(request), request.params.hId, request.params.number, deps.now()),
  );

  app.post(
    '/hotels/:hId/qr-key-rotation',
    {
      preHandler: deps.staffAuth.allowed('qrCodes'),
      schema: { params: HotelParams, response: { 200: HotelKeyRotationReply, ...errors } },
    },
    async (request) => rotateHotelKeyAsStaff(deps.store, staffSessionOf(request), request.params.hId, deps.now()),
  );

  app.post(
    '/hotels/:hId/actions/:action/proof-rotation',
    {
      preHandler: deps.staffAuth.allowed('qrCodes'),
      schema: { params: ProofActionParams, response: { 200: ProofCodesRotationReply, ...errors } },
    },
    async (request) =>
      rotateProofCodesAsStaff(
        deps.store,
        staffSessionOf(request),
        request.params.hId,
        request.params.action,
        deps.now(),
      ),
  );

  // The codes carry the address the staff page is open on: the one guests open (docs/behaviour.md#qr-sheets).
  app.get(
    '/hotels/:hId/qr-sheet.pdf',
    {
      preHandler: deps.staffAuth.allowed('qrCodes'),
      schema: { params: HotelParams, querystring: QrSheetQuery, response: { 200: QrSheetAnswer, ...errors } },
    },
    async (request, reply) => {
      const pdf = await qrSheetPdfAsStaff(deps.store.db, staffSessionOf(request), {
        hotelId: request.params.hId,
        baseUrl: `${request.protocol}://${request.host}`,
        room: request.query.room,
        proof: request.query.proof,
      });
      return reply.type('application/pdf').header('content-disposition', 'inline; filename="qr-codes.pdf"').send(pdf);
    },
  );
};
