import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Action, SubmissionReply, SubmissionRequest } from '../../../../contract/schemas.ts';
import type { SubmissionInput } from '../../../../machines/submission.ts';
import { submitAction } from '../../../api/actions.ts';
import { useProvidedLogic } from '../../binding/useProvidedLogic.ts';
import { useStaySession } from '../../stay/StaySession.tsx';
import type { SubmissionModalProps } from './types.ts';

/** The real `submitAnswer` of every submission flow (machines/submission.ts): POST /api/actions/{actId}/{path}. */
export const submitAnswer = fromPromise<SubmissionReply, SubmissionRequest>(({ input }) =>
  submitAction(input.actId, input.type, input.body),
);

/** A flow of the submission family, as the modals provide it: its `submitAnswer` actor and `notifySubmitted` action. */
interface SubmissionLogic<Logic> {
  provide(implementations: { actors: { submitAnswer: typeof submitAnswer } }): Logic;
  provide(implementations: { actions: { notifySubmitted(args: unknown, reply: SubmissionReply): void } }): Logic;
}

/**
 * The props of a modal's `<Context.Provider>`: its flow's `machine` (or the `logic` a test gives) with the real
 * `submitAnswer` and a `notifySubmitted` that calls the host's latest `onSubmitted`; its input: the action, the
 * guest and stay of the session, its language, the end date, and the flow's own fields (`extraInput`).
 */
export function useSubmissionFlow<Logic extends SubmissionLogic<Logic>, Extra extends object = Record<never, never>>(
  machine: Logic,
  { logic, action, endDate, onSubmitted }: SubmissionModalProps<Logic>,
  extraInput?: Extra,
): { logic: Logic; options: { input: SubmissionInput & Extra } } {
  const submitting = useMemo(() => logic ?? machine.provide({ actors: { submitAnswer } }), [logic, machine]);
  const provided = useProvidedLogic(submitting, {
    notifySubmitted: (_: unknown, reply: SubmissionReply) => onSubmitted(reply),
  });
  const submission = useSubmissionInput(action, endDate);
  return { logic: provided, options: { input: { ...submission, ...(extraInput as Extra) } } };
}

function useSubmissionInput(action: Action, endDate: string | null): SubmissionInput {
  const { sUUID, profileUUID, language } = useStaySession();
  return useMemo(
    () => ({ actId: action.actId, uuid: profileUUID, sUUID, lang: language, endDate: endDate ?? action.endDate }),
    [action.actId, action.endDate, profileUUID, sUUID, language, endDate],
  );
}
