import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { REVIEW_RATINGS, type ReviewRating } from '../../../../contract/answer-rules.ts';
import type { reviewMachine } from '../../../../machines/dialogs/review.machine.ts';
import { useConnected } from '../../binding/useConnected.ts';
import { ActionModalLayout, SubmissionOutcome } from './ActionModalLayout.tsx';
import { connectAnswerSubmission } from './submission.connect.ts';
import type { FlowModalProps } from './types.ts';
import './ReviewModal.css';

/** docs/behaviour.md#review: the four levels of the opinion scale, ratings 1 to 4 in order. */
const LEVELS: Record<ReviewRating, { emoji: string; label: MessageDescriptor }> = {
  1: { emoji: '😞', label: msg`Pas satisfait` },
  2: { emoji: '😐', label: msg`Neutre` },
  3: { emoji: '🙂', label: msg`J'encourage` },
  4: { emoji: '😍', label: msg`Ça compte pour moi` },
};

/** REVIEW (docs/behaviour.md#review): four emoji; picking one sends the rating. Also draws unknown action types. */
export default function ReviewModal({ action, flow, onClose }: FlowModalProps<typeof reviewMachine>) {
  const { i18n } = useLingui();
  const api = useConnected(flow, connectAnswerSubmission);

  return (
    <ActionModalLayout action={action} onClose={onClose} scope="review" state={api.state}>
      <fieldset
        className="action-modal__choices action-modal__choices--pair"
        data-part="scale"
        disabled={!api.canAnswer}
      >
        <legend className="action-modal__question">{action.aadQuestion ?? <Trans>Votre avis compte</Trans>}</legend>
        {REVIEW_RATINGS.map((rating) => (
          <button
            key={rating}
            type="button"
            className="review-modal__level"
            data-part="level"
            data-rating={rating}
            aria-pressed={api.chosen === rating}
            onClick={() => api.submit(rating)}
          >
            <span className="review-modal__emoji" aria-hidden="true">
              {LEVELS[rating].emoji}
            </span>
            <span className="review-modal__label">{i18n._(LEVELS[rating].label)}</span>
          </button>
        ))}
      </fieldset>
      <SubmissionOutcome {...api} />
    </ActionModalLayout>
  );
}
