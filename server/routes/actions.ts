/** /api/actions: the single-action fetch and the action submissions (one route per path of the registry). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SUBMISSION_PATHS, type SubmissionPath } from '../../contract/action-types.ts';
import {
  ActionParams,
  ErrorBody,
  SingleActionQuery,
  SingleActionReply,
  type SubmissionBodies,
  SubmissionBodySchemas,
  SubmissionReply,
} from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { actionOfStay } from '../domain/actions-list.ts';
import { submitAction } from '../domain/submissions.ts';
import { callerOf } from './caller.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const submissionErrors = { ...errors, 429: ErrorBody };

export const actionsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { store } = deps;

  app.get(
    '/:actId',
    {
      preHandler: deps.frontToken.required,
      schema: { params: ActionParams, querystring: SingleActionQuery, response: { 200: SingleActionReply, ...errors } },
    },
    async (request) => {
      const { lang, sUUID, uuid } = request.query;
      return actionOfStay(store, { actionId: request.params.actId, sUUID, profileUUID: uuid, lang }, deps.now());
    },
  );

  const submissionRoute = <Path extends SubmissionPath>(path: Path) =>
    app.post(
      `/:actId/${path}`,
      {
        schema: {
          params: ActionParams,
          body: SubmissionBodySchemas[path],
          response: { 200: SubmissionReply, ...submissionErrors },
        },
      },
      async (request) =>
        submitAction(
          store,
          // The schema of this path validated the body.
          {
            actionId: request.params.actId,
            path,
            body: request.body as SubmissionBodies[Path],
            caller: callerOf(request, deps),
          },
          deps.now(),
        ),
    );
  for (const path of Object.keys(SUBMISSION_PATHS) as SubmissionPath[]) submissionRoute(path);
};
