/**
 * /api/staff/hotels/:hId/summary: the staff page's impact figures over a period (docs/impact.md); certification.csv
 * and certification.pdf: the same figures laid out for a Green Key or Travelife file (docs/impact.md#certification).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody, HotelParams, ImpactSummaryQuery, ImpactSummaryReply } from '../../contract/schemas.ts';
import { certificationPdfAsStaff } from '../certification-pdf.ts';
import type { AppDeps } from '../deps.ts';
import { certificationCsvAsStaff } from '../domain/certification.ts';
import { impactSummary } from '../domain/impact.ts';
import { staffSessionOf } from '../staff-auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The dossier's files, each as its own media type (an error stays JSON). */
const CertificationCsvAnswer = {
  description: 'The certification dossier as a CSV file (RFC 4180, UTF-8): one row per scheme item and figure',
  content: { 'text/csv': { schema: Type.String() } },
};
const CertificationPdfAnswer = {
  description: 'The certification dossier’s one-page summary, an A4 PDF',
  content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
};

export const staffImpactRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/hotels/:hId/summary',
    {
      schema: {
        params: HotelParams,
        querystring: ImpactSummaryQuery,
        response: { 200: ImpactSummaryReply, ...errors },
      },
      preHandler: deps.staffAuth.allowed('impact'),
    },
    async (request) =>
      impactSummary(deps.store.db, staffSessionOf(request), {
        hotelId: request.params.hId,
        from: request.query.from,
        to: request.query.to,
      }),
  );

  app.get(
    '/hotels/:hId/certification.csv',
    {
      schema: {
        params: HotelParams,
        querystring: ImpactSummaryQuery,
        response: { 200: CertificationCsvAnswer, ...errors },
      },
      preHandler: deps.staffAuth.allowed('impact'),
    },
    async (request, reply) => {
      const file = await certificationCsvAsStaff(deps.store.db, staffSessionOf(request), {
        hotelId: request.params.hId,
        from: request.query.from,
        to: request.query.to,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.text);
    },
  );

  app.get(
    '/hotels/:hId/certification.pdf',
    {
      schema: {
        params: HotelParams,
        querystring: ImpactSummaryQuery,
        response: { 200: CertificationPdfAnswer, ...errors },
      },
      preHandler: deps.staffAuth.allowed('impact'),
    },
    async (request, reply) => {
      const file = await certificationPdfAsStaff(deps.store.db, staffSessionOf(request), {
        hotelId: request.params.hId,
        from: request.query.from,
        to: request.query.to,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.pdf);
    },
  );
};
