/** /api/actions: the single-action fetch and the action submissions (one route per kind). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import {
  ActionParams,
  ClaimActionBody,
  CustomBody,
  ErrorBody,
  HeatingBody,
  LunicleanBody,
  LunishowerBody,
  QuizBody,
  ReviewBody,
  SingleActionQuery,
  SingleActionReply,
  SubmissionReply,
  YesNoBody,
} from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import type { SubmissionKind, SubmittedAnswer } from '../domain/answers.ts';
import { listActions } from '../domain/catalogue.ts';
import { notFound } from '../domain/errors.ts';
import { findOwnedStay } from '../domain/stays.ts';
import { submitAction } from '../domain/submissions.ts';
import { checkFrontToken } from '../front-token.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

interface BaseBody {
  uuid: string;
  sUUID: string;
  lang?: string;
  endDate?: string | null;
}

/** Each kind: its body schema and how the body becomes the submitted answer. */
const KINDS: Record<SubmissionKind, { body: TSchema; answer: (body: never) => SubmittedAnswer }> = {
  review: { body: ReviewBody, answer: (b: { rating: number }) => ({ kind: 'review', rating: b.rating }) },
  custom: { body: CustomBody, answer: (b: { optionValue: number }) => ({ kind: 'custom', optionId: b.optionValue }) },
  claim: { body: ClaimActionBody, answer: () => ({ kind: 'claim' }) },
  lunishower: {
    body: LunishowerBody,
    answer: (b: { objectiveRespected: boolean }) => ({ kind: 'lunishower', objectiveRespected: b.objectiveRespected }),
  },
  luniclean: {
    body: LunicleanBody,
    answer: (b: { skipCleaning: boolean; roomNumber?: string | null }) => ({
      kind: 'luniclean',
      skipCleaning: b.skipCleaning,
      roomNumber: b.roomNumber ?? null,
    }),
  },
  yesno: { body: YesNoBody, answer: (b: { response: boolean }) => ({ kind: 'yesno', response: b.response }) },
  yesnon: { body: YesNoBody, answer: (b: { response: boolean }) => ({ kind: 'yesnon', response: b.response }) },
  yesnomail: { body: YesNoBody, answer: (b: { response: boolean }) => ({ kind: 'yesnomail', response: b.response }) },
  quiz: {
    body: QuizBody,
    answer: (b: { selectedPosition: number }) => ({ kind: 'quiz', selectedPosition: b.selectedPosition }),
  },
  heating: {
    body: HeatingBody,
    answer: (b: { temperature: number }) => ({ kind: 'heating', temperature: b.temperature }),
  },
};

export const actionsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, kind } = deps;

  app.get(
    '/:actId',
    {
      schema: { params: ActionParams, querystring: SingleActionQuery, response: { 200: SingleActionReply, ...errors } },
    },
    async (request) => {
      checkFrontToken(request, deps.frontToken);
      const { lang, sUUID, uuid } = request.query;
      const stay = await findOwnedStay(db, sUUID, uuid);
      const action = (await listActions(db, stay, lang, deps.now())).find((a) => a.actId === request.params.actId);
      if (!action) throw notFound('Action');
      return action;
    },
  );

  for (const [path, { body, answer }] of Object.entries(KINDS) as Array<
    [SubmissionKind, (typeof KINDS)[SubmissionKind]]
  >) {
    app.post(
      `/:actId/${path}`,
      { schema: { params: ActionParams, body, response: { 200: SubmissionReply, ...errors } } },
      async (request) => {
        const params = request.params as { actId: number };
        const input = request.body as BaseBody;
        return submitAction(
          db,
          kind,
          {
            actionId: params.actId,
            sUUID: input.sUUID,
            profileUUID: input.uuid,
            lang: input.lang,
            endDate: input.endDate,
            answer: answer(input as never),
          },
          deps.now(),
        );
      },
    );
  }
};
