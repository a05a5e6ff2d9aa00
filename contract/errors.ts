/**
 * The `error` codes of the API's `{ error, message }` answers. Clients classify failures by these codes, never by
 * the message text (which is for people and may be translated). docs/server.md lists each with its status.
 */
export const ERROR_CODES = [
  // Generic answers of the HTTP layer.
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'not_acceptable',
  'conflict',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'rate_limited',
  'headers_too_large',
  'internal_error',
  // The database cannot be reached right now (503, Retry-After): docs/server.md#database-unavailable.
  'database_unavailable',
  // The database takes no write right now, its storage full or read-only (503, Retry-After): docs/server.md#storage-unavailable.
  'storage_unavailable',
  // Rules of the product.
  'front_token_missing',
  'front_token_invalid',
  'stay_finished',
  'already_completed',
  'wrong_action_type',
  'unknown_option',
  'unknown_quiz_answer',
  'not_enough_greenmiles',
  'already_claimed',
  'reward_expired',
  'already_used',
  'not_claimed',
  'not_a_slider_reward',
  'code_not_available',
  'code_pool_exhausted',
  'mail_not_configured',
  'mail_send_failed',
  'too_many_emails',
  'too_many_receipts',
  // Staff access and the demo reset (docs/server.md#errors).
  'staff_pin_invalid',
  'staff_pin_rate_limited',
  'staff_pin_busy',
  'staff_session_missing',
  'staff_session_invalid',
  'staff_session_wrong_hotel',
  // Staff accounts (docs/behaviour.md#staff-accounts).
  'staff_role_forbidden',
  'staff_account_name_taken',
  'last_manager',
  'not_a_demo_stay',
  // Meal photo (LIMEAT).
  'photo_not_jpeg',
  'photo_too_large',
  'dish_required',
  'unknown_dish',
  // The vision model failed (unreachable, timed out, no usable answer): 503 with Retry-After, never 'no food'.
  'analysis_unavailable',
  // On-site proofs (docs/behaviour.md#proof-page).
  'unknown_proof_code',
  'proof_entry_closed',
  // Caps the hotel sets (docs/behaviour.md#caps).
  'room_claim_limit',
  'pool_daily_limit',
  'too_many_answer_changes',
  'room_mismatch',
  // The server's rate limits (docs/behaviour.md#rate-limits).
  'stay_creation_rate_limited',
  'submission_rate_limited',
  // Presence: the QR secret of a stay creation (docs/trust-model.md#presence).
  'qr_id_required',
  'qr_code_invalid',
  'hotel_key_invalid',
  'hotel_entry_closed',
  // The staff desk's code check (docs/behaviour.md#staff-code-check).
  'unknown_code',
  'ambiguous_code',
  // The staff page's impact summary (docs/impact.md#period).
  'invalid_period',
  // Stay limits: an end date after the stay's last possible day (docs/behaviour.md#stay-limits).
  'end_date_after_last_day',
  // The back office's content editor (docs/behaviour.md#content-editor).
  'content_invalid',
  'content_version_conflict',
  'picture_unsupported',
  'picture_too_large',
  // Housekeeping's report on a skipped cleaning (docs/behaviour.md#housekeeping-list).
  'cleaning_date_in_future',
  'cleaning_date_too_old',
  'room_not_skipping',
  'cleaning_changed_back',
  'cleaning_already_checked',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The `error` code a failed call carries (the client's ApiError keeps it as `code`), or null. */
export function errorCodeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

/** The HTTP status a failed call carries (the client's ApiError: 0 when the network failed), or null. */
export function errorStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

/**
 * The codes the guest app's client (src/api/http.ts) gives the failures the server did not answer with an
 * `{ error }` body: the network failed or timed out (`network_error`, status 0), or the reply had no error body
 * (`http_error`). Their messages are for logs; the guest reads texts chosen by code.
 */
export const CLIENT_ERROR_CODES = ['network_error', 'http_error'] as const;

/** The call never reached the server, or its reply never came back (offline, timed out, connection cut). */
export function isNetworkFailure(error: unknown): boolean {
  return errorCodeOf(error) === 'network_error';
}
