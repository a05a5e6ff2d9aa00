import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { Reward } from '../../contract/schemas.ts';
import RewardDetails, {
  type RewardDetailsLogic,
  type RewardDetailsProps,
} from '../../src/views/rewards/details/RewardDetails.tsx';
import { I18nWrapper } from './i18n-wrapper.tsx';

export const DETAILS_SESSION = { sUUID: 'stay-1', profileUUID: 'profile-1' };
export const HOTEL_NAME = 'Les Tilleuls';
export const POINTS_NAME = 'Feuilles';

/**
 * One reward's detail modal with plain props, the machines given by the test, and spies for its callbacks;
 * `rerender` draws it again with other props, as the rewards list does on every render.
 */
export function renderRewardDetails(reward: Reward, balance: number, logic: RewardDetailsLogic, language = 'fr') {
  const callbacks = { onChanged: vi.fn(), onClose: vi.fn(), onEarnPoints: vi.fn() };
  const props: RewardDetailsProps = {
    reward,
    balance,
    pointsName: POINTS_NAME,
    hotelName: HOTEL_NAME,
    language,
    ...DETAILS_SESSION,
    ...callbacks,
    logic,
  };
  const view = render(<RewardDetails {...props} />, { wrapper: I18nWrapper });
  const rerender = (changes: Partial<RewardDetailsProps>) => view.rerender(<RewardDetails {...props} {...changes} />);
  return { ...callbacks, view, rerender };
}
