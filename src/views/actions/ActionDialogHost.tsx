import { useLingui } from '@lingui/react/macro';
import { createActorContext } from '@xstate/react';
import { type ComponentType, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { FALLBACK_ACTION_TYPE } from '../../../contract/action-types.ts';
import { calendarDateIn } from '../../../contract/calendar-days.ts';
import type { SubmissionReply } from '../../../contract/schemas.ts';
import { actionLaunchMachine } from '../../../machines/actionLaunch.machine.ts';
import { actionOutcomeMachine } from '../../../machines/actionOutcome.machine.ts';
import type { endDatePickerMachine } from '../../../machines/endDatePicker.machine.ts';
import type { nightsPickerMachine } from '../../../machines/nightsPicker.machine.ts';
import { toastMachine } from '../../../machines/toast.machine.ts';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { Sheet } from '../../components/Sheet.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Toast } from '../../components/Toast.tsx';
import { pointsNameOf } from '../stay/hotelLanguages.ts';
import { type StaySession, useStaySession } from '../stay/StaySession.tsx';
import { ActionsListContext } from './ActionsList.tsx';
import { actionLaunchLogic } from './actionLaunch.logic.ts';
import { LoadingSheet } from './LoadingSheet.tsx';
import { CelebrationModal } from './modals/CelebrationModal.tsx';
import { ACTION_MODALS } from './modals/registry.ts';
import type { ActionModalProps } from './modals/types.ts';
import { EndDatePicker } from './pickers/EndDatePicker.tsx';
import { NightsPicker } from './pickers/NightsPicker.tsx';
import './ActionDialogHost.css';

export const ActionLaunchContext = createActorContext(actionLaunchMachine);
export const ActionOutcomeContext = createActorContext(actionOutcomeMachine);
export const SubmissionToastContext = createActorContext(toastMachine);

/** Replacement logic for the host's flows (tests, demo tooling); the real ones by default. */
export interface ActionDialogHostLogic {
  actionLaunch?: typeof actionLaunchMachine | undefined;
  actionOutcome?: typeof actionOutcomeMachine | undefined;
  toast?: typeof toastMachine | undefined;
}

/** The registry key of the read-only summary of completed actions (the other modals are keyed by actType). */
const COMPLETED_SUMMARY = 'COMPLETED';

/**
 * Everything that opens from an action card (SPEC.md §2, §4): the launch flow (summary, claim, pickers, modal of
 * the type) and what follows a successful submission (toast, refetches, celebration). A lazy chunk of its own:
 * the actions page mounts it when the guest first opens an action.
 */
export default function ActionDialogHost({ logic = {} }: { logic?: ActionDialogHostLogic }) {
  const session = useStaySession();
  const list = ActionsListContext.useActorRef();
  // The session object changes with every stay refresh; the machines keep their first implementations.
  const sessionRef = useRef<StaySession>(session);
  sessionRef.current = session;

  const launchLogic = useMemo(
    () =>
      (logic.actionLaunch ?? actionLaunchLogic).provide({
        actions: {
          refreshStay: () => sessionRef.current.refreshStay(),
          releaseAction: () => list.send({ type: 'action.close' }),
        },
      }),
    [logic.actionLaunch, list],
  );

  return (
    <SubmissionToastContext.Provider logic={logic.toast ?? toastMachine}>
      <OutcomeProvider logic={logic.actionOutcome} sessionRef={sessionRef}>
        <ActionLaunchContext.Provider
          logic={launchLogic}
          options={{ input: { sUUID: session.sUUID, profileUUID: session.profileUUID } }}
        >
          <LaunchFollower />
          <LaunchDialogs />
        </ActionLaunchContext.Provider>
        <SubmissionToast />
        <Celebration />
      </OutcomeProvider>
    </SubmissionToastContext.Provider>
  );
}

function OutcomeProvider({
  logic,
  sessionRef,
  children,
}: {
  logic: typeof actionOutcomeMachine | undefined;
  sessionRef: { current: StaySession };
  children: ReactNode;
}) {
  const list = ActionsListContext.useActorRef();
  const toast = SubmissionToastContext.useActorRef();
  const outcomeLogic = useMemo(
    () =>
      (logic ?? actionOutcomeMachine).provide({
        actions: {
          showToast: (_, reply: SubmissionReply) =>
            toast.send({
              type: 'toast.show',
              content: { kind: 'submission', message: reply.message, points: reply.greenMilesChange },
            }),
          reloadActions: () => list.send({ type: 'actions.reload' }),
          refreshStay: () => sessionRef.current.refreshStay(),
        },
      }),
    [logic, list, toast, sessionRef],
  );
  return <ActionOutcomeContext.Provider logic={outcomeLogic}>{children}</ActionOutcomeContext.Provider>;
}

/** Starts the launch flow each time the actions list records an opened action. */
function LaunchFollower() {
  const { stay, hotel } = useStaySession();
  const list = ActionsListContext.useActorRef();
  const launch = ActionLaunchContext.useActorRef();
  const selectedActionId = ActionsListContext.useSelector((snapshot) => snapshot.context.selectedActionId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selection starts a launch, not a new stay.
  useEffect(() => {
    if (selectedActionId === null || !launch.getSnapshot().matches('idle')) return;
    const action = list.getSnapshot().context.actions.find((item) => item.actId === selectedActionId);
    if (!action) {
      list.send({ type: 'action.close' });
      return;
    }
    launch.send({
      type: 'action.launch',
      action,
      stayEndDate: stay.endDate,
      today: calendarDateIn(hotel?.hotel.timeZone, new Date()),
    });
  }, [selectedActionId, launch, list]);
  return null;
}

function launchStateOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const active = (value as { active?: unknown }).active;
  return typeof active === 'string' ? active : 'deciding';
}

function LaunchDialogs() {
  const { t, i18n } = useLingui();
  const launch = ActionLaunchContext.useActorRef();
  const state = ActionLaunchContext.useSelector((snapshot) => launchStateOf(snapshot.value));
  const action = ActionLaunchContext.useSelector((snapshot) => snapshot.context.action);
  const endDate = ActionLaunchContext.useSelector((snapshot) => snapshot.context.endDate);
  const nights = ActionLaunchContext.useSelector((snapshot) => snapshot.context.nights);
  const error = ActionLaunchContext.useSelector((snapshot) => snapshot.context.error);
  const nightsPicker = ActionLaunchContext.useSelector((snapshot) => snapshot.children.nightsPicker);
  const endDatePicker = ActionLaunchContext.useSelector((snapshot) => snapshot.children.endDatePicker);
  const outcome = ActionOutcomeContext.useActorRef();
  const close = () => launch.send({ type: 'launch.close' });

  const actionType = action?.actType;
  const Modal = useMemo(() => {
    if (state === 'summary') return ACTION_MODALS[COMPLETED_SUMMARY];
    return state === 'modal' ? modalOf(actionType) : undefined;
  }, [state, actionType]);
  const missingModal = (state === 'summary' || state === 'modal') && !Modal;
  useEffect(() => {
    // Nothing to show (no summary modal, no modal for the type): the launch ends instead of a blank dialog.
    if (missingModal) launch.send({ type: 'launch.close' });
  }, [missingModal, launch]);

  const dialogs = (
    <>
      {state === 'nightsPicker' && nightsPicker && (
        <NightsPicker actorRef={nightsPicker as ActorRefFrom<typeof nightsPickerMachine>} onClose={close} />
      )}
      {state === 'endDatePicker' && endDatePicker && (
        <EndDatePicker actorRef={endDatePicker as ActorRefFrom<typeof endDatePickerMachine>} onClose={close} />
      )}
      {state === 'savingEndDate' && (
        <Sheet title={t`Votre séjour`} onClose={close} scope="end-date-saving" state={state}>
          <Spinner label={t`Enregistrement de la date de fin…`} />
        </Sheet>
      )}
      {state === 'endDateNotSaved' && error && (
        <Sheet title={t`Votre séjour`} onClose={close} scope="end-date-saving" state={state}>
          <ErrorCard message={i18n._(error)} onRetry={() => launch.send({ type: 'endDate.retry' })} />
        </Sheet>
      )}
      {state === 'oneNightUnavailable' && (
        <Sheet title={t`Actions indisponibles`} onClose={close} scope="one-night" state={state}>
          <p className="action-dialog-host__text">{t`Ces actions ne sont pas disponibles pour un séjour d'une nuit.`}</p>
          <button type="button" className="button-primary action-dialog-host__button" onClick={close}>
            {t`Compris`}
          </button>
        </Sheet>
      )}
      {Modal && action && (
        <Suspense fallback={<LoadingSheet onClose={close} />}>
          <Modal
            key={action.actId}
            action={action}
            endDate={endDate}
            nights={nights}
            onSubmitted={(reply) => {
              outcome.send({ type: 'submission.succeed', reply });
              close();
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
  return (
    <div className="action-dialog-host" data-scope="action-launch" data-state={state}>
      {dialogs}
    </div>
  );
}

/** The modal of a type; an unknown type gets the review modal, with a warning (SPEC.md §2). */
function modalOf(type: string | null | undefined): ComponentType<ActionModalProps> | undefined {
  const modal = type ? ACTION_MODALS[type] : undefined;
  if (modal) return modal;
  console.warn(`No modal for action type ${type}; the ${FALLBACK_ACTION_TYPE} modal stands in.`);
  return ACTION_MODALS[FALLBACK_ACTION_TYPE];
}

function SubmissionToast() {
  const { hotel } = useStaySession();
  const toast = SubmissionToastContext.useActorRef();
  const state = SubmissionToastContext.useSelector((snapshot) => (snapshot.matches('visible') ? 'visible' : 'hidden'));
  const content = SubmissionToastContext.useSelector((snapshot) => snapshot.context.content);
  const pointsName = pointsNameOf(hotel);
  return (
    <div data-scope="submission-toast" data-state={state}>
      {state === 'visible' && content?.kind === 'submission' && (
        <Toast
          message={content.message}
          badge={content.points > 0 ? `+${content.points} ${pointsName}` : undefined}
          onDismiss={() => toast.send({ type: 'toast.dismiss' })}
        />
      )}
    </div>
  );
}

function Celebration() {
  const { hotel } = useStaySession();
  const outcome = ActionOutcomeContext.useActorRef();
  const state = ActionOutcomeContext.useSelector((snapshot) => String(snapshot.value));
  const points = ActionOutcomeContext.useSelector((snapshot) => snapshot.context.reply?.greenMilesChange ?? 0);
  return (
    <div data-scope="action-outcome" data-state={state}>
      {state === 'celebrating' && (
        <CelebrationModal
          points={points}
          pointsName={pointsNameOf(hotel)}
          onClose={() => outcome.send({ type: 'celebration.close' })}
        />
      )}
    </div>
  );
}
