import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { type ActorRefFrom, type AnyStateMachine, createActor, fromPromise, type InputFrom } from 'xstate';
import type { HotelReply, Stay, SubmissionReply } from '../../contract/schemas.ts';
import { CAP_TEXTS, NETWORK_FAILURE } from '../../machines/failureTexts.ts';
import { staySessionMachine } from '../../machines/staySession.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { StayPage } from '../../src/views/stay/StaySession.tsx';
import { makeHotel, makeStay, PROFILE_ID, STAY_ID } from './stay-fixtures.ts';
import { renderStayRoutes } from './stay-routes.tsx';
import { stayTreeLogic } from './stay-tree.ts';

export interface ActionModalSetup {
  stay?: Stay;
  hotel?: HotelReply;
  /** The address of the stay page the modal opens on (e.g. `/demo/stay/stay-1`). */
  url?: string;
}

/**
 * Renders an action modal as the action dialog host does: on the stay page, inside a loaded stay session
 * (`useStaySession()` gives the hotel), and waits for its dialog.
 */
export async function renderActionModal(
  modal: ReactNode,
  { stay = makeStay(), hotel = makeHotel(), url = `/stay/${STAY_ID}` }: ActionModalSetup = {},
) {
  localStorage.setItem('profileUUID', PROFILE_ID);
  const logic = stayTreeLogic({
    staySession: staySessionMachine.provide({
      actors: {
        loadStay: fromPromise(async () => stay),
        loadHotel: fromPromise(async () => hotel),
      },
    }),
  });
  const rendered = renderStayRoutes(url, {
    actions: ({ sUUID }) => (
      <StayPage sUUID={sUUID} active="actions" logic={logic}>
        {modal}
      </StayPage>
    ),
  });
  // The stay session loads and the route renders before the dialog: under a whole suite's load, a file's first render
  // can take longer than findBy's default second.
  await screen.findByRole('dialog', {}, { timeout: 5000 });
  return rendered;
}

/**
 * A modal's machine started as the action launch runs it (its child `modal`), with the calls the test settles
 * (`actors`): the modal view under test draws this actor.
 */
export function startModalFlow<Machine extends AnyStateMachine>(
  machine: Machine,
  input: InputFrom<Machine>,
  actors: object,
): ActorRefFrom<Machine> {
  const flow: AnyStateMachine = machine;
  return createActor(flow.provide({ actors }), { input }).start() as ActorRefFrom<Machine>;
}

/** The dialog of the modal whose flow is `scope` (its data-scope). */
export function modalDialog(scope: string): HTMLElement {
  const dialog = document.querySelector<HTMLElement>(`[role="dialog"][data-scope="${scope}"]`);
  if (!dialog) throw new Error(`no ${scope} dialog`);
  return dialog;
}

/** What a modal test settles: the pending `submitAnswer` call of its controlled actors (controlled-actors.ts). */
interface PendingSubmission {
  isPending(name: 'submitAnswer'): boolean;
  resolve(name: 'submitAnswer', value: unknown): void;
  reject(name: 'submitAnswer', error: unknown): void;
}

/** The model's steps that answer the modal's submission with the step's reply or failure, once it is asked. */
export function submitAnswerSteps(controlled: PendingSubmission) {
  return {
    'xstate.done.actor.submitAnswer': async (step: { event: unknown }) => {
      await waitFor(() => expect(controlled.isPending('submitAnswer')).toBe(true));
      act(() => controlled.resolve('submitAnswer', (step.event as { output: unknown }).output));
    },
    'xstate.error.actor.submitAnswer': async (step: { event: unknown }) => {
      await waitFor(() => expect(controlled.isPending('submitAnswer')).toBe(true));
      act(() => controlled.reject('submitAnswer', (step.event as { error: unknown }).error));
    },
  };
}

/** Submission replies and failures shaped like the server's (docs/behaviour.md#earning-points). */
export const SUBMITTED: SubmissionReply = {
  message: 'Merci pour votre avis !',
  greenMilesChange: 15,
  greenMiles: 55,
};
export const SERVER_FAILURE = new ApiError(500, 'internal', 'Database unavailable');
export const NOT_ENOUGH = new ApiError(409, 'not_enough_greenmiles', 'Not enough GreenMiles to change this answer');
/** A call that never reached the server: the client's `network_error` (src/api/http.ts), the library's text aside. */
export const NETWORK_DOWN = new ApiError(0, 'network_error', 'Request failed due to a network error', {
  cause: new TypeError('Failed to fetch'),
});

/** docs/behaviour.md#caps: a change refused because the answer was changed too often tonight. */
export const TOO_MANY_CHANGES = new ApiError(429, 'too_many_answer_changes', 'At most 3 changes per night');
/** The failure events of a flow that changes an answer (yes/no, skip cleaning, shower, heating). */
export const CHANGE_FAILURES = [{ type: 'xstate.error.actor.submitAnswer', error: TOO_MANY_CHANGES }] as const;

/** The failure events every submission model tries: a server fault, a network failure, missing points. */
export const SUBMISSION_FAILURES = [
  { type: 'xstate.error.actor.submitAnswer', error: SERVER_FAILURE },
  { type: 'xstate.error.actor.submitAnswer', error: NETWORK_DOWN },
  { type: 'xstate.error.actor.submitAnswer', error: NOT_ENOUGH },
] as const;

/** 'Réessayer' of a failed submission (machines/dialogs/submission.ts `submission.retry`). */
export const RETRY = { type: 'submission.retry' } as const;

/**
 * The red alert of a failed send: the flow's own text (`flowText`), or the network text after a network failure,
 * never a server's or library's text, with its 'Réessayer'.
 */
export function expectFailureAlert(flowText: string, error: { id?: string } | null) {
  const alert = screen.getByRole('alert');
  const expected =
    error?.id === NETWORK_FAILURE.id
      ? 'Connexion impossible'
      : error?.id === CAP_TEXTS.too_many_answer_changes?.id
        ? 'Vous avez modifié cette réponse trop souvent cette nuit. Réessayez demain.'
        : flowText;
  expect(alert).toHaveTextContent(expected);
  expect(alert).not.toHaveTextContent(/Database unavailable|network error|Failed to fetch/);
  expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeEnabled();
}

/** The model's step of 'Réessayer'. */
export function retryStep(user: UserEvent) {
  return {
    'submission.retry': async () => {
      await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Réessayer' }));
    },
  };
}
