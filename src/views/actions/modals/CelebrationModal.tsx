import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { Sheet } from '../../../components/Sheet.tsx';
import { NextRewardProgress } from '../../rewards/details/NextRewardProgress.tsx';
import type { RewardProgress } from '../../rewards/rewardGroups.ts';
import './CelebrationModal.css';

export interface CelebrationModalProps {
  points: number;
  pointsName: string;
  /** The server's message of the submission, said here rather than in a toast behind the sheet. */
  message: string | null;
  /** Where the new balance stands on the way to the stay's rewards; null while unknown. */
  progress: RewardProgress | null;
  onClose(): void;
}

/**
 * The short, calm celebration of earned points (docs/behaviour.md#action-completion): the points, the server's
 * message, and what they bring closer: the next reward with a bar, one to unlock now, or that all are unlocked.
 */
export function CelebrationModal({ points, pointsName, message, progress, onClose }: CelebrationModalProps) {
  const { t } = useLingui();
  // Its one action takes the focus: Enter continues.
  const continueRef = useRef<HTMLButtonElement>(null);
  return (
    <Sheet title={t`Bravo !`} onClose={onClose} scope="celebration" initialFocus={continueRef}>
      <div className="celebration" data-part="body">
        <svg className="celebration__leaf" viewBox="0 0 64 64" aria-hidden="true" data-part="picture">
          <circle cx="32" cy="32" r="30" fill="var(--color-brand-surface)" />
          <path
            d="M20 44c0-14 10-24 26-26-1 16-11 26-24 26h-2zm0 0 14-14"
            fill="none"
            stroke="var(--color-brand)"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="points celebration__points" data-part="points">
          +{points} {pointsName}
        </p>
        {message && (
          <p className="celebration__text" data-part="message">
            {message}
          </p>
        )}
        {progress && progress.kind !== 'none' ? (
          <NextRewardProgress progress={progress} gained={points} pointsName={pointsName} />
        ) : (
          <p className="celebration__text">{t`Merci pour votre geste.`}</p>
        )}
        <button
          ref={continueRef}
          type="button"
          className="button-primary celebration__close"
          data-part="close"
          onClick={onClose}
        >
          {t`Continuer`}
        </button>
      </div>
    </Sheet>
  );
}
