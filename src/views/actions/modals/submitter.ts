import { useCallback, useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { SubmittedActionType } from '../../../../contract/action-types.ts';
import type { Action, SubmissionBodyOf, SubmissionReply } from '../../../../contract/schemas.ts';
import type { SubmissionInput, SubmissionRequest } from '../../../../machines/submission.ts';
import { submitAction } from '../../../api/actions.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import type { ActionModalProps } from './types.ts';

/** The real `submitAnswer` actor of a modal machine: POST /api/actions/{actId}/{the type's path}. */
export function submitter<Type extends SubmittedActionType>(type: Type) {
  return fromPromise<SubmissionReply, SubmissionRequest<SubmissionBodyOf<Type>>>(({ input }) =>
    submitAction(input.actId, type, input.body),
  );
}

/** A modal's machine: it hands a successful reply to the view-provided `notifySubmitted` action. */
interface NotifyingLogic<Logic> {
  provide(implementations: { actions: { notifySubmitted(args: unknown, reply: SubmissionReply): void } }): Logic;
}

/**
 * The props of a modal's `<Context.Provider>`: its machine, with `notifySubmitted` calling the host's latest
 * `onSubmitted`, and its input: the action, the guest and stay of the session, its language, the end date, and the
 * flow's own fields (`extraInput`).
 */
export function useSubmissionFlow<Logic extends NotifyingLogic<Logic>, Extra extends object = Record<never, never>>(
  logic: Logic,
  { action, endDate, onSubmitted }: Pick<ActionModalProps, 'action' | 'endDate' | 'onSubmitted'>,
  extraInput?: Extra,
): { logic: Logic; options: { input: SubmissionInput & Extra } } {
  const submission = useSubmissionInput(action, endDate);
  const notify = useStableCallback(onSubmitted);
  const provided = useMemo(
    () => logic.provide({ actions: { notifySubmitted: (_, reply) => notify(reply) } }),
    [logic, notify],
  );
  return { logic: provided, options: { input: { ...submission, ...(extraInput as Extra) } } };
}

function useSubmissionInput(action: Action, endDate: string | null): SubmissionInput {
  const { sUUID, profileUUID, language } = useStaySession();
  return useMemo(
    () => ({ actId: action.actId, uuid: profileUUID, sUUID, lang: language, endDate: endDate ?? action.endDate }),
    [action.actId, action.endDate, profileUUID, sUUID, language, endDate],
  );
}

/**
 * A stable function that always calls the latest `callback`: the machine's provided actions are built once,
 * while the host may pass a new `onSubmitted` on every render.
 */
function useStableCallback<Args extends unknown[]>(callback: (...args: Args) => void): (...args: Args) => void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
