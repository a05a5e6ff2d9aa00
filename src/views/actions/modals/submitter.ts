import { useCallback, useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { SubmissionInput, SubmissionRequest } from '../../../../machines/submission.ts';
import { type SubmissionPath, submitAction } from '../../../api/actions.ts';
import type { Action, SubmissionReply } from '../../../api/contract.ts';
import { useStaySession } from '../../stay/StaySession.tsx';

type SubmissionBody<Path extends SubmissionPath> = Parameters<typeof submitAction<Path>>[2];

/** The real `submitAnswer` actor of a modal machine: POST /api/actions/{actId}/{path}. */
export function submitter<Path extends SubmissionPath>(path: Path) {
  return fromPromise<SubmissionReply, SubmissionRequest<SubmissionBody<Path>>>(({ input }) =>
    submitAction(input.actId, path, input.body),
  );
}

/** The submission machines' input: the action, the guest and stay of the session, its language, the end date. */
export function useSubmissionInput(action: Action, endDate: string | null): SubmissionInput {
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
export function useStableCallback<Args extends unknown[]>(callback: (...args: Args) => void): (...args: Args) => void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
