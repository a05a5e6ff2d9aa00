/**
 * /api/staff/hotels/:hId/audit and /audit.csv: the hotel's audit trail, for its managers
 * (docs/behaviour.md#audit-trail): a page of it as JSON, or a period of it as a CSV file.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ErrorBody,
  StaffAuditCsvQuery,
  StaffAuditQuery,
  StaffAuditReply,
  StaffHotelParams,
} from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { staffAuditCsv, staffAuditPage } from '../domain/staff-audit-trail.ts';
import { staffSessionOf } from '../staff-auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The CSV answer, as its own media type (an error stays JSON). */
const AuditCsvAnswer = {
  description: 'The trail as a CSV file (RFC 4180, UTF-8), a header row first',
  content: { 'text/csv': { schema: Type.String() } },
};

export const staffAuditRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/hotels/:hId/audit',
    {
      preHandler: deps.staffAuth.allowed('audit'),
      schema: { params: StaffHotelParams, querystring: StaffAuditQuery, response: { 200: StaffAuditReply, ...errors } },
    },
    async (request) =>
      staffAuditPage(deps.store.db, {
        session: staffSessionOf(request),
        hotelId: request.params.hId,
        query: request.query,
      }),
  );

  app.get(
    '/hotels/:hId/audit.csv',
    {
      preHandler: deps.staffAuth.allowed('audit'),
      schema: {
        params: StaffHotelParams,
        querystring: StaffAuditCsvQuery,
        response: { 200: AuditCsvAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const file = await staffAuditCsv(
        deps.store.db,
        { session: staffSessionOf(request), hotelId: request.params.hId, query: request.query },
        deps.now(),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.text);
    },
  );
};
