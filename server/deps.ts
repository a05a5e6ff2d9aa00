/**
 * What every route plugin needs: the store, the clock, the mailer, the front-token and staff-session hooks, the rate
 * limits, the PIN checks.
 */
import type { PinChecker } from './content/pin.ts';
import type { Store } from './db/store.ts';
import type { Clock } from './domain/hotel-time.ts';
import type { MealAnalyser } from './domain/meals/analysers.ts';
import type { RateLimits } from './domain/rate-limits.ts';
import type { FrontTokenHooks } from './front-token.ts';
import type { Mailer } from './mail/mailer.ts';
import type { StaffAuthHooks } from './staff-auth.ts';

export interface AppDeps {
  store: Store;
  now: Clock;
  /** Outgoing mail (SMTP_URL); null when not configured: the reward e-mail call answers 503. */
  mailer: Mailer | null;
  frontToken: FrontTokenHooks;
  /** The staff-session check of staff calls (`Authorization: Bearer`). */
  staffAuth: StaffAuthHooks;
  /** Reads a meal photo: the vision model when MEAL_VISION_URL is set, else the hotel menu. */
  mealAnalyser: MealAnalyser;
  /** Stay creations per client address and submissions per stay (docs/behaviour.md#rate-limits). */
  rateLimits: RateLimits;
  /** The process's staff PIN checks, a few at once (server/content/pin.ts). */
  checkPin: PinChecker;
}
