/**
 * A reward's partner as the rewards table keeps it (0024_reward_partner): the content file's `partner`, in JSON.
 */
import Value from 'typebox/value';
import { RewardPartner } from '../../contract/hotel-content-file.ts';

export function storedPartner(partner: RewardPartner | undefined): string | null {
  return partner ? JSON.stringify(partner) : null;
}

/** The stored partner, or null when there is none (or what is stored is not one: the import checked it). */
export function partnerOf(stored: string | null): RewardPartner | null {
  if (stored === null) return null;
  const partner: unknown = JSON.parse(stored);
  return Value.Check(RewardPartner, partner) ? partner : null;
}
