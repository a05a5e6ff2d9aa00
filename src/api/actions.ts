import { ACTION_TYPE_RULES, type SubmittedActionType } from '../../contract/action-types.ts';
import type { SubmissionBodyOf, SubmissionReply } from '../../contract/schemas.ts';
import { call, http } from './http.ts';

/** Sends an answer: POST /api/actions/{actId}/{path}, the path of the action's type in the registry. */
export const submitAction = <Type extends SubmittedActionType>(
  actId: number,
  type: Type,
  body: SubmissionBodyOf<Type>,
): Promise<SubmissionReply> =>
  call(() =>
    http.post(`actions/${actId}/${ACTION_TYPE_RULES[type].submissionPath}`, { json: body }).json<SubmissionReply>(),
  );
