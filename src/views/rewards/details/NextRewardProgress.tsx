import { useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';
import type { RewardProgress } from '../rewardGroups.ts';
import './NextRewardProgress.css';

export interface NextRewardProgressProps {
  /** Where the balance stands on the way to the stay's rewards (`rewardProgressOf`). */
  progress: Exclude<RewardProgress, { kind: 'none' }>;
  /** Points just earned: the bar grows from where it stood before them (0: it stands still). */
  gained: number;
  pointsName: string;
}

/**
 * docs/behaviour.md#action-completion, #unlocking: the next reward and the share of its cost already earned, in words
 * and as a bar that fills in reading order; one to unlock now; or that every reward is unlocked. Drawn by the
 * celebration of earned points and by a reward dialog just after its unlock.
 */
export function NextRewardProgress({ progress, gained, pointsName }: NextRewardProgressProps) {
  const { t } = useLingui();
  if (progress.kind === 'allUnlocked') {
    return (
      <p className="reward-progress" data-part="progress" data-state="all-unlocked">
        {t`Vous avez débloqué toutes les récompenses !`}
      </p>
    );
  }
  const name = progress.reward.radName;
  const missing = progress.kind === 'next' ? progress.missing : 0;
  const share = progress.kind === 'ready' ? 1 : progress.share;
  const cost = progress.reward.rwCost;
  const before = Math.max(0, Math.min(share, (cost * share - gained) / cost));
  const percent = (value: number) => `${Math.round(value * 100)}%`;
  return (
    <div className="reward-progress" data-part="progress" data-state={progress.kind}>
      <p className="reward-progress__goal">
        {progress.kind === 'ready'
          ? t`Vous pouvez débloquer ${name} !`
          : t`Plus que ${missing} ${pointsName} pour ${name}`}
      </p>
      <div className="reward-progress__bar" aria-hidden="true" data-part="bar">
        <div
          className="reward-progress__fill"
          data-part="fill"
          style={{ inlineSize: percent(share), '--reward-progress-from': percent(before) } as CSSProperties}
        />
      </div>
    </div>
  );
}
