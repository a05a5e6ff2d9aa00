/** /api/stays: stay info, creation, actions and rewards lists, end date, termination. */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import {
  ActionsReply,
  CreatedStayReply,
  CreateHotelStayBody,
  CreateRoomStayBody,
  EndDateBody,
  ErrorBody,
  HotelParams,
  LangProfileQuery,
  NoContentReply,
  ProfileQuery,
  ReceiptEmailBody,
  ReceiptEmailReply,
  RewardsReply,
  StayParams,
  StayReceiptReply,
  StayReply,
  TerminateBody,
} from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { actionsOfStay } from '../domain/actions-list.ts';
import { emailStayReceipt } from '../domain/receipt-emails.ts';
import { rewardsOfStay } from '../domain/rewards-list.ts';
import { enterStay } from '../domain/stay-entry.ts';
import { stayReceiptOf } from '../domain/stay-receipt.ts';
import { setEndDate, stayOf, terminateStay } from '../domain/stays.ts';
import { etagOnSend } from '../etag.ts';
import { receiptPdfOf } from '../receipt-pdf.ts';
import { staffSessionOf } from '../staff-auth.ts';
import { callerOf } from './caller.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
/** What both stay creations here and the room QR's (routes/rooms.ts) answer (docs/server.md#stay-creation). */
export const stayCreationResponses = { 200: CreatedStayReply, 201: CreatedStayReply, ...errors, 429: ErrorBody };

/** The receipt as one A4 page, its own media type (an error stays JSON). */
const ReceiptPdfAnswer = {
  description: "The stay's impact receipt, one A4 page",
  content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
};

export const staysRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { store } = deps;

  app.post(
    '/new',
    {
      schema: {
        body: CreateRoomStayBody,
        response: stayCreationResponses,
      },
    },
    async (request, reply) => {
      const { hId, rId, qrId, profileUUID, lang } = request.body;
      const entry = { kind: 'room', hotelId: hId, roomId: rId, qrId } as const;
      const input = { entry, profileUUID, lang, caller: callerOf(request, deps) };
      const { created, answer } = await enterStay(store, input, deps.mailer !== null, deps.now());
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.options(
    '/hotel/:hId/new',
    { schema: { params: HotelParams, response: { 204: NoContentReply, 400: ErrorBody } } },
    async (_request, reply) => reply.code(204).header('allow', 'POST, OPTIONS').send(null),
  );

  app.post(
    '/hotel/:hId/new',
    {
      schema: {
        params: HotelParams,
        body: CreateHotelStayBody,
        response: stayCreationResponses,
      },
    },
    async (request, reply) => {
      const { profileUUID, key, lang } = request.body;
      const input = {
        entry: { kind: 'hotel', hotelId: request.params.hId, key } as const,
        profileUUID,
        lang,
        caller: callerOf(request, deps),
      };
      const { created, answer } = await enterStay(store, input, deps.mailer !== null, deps.now());
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/:sUUID',
    { schema: { params: StayParams, querystring: ProfileQuery, response: { 200: StayReply, ...errors } } },
    async (request) => ({ stay: await stayOf(store, request.params.sUUID, request.query.uuid, deps.now()) }),
  );

  app.get(
    '/:sUUID/actions',
    {
      schema: { params: StayParams, querystring: LangProfileQuery, response: { 200: ActionsReply, ...errors } },
      onSend: etagOnSend,
    },
    async (request) => {
      const { lang, uuid } = request.query;
      return actionsOfStay(store, { sUUID: request.params.sUUID, profileUUID: uuid, lang }, deps.now());
    },
  );

  app.get(
    '/:sUUID/rewards',
    {
      schema: { params: StayParams, querystring: LangProfileQuery, response: { 200: RewardsReply, ...errors } },
      onSend: etagOnSend,
    },
    async (request) => {
      const { lang, uuid } = request.query;
      return rewardsOfStay(store, { sUUID: request.params.sUUID, profileUUID: uuid, lang }, deps.now());
    },
  );

  app.put(
    '/:sUUID/terminate',
    {
      // The front token first, then the staff session (docs/behaviour.md#termination).
      preHandler: [deps.frontToken.required, deps.staffAuth.allowed('stayReset')],
      schema: { params: StayParams, body: TerminateBody, response: { 200: StayReply, ...errors } },
    },
    async (request) => ({
      stay: await terminateStay(store, request.params.sUUID, request.body.uuid, staffSessionOf(request), deps.now()),
    }),
  );

  app.put(
    '/:sUUID/endDate',
    { schema: { params: StayParams, body: EndDateBody, response: { 200: StayReply, ...errors } } },
    async (request) => ({
      stay: await setEndDate(store, request.params.sUUID, request.body.uuid, request.body.endDate, deps.now()),
    }),
  );

  // The stay's impact receipt (docs/behaviour.md#receipt): whoever may read the stay, while it runs and after.
  app.get(
    '/:sUUID/receipt',
    { schema: { params: StayParams, querystring: LangProfileQuery, response: { 200: StayReceiptReply, ...errors } } },
    async (request) => {
      const { lang, uuid } = request.query;
      return stayReceiptOf(store.db, { sUUID: request.params.sUUID, profileUUID: uuid, lang }, deps.now());
    },
  );

  app.get(
    '/:sUUID/receipt.pdf',
    {
      schema: {
        params: StayParams,
        querystring: LangProfileQuery,
        response: { 200: ReceiptPdfAnswer, ...errors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { lang, uuid } = request.query;
      const pdf = await receiptPdfOf(store, { sUUID: request.params.sUUID, profileUUID: uuid, lang }, deps.now());
      return reply.type('application/pdf').header('content-disposition', 'inline; filename="receipt.pdf"').send(pdf);
    },
  );

  app.post(
    '/:sUUID/receipt/email',
    {
      schema: {
        params: StayParams,
        body: ReceiptEmailBody,
        response: { 200: ReceiptEmailReply, ...errors, 429: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      const { uuid, email, lang } = request.body;
      await emailStayReceipt(
        store,
        deps.mailer,
        { sUUID: request.params.sUUID, profileUUID: uuid, email, lang },
        deps.now(),
      );
      return { success: 'OK' as const };
    },
  );
};
