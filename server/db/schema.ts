/**
 * The database tables as Kysely sees them. Column names are snake_case; booleans are 0/1 integers,
 * dates are `YYYY-MM-DD` text and timestamps ISO-8601 text, so SQLite and PostgreSQL store the same values.
 */
import type { Generated } from 'kysely';
import type { CleaningOutcome } from '../../contract/evidence.ts';

export interface HotelsTable {
  id: number;
  name: string;
  is_demo: number;
  green_miles_name: string;
  time_zone: string;
  /** Hotel-local HH:MM at which a stay ends on its end date (0004_checkout). */
  checkout_time: string;
  report_email: string | null;
  /** The content's `codePrefix` for reward codes (0008_code_prefix); null: the name's initials. */
  code_prefix: string | null;
  /** Hotel-local HH:MM of the daily report (0011_reports). */
  report_hour: Generated<string>;
  /** Claims of one reward per room and hotel-local night (0010_caps, docs/behaviour.md#caps). */
  max_claims_per_room_night: Generated<number>;
  /** Codes drawn from the hotel's pools per hotel-local day (0010_caps, docs/behaviour.md#caps). */
  max_pool_codes_per_day: Generated<number>;
  /** The content's `impactFactors` as JSON (0013_impact); null: the shipped factor table. */
  impact_factors: Generated<string | null>;
  /** A new random value at every import: caches of the hotel's content are keyed by it. */
  content_version: string;
  updated_at: string;
  /** The hotel QR code's key, `/hotel/{hId}?k=…` (0009_presence, docs/trust-model.md#hotel-key). */
  qr_key: string;
  /** 1 once the key was generated or rotated: a re-import keeps it. */
  qr_key_generated: number;
  /** 'open' (no key needed), 'key' (the current key needed) or 'off' (room QR codes only). */
  hotel_qr_entry: string;
  /** A stay without an end date ends this many nights after its creation day (docs/behaviour.md#stay-limits). */
  max_stay_nights: number;
  /** Active stays per room at most; a new one ends the oldest (docs/behaviour.md#stay-limits). */
  room_capacity: number;
}

export interface HotelLanguagesTable {
  hotel_id: number;
  code: string;
  name: string;
  enabled: number;
  direction: string;
  flag_url: string | null;
  is_primary: number;
  position: number;
}

export interface RoomsTable {
  id: Generated<number>;
  hotel_id: number | null;
  number: string | null;
  qr_id: string;
  /** 1 once the QR id was generated at import or rotated by staff: a re-import keeps it (0009_presence). */
  qr_generated: Generated<number>;
}

export interface ActionsTable {
  id: Generated<number>;
  hotel_id: number;
  key: string;
  type: string;
  scope: string;
  period: string;
  reward: number;
  picture_url: string | null;
  title_color: string | null;
  position: number;
  positive_response: string | null;
  /** 0 once the action has left the hotel's content file (kept for the stays and ledger that refer to it). */
  active: number;
}

export interface ActionTranslationsTable {
  action_id: number;
  lang: string;
  name: string;
  description: string;
  question: string | null;
  quiz_question: string | null;
  quiz_explanation: string | null;
}

export interface ActionTagsTable {
  action_id: number;
  lang: string;
  tag: string;
  position: number;
}

export interface CustomOptionsTable {
  id: Generated<number>;
  action_id: number;
  position: number;
  picture_url: string | null;
}

export interface CustomOptionTranslationsTable {
  option_id: number;
  lang: string;
  label: string;
}

export interface QuizAnswersTable {
  action_id: number;
  position: number;
  is_correct: number;
}

export interface QuizAnswerTranslationsTable {
  action_id: number;
  position: number;
  lang: string;
  text: string;
}

export interface RewardsTable {
  id: Generated<number>;
  hotel_id: number;
  key: string;
  type: string;
  cost: number;
  picture_url: string | null;
  title_color: string | null;
  position: number | null;
  water_volume: number | null;
  valid_until: string | null;
  active: number;
  /** The partner the donation goes to, the content file's `partner` as JSON (0024_reward_partner); null: none. */
  partner: string | null;
}

export interface RewardTranslationsTable {
  reward_id: number;
  lang: string;
  name: string;
  description: string;
}

export interface RewardCodePoolTable {
  reward_id: number;
  code: string;
}

