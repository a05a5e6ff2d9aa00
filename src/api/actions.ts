import { ACTION_TYPE_RULES, type SubmittedActionType } from '../../contract/action-types.ts';
import type { Action, SubmissionBodyOf, SubmissionReply } from '../../contract/schemas.ts';
import { call, frontTokenHeaders, http } from './http.ts';
import type { StayRef } from './stays.ts';

/** Sends an answer: POST /api/actions/{actId}/{path}, the path of the action's type in the registry. */
export const submitAction = <Type extends SubmittedActionType>(
  actId: number,
  type: Type,
  body: SubmissionBodyOf<Type>,
): Promise<SubmissionReply> =>
  call(() =>
    http.post(`actions/${actId}/${ACTION_TYPE_RULES[type].submissionPath}`, { json: body }).json<SubmissionReply>(),
  );

/** One action as the stay's list shows it: GET /api/actions/{actId}?lang&sUUID&uuid, with the front token. */
export const getAction = ({ sUUID, profileUUID }: StayRef, actId: number, lang: string): Promise<Action> =>
  call(() =>
    http
      .get(`actions/${actId}`, { searchParams: { lang, sUUID, uuid: profileUUID }, headers: frontTokenHeaders() })
      .json<Action>(),
  );
