import { rewardCodeText } from '../../contract/reward-code.ts';
import './RewardCode.css';

/**
 * A reward's code as every guest screen shows it (the rewards page, the staff check on it, the finished page):
 * `{codePrefix}-{code}` from the one function the QR code, the share text and the e-mail also use, left to right,
 * never wrapped at its hyphen and never wider than the screen (docs/behaviour.md#code-reward).
 */
export function RewardCode({ codePrefix, code }: { codePrefix: string; code: string }) {
  return (
    <code className="reward-code" data-part="code" dir="ltr">
      {rewardCodeText(codePrefix, code)}
    </code>
  );
}