export interface StaysTable {
  id: Generated<number>;
  s_uuid: string;
  profile_uuid: string;
  hotel_id: number;
  room_id: number | null;
  status: string;
  end_date: string | null;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
  finished_at: string | null;
  /**
   * Hotel-local date the stay ends on at the latest, at check-out time (0009_presence): creation day +
   * max_stay_nights, pushed later by a later end date. Its profile takes a finished stay back until then.
   */
  ends_by: string;
}

/**
 * The QR scans of a hotel's day (0016_qr_scan_days, docs/behaviour.md#qr-scans): one row per hotel, hotel-local day
 * and kind, counting the scans the app registered.
 */
export interface QrScanDaysTable {
  id: Generated<number>;
  hotel_id: number;
  /** The hotel-local date, YYYY-MM-DD. */
  day: string;
  scan_type: 'HOTEL' | 'ROOM';
  scans: number;
}

/** A guest's answer, as the completion holds it and the answer log records it. */
export interface AnswerColumns {
  response: string | null;
  option_id: number | null;
  selected_position: number | null;
  is_correct: number | null;
  temperature: number | null;
  /** REVIEW rating 1–4 (0002_actions). */
  rating: number | null;
}

export interface ActionCompletionsTable extends AnswerColumns {
  id: Generated<number>;
  stay_id: number;
  action_id: number;
  /** The hotel-local night (YYYY-MM-DD) for NIGHT actions, `STAY` for the others. */
  night_id: string;
  points: number;
  created_at: string;
  updated_at: string;
  /** Bumped on every answer change; part of the ledger idempotency key of the points move (0002_actions). */
  version: Generated<number>;
  /** LIMEAT: the impact of the meal the completion holds (0013_impact); null otherwise. */
  meal_water_litres: Generated<number | null>;
  meal_energy_wh: Generated<number | null>;
  meal_ghg_grams: Generated<number | null>;
}

/** Every accepted action answer, with the hotel-local day it was given on (daily YESNOMAIL report). */
export interface ActionAnswersTable extends AnswerColumns {
  id: Generated<number>;
  hotel_id: number;
  stay_id: number;
  action_id: number;
  action_type: string;
  night_id: string;
  /** Hotel-local date (YYYY-MM-DD) of the answer. */
  answered_on: string;
  version: number;
  room_number: string | null;
  points_change: number;
  created_at: string;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  stay_id: number;
  amount: number;
  reason: string;
  action_id: number | null;
  reward_id: number | null;
  night_id: string | null;
  idempotency_key: string;
  created_at: string;
}

export interface RewardClaimsTable {
  id: Generated<number>;
  stay_id: number;
  reward_id: number;
  code: string | null;
  /** The reward's hotel (0010_caps): a code is unique per hotel. */
  hotel_id: number | null;
  claimed_at: string;
  used_at: string | null;
  /** Who used it (0012_staff_desk): 'guest' (the guest's use calls) or 'staff' (the staff code check); null unused. */
  used_by: string | null;
}

/** One row per reward e-mail sent (or being sent): the per-stay hourly limit counts them. */
export interface RewardEmailsTable {
  id: Generated<number>;
  stay_id: number;
  reward_id: number;
  sent_at: string;
}

/** A staff session (0007_staff): the SHA-256 of its token, never the token. */
export interface StaffSessionsTable {
  id: Generated<number>;
  token_hash: string;
  hotel_id: number;
  /** The account signed in (0019_staff_accounts). */
  account_id: number;
  created_at: string;
  expires_at: string;
}

/** One staff action (0020_staff_audit, docs/behaviour.md#audit-trail): rows are only ever added. */
export interface StaffAuditTable {
  id: Generated<number>;
  hotel_id: number;
  at: string;
  /** A `StaffAuditKind` (contract/schemas.ts). */
  kind: string;
  account_id: number | null;
  actor_name: string | null;
  role: string | null;
  room_number: string | null;
  stay_uuid: string | null;
  claim_id: number | null;
  reward_id: number | null;
  code: string | null;
  target_account_id: number | null;
  detail: string | null;
}

