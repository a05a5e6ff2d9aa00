/** /api/actions/{actId}/limeat: the meal photo's menu and its analysis (docs/behaviour.md#meal-photo). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MEAL_BODY_LIMIT } from '../../contract/meal-photo.ts';
import {
  ActionParams,
  ErrorBody,
  LimeatBody,
  LimeatReply,
  MealMenuQuery,
  MealMenuReply,
} from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { mealMenu, submitMealPhoto } from '../domain/meals/meals.ts';
import { callerOf } from './caller.ts';

const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody };
const photoErrors = { ...errors, 429: ErrorBody, 503: ErrorBody };

export const mealsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/:actId/limeat/menu',
    { schema: { params: ActionParams, querystring: MealMenuQuery, response: { 200: MealMenuReply, ...errors } } },
    async (request) => {
      const { sUUID, uuid, lang } = request.query;
      return mealMenu(deps.store, deps.mealAnalyser, {
        actionId: request.params.actId,
        sUUID,
        profileUUID: uuid,
        lang,
      });
    },
  );

  app.post(
    '/:actId/limeat',
    {
      // The photo travels as base64 in the JSON body: larger than the API's usual limit.
      bodyLimit: MEAL_BODY_LIMIT,
      schema: { params: ActionParams, body: LimeatBody, response: { 200: LimeatReply, ...photoErrors } },
    },
    async (request) =>
      submitMealPhoto(
        deps.store,
        deps.mealAnalyser,
        { actionId: request.params.actId, body: request.body, caller: callerOf(request, deps) },
        deps.now(),
      ),
  );
};
