import type { SnapshotFrom } from 'xstate';
import type { RewardEmailEvent, rewardEmailMachine } from '../../../../machines/dialogs/rewardEmail.machine.ts';

type RewardEmailSnapshot = SnapshotFrom<typeof rewardEmailMachine>;

/**
 * The e-mail and share part of a claimed reward as props. Its two regions run side by side, so the root carries
 * both: `data-state` (e-mail) and `data-share-state`.
 */
export function connectRewardEmail(snapshot: RewardEmailSnapshot, send: (event: RewardEmailEvent) => void) {
  const { email, invalid, error } = snapshot.context;
  const sending = snapshot.hasTag('submitting');
  return {
    rootProps: {
      'data-scope': 'reward-email',
      'data-state': snapshot.value.email,
      'data-share-state': snapshot.value.share,
    },
    /** The form is drawn while the guest types the address and while it is sent. */
    editing: snapshot.matches({ email: 'editing' }) || sending,
    sending,
    sent: snapshot.matches({ email: 'sent' }),
    /** The address was submitted while invalid: the field shows its validation message. */
    invalid,
    error,
    /** Offered only where it works (issue 15): e-mail when the hotel's server sends it, sharing with Web Share. */
    offersEmail: snapshot.context.canEmail,
    offersShare: snapshot.context.canShare,
    openButtonProps: { 'data-part': 'email-open', onClick: () => send({ type: 'email.open' }) },
    formProps: {
      'data-part': 'form',
      noValidate: true,
      onSubmit: (event: { preventDefault(): void }) => {
        event.preventDefault();
        send({ type: 'email.submit' });
      },
    },
    inputProps: {
      'data-part': 'email',
      value: email,
      'aria-invalid': invalid,
      readOnly: sending,
      onChange: (event: { target: { value: string } }) => send({ type: 'email.change', value: event.target.value }),
    },
    sendButtonProps: { 'data-part': 'send', 'aria-disabled': sending },
    shareButtonProps: { 'data-part': 'share', onClick: () => send({ type: 'reward.share' }) },
  };
}
