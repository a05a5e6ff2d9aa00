/**
 * /api/staff/hotels/:hId/content…: the back office's content editor (docs/behaviour.md#content-editor), for managers.
 * The staff check runs on request, before a document's body is read: only a manager's session makes the server parse
 * one.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ContentCheckBody,
  ContentCheckReply,
  ContentHistoryReply,
  ContentReply,
  ContentRestoreBody,
  ContentSaveBody,
  ContentVersionParams,
  ContentVersionReply,
  ContentYamlQuery,
} from '../../contract/content-editor.ts';
import { ErrorBody, StaffHotelParams } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import {
  checkContent,
  contentHistory,
  contentVersionOf,
  contentYaml,
  importContentYaml,
  readContent,
  restoreContentVersion,
  saveContent,
} from '../domain/content-editor.ts';
import { staffSessionOf } from '../staff-auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const writeErrors = { ...errors, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody };

/** A document with a pool of codes or many translations: far above the guest calls' limits, still bounded. */
export const CONTENT_BODY_LIMIT = 2 * 1024 * 1024;
const CONTENT_JSON_VALUES = 200_000;
const documentRoute = { bodyLimit: CONTENT_BODY_LIMIT, config: { maxJsonValues: CONTENT_JSON_VALUES } };

const YamlAnswer = {
  description: 'The content as a content file (YAML), ready for npm run hotel:import',
  content: { 'application/yaml': { schema: Type.String() } },
};

export const staffContentRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const onRequest = deps.staffAuth.allowed('content');
  // A content file sent as YAML text (the browser's import): parsed by the domain, which names its lines.
  app.addContentTypeParser(['application/yaml', 'text/yaml'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/hotels/:hId/content',
    { onRequest, schema: { params: StaffHotelParams, response: { 200: ContentReply, ...errors } } },
    async (request) => readContent(deps.store.db, staffSessionOf(request), request.params.hId),
  );

  app.put(
    '/hotels/:hId/content',
    {
      onRequest,
      ...documentRoute,
      schema: { params: StaffHotelParams, body: ContentSaveBody, response: { 200: ContentReply, ...writeErrors } },
    },
    async (request) => saveContent(deps.store, staffSessionOf(request), request.params.hId, request.body, deps.now()),
  );

  app.post(
    '/hotels/:hId/content/check',
    {
      onRequest,
      ...documentRoute,
      schema: { params: StaffHotelParams, body: ContentCheckBody, response: { 200: ContentCheckReply, ...errors } },
    },
    async (request) => checkContent(staffSessionOf(request), request.params.hId, request.body.document),
  );

  app.get(
    '/hotels/:hId/content/versions',
    { onRequest, schema: { params: StaffHotelParams, response: { 200: ContentHistoryReply, ...errors } } },
    async (request) => contentHistory(deps.store.db, staffSessionOf(request), request.params.hId),
  );

  app.get(
    '/hotels/:hId/content/versions/:number',
    { onRequest, schema: { params: ContentVersionParams, response: { 200: ContentVersionReply, ...errors } } },
    async (request) => contentVersionOf(deps.store.db, staffSessionOf(request), request.params),
  );

  app.post(
    '/hotels/:hId/content/versions/:number/restore',
    {
      onRequest,
      schema: {
        params: ContentVersionParams,
        body: ContentRestoreBody,
        response: { 200: ContentReply, ...writeErrors },
      },
    },
    async (request) =>
      restoreContentVersion(deps.store, staffSessionOf(request), request.params, request.body, deps.now()),
  );

  app.get(
    '/hotels/:hId/content.yaml',
    { onRequest, schema: { params: StaffHotelParams, response: { 200: YamlAnswer, ...errors } } },
    async (request, reply) => {
      const text = await contentYaml(deps.store.db, staffSessionOf(request), request.params.hId);
      return reply
        .type('application/yaml; charset=utf-8')
        .header('content-disposition', `attachment; filename="hotel-${request.params.hId}.yaml"`)
        .send(text);
    },
  );

  app.put(
    '/hotels/:hId/content.yaml',
    {
      onRequest,
      bodyLimit: CONTENT_BODY_LIMIT,
      schema: {
        params: StaffHotelParams,
        querystring: ContentYamlQuery,
        body: Type.String(),
        response: { 200: ContentReply, ...writeErrors },
      },
    },
    async (request) =>
      importContentYaml(
        deps.store,
        staffSessionOf(request),
        request.params.hId,
        { text: request.body, baseVersion: request.query.baseVersion },
        deps.now(),
      ),
  );
};