/** A person's staff account (0019_staff_accounts, docs/behaviour.md#staff-accounts). */
export interface StaffAccountsTable {
  id: Generated<number>;
  hotel_id: number;
  name: string;
  /** The name as sign-in matches it (`staffNameKey`): unique per hotel. */
  name_key: string;
  /** A `StaffRole` (contract/staff-roles.ts). */
  role: string;
  pin_hash: string;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A dish of a hotel's restaurant menu (0005_meals): `names` {lang: name}, `ingredients` [{food, grams}] as JSON. */
export interface MealDishesTable {
  hotel_id: number;
  key: string;
  position: number;
  names: string;
  ingredients: string;
}

/** One saved version of a hotel's content (0021_content_history), numbered from 1 per hotel. */
export interface ContentVersionsTable {
  id: Generated<number>;
  hotel_id: number;
  number: number;
  /** The hotel's `content_version` this version wrote. */
  content_version: string;
  /** The content as a `HotelContentFile` without its staff (contract/hotel-content-file.ts), JSON. */
  document: string;
  /** A `ContentVersionKind` (contract/schemas.ts): imported by a command, saved or restored on the staff page. */
  kind: string;
  account_id: number | null;
  /** The person's name at the time; null for a command run on the server. */
  actor_name: string | null;
  saved_at: string;
  /** The number of the version a restore brought back. */
  restored_from: number | null;
}

/** A picture uploaded on the staff page (0021_content_history), resized, stored and served by its content hash. */
export interface ContentPicturesTable {
  hash: string;
  hotel_id: number;
  media_type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  created_at: string;
}

/** What housekeeping reported for a room whose guest skipped a day's cleaning (0022_cleaning_checks). */
export interface CleaningChecksTable {
  id: Generated<number>;
  hotel_id: number;
  room_number: string;
  /** The hotel-local day whose cleaning was skipped (YYYY-MM-DD). */
  cleaning_date: string;
  /** The completion the skip answered: its stay, action and night. */
  stay_id: number;
  action_id: number;
  night_id: string;
  outcome: CleaningOutcome;
  /** The staff account that reported it. */
  account_id: number | null;
  checked_at: string;
}

/** A daily report claimed (sent_at null: being sent) or sent, one per hotel and reported day (0011_reports). */
export interface DailyReportsTable {
  hotel_id: number;
  /** The hotel-local day reported (YYYY-MM-DD). */
  report_date: string;
  /** Random, per claim: only its holder marks the report sent or releases it. */
  claim_token: string;
  claimed_at: string;
  sent_at: string | null;
}

export interface Database {
  hotels: HotelsTable;
  hotel_languages: HotelLanguagesTable;
  rooms: RoomsTable;
  actions: ActionsTable;
  action_translations: ActionTranslationsTable;
  action_tags: ActionTagsTable;
  custom_options: CustomOptionsTable;
  custom_option_translations: CustomOptionTranslationsTable;
  quiz_answers: QuizAnswersTable;
  quiz_answer_translations: QuizAnswerTranslationsTable;
  rewards: RewardsTable;
  reward_translations: RewardTranslationsTable;
  reward_code_pool: RewardCodePoolTable;
  stays: StaysTable;
  qr_scan_days: QrScanDaysTable;
  action_completions: ActionCompletionsTable;
  action_answers: ActionAnswersTable;
  ledger_entries: LedgerEntriesTable;
  reward_claims: RewardClaimsTable;
  reward_emails: RewardEmailsTable;
  staff_sessions: StaffSessionsTable;
  staff_accounts: StaffAccountsTable;
  staff_audit: StaffAuditTable;
  meal_dishes: MealDishesTable;
  proof_codes: ProofCodesTable;
  daily_reports: DailyReportsTable;
  /** The monthly summaries' claims (0023_monthly_reports): `report_date` is the month's first day. */
  monthly_reports: DailyReportsTable;
  content_versions: ContentVersionsTable;
  content_pictures: ContentPicturesTable;
  cap_counters: CapCountersTable;
  cleaning_checks: CleaningChecksTable;
}

/** How much of a cap a subject used in one window (0010_caps, docs/behaviour.md#caps). */
export interface CapCountersTable {
  cap: string;
  subject: string;
  /** The night, day or hour the count is for. */
  window_id: string;
  used: number;
}

/** A printed QR code of a PROOF action (0006_proofs): a proof is accepted only with one of its action's codes. */
export interface ProofCodesTable {
  action_id: number;
  qr_id: string;
  /** 1 once generated at import or rotated: a re-import keeps the action's codes (0017_proof_codes_generated). */
  generated: Generated<number>;
}
