-- One changed yes/no answer, as the app runs it (server/domain/submissions.ts), in one transaction: the stay locked
-- with its hotel's columns, the stay's rate limit taken, the completion read, the answer-change cap taken, the
-- completion written, the points move (a credit, or a debit only while the balance covers it), the answer log, and
-- the balance read for the answer. Variables: first_stay, last_stay, action, hotel (bench/pgbench.ts).
\set stay random(:first_stay, :last_stay)
\set credit random(0, 1)
BEGIN;
SELECT stays.id, stays.s_uuid, stays.profile_uuid, stays.hotel_id, stays.room_id, stays.status, stays.end_date,
  stays.ends_by, stays.first_name, stays.last_name,
  (SELECT number FROM rooms WHERE rooms.id = stays.room_id) AS room_number,
  (SELECT name FROM hotels WHERE hotels.id = stays.hotel_id) AS hotel_name,
  (SELECT code_prefix FROM hotels WHERE hotels.id = stays.hotel_id) AS code_prefix,
  (SELECT time_zone FROM hotels WHERE hotels.id = stays.hotel_id) AS time_zone,
  (SELECT checkout_time FROM hotels WHERE hotels.id = stays.hotel_id) AS checkout_time,
  (SELECT content_version FROM hotels WHERE hotels.id = stays.hotel_id) AS content_version,
  (SELECT max_stay_nights FROM hotels WHERE hotels.id = stays.hotel_id) AS max_stay_nights
  FROM stays WHERE stays.id = :stay FOR UPDATE OF stays;
INSERT INTO cap_counters (cap, subject, window_id, used) VALUES ('bench_submissions', 'stay:' || :stay, 'bench', 1)
  ON CONFLICT (cap, subject, window_id) DO UPDATE SET used = cap_counters.used + 1
  WHERE cap_counters.used < 1000000000 RETURNING used;
SELECT id, version, points, response, option_id, selected_position, is_correct, temperature, rating
  FROM action_completions WHERE stay_id = :stay AND action_id = :action AND night_id = 'bench';
INSERT INTO cap_counters (cap, subject, window_id, used) VALUES ('bench_changes', 'stay:' || :stay, 'bench', 1)
  ON CONFLICT (cap, subject, window_id) DO UPDATE SET used = cap_counters.used + 1
  WHERE cap_counters.used < 1000000000 RETURNING used;
INSERT INTO action_completions (stay_id, action_id, night_id, response, points, version, created_at, updated_at)
  VALUES (:stay, :action, 'bench', 'YES', 10, 1, now()::text, now()::text)
  ON CONFLICT (stay_id, action_id, night_id) DO UPDATE
  SET version = action_completions.version + 1, updated_at = excluded.updated_at RETURNING version \gset
\if :credit
INSERT INTO ledger_entries (stay_id, amount, reason, action_id, reward_id, night_id, idempotency_key, created_at)
  VALUES (:stay, 10, 'action_change', :action, NULL, 'bench', 'bench:' || :stay || ':' || :version, now()::text)
  ON CONFLICT (idempotency_key) DO NOTHING RETURNING id;
\else
INSERT INTO ledger_entries (stay_id, amount, reason, action_id, reward_id, night_id, idempotency_key, created_at)
  SELECT :stay, -10, 'action_change', :action, NULL, 'bench', 'bench:' || :stay || ':' || :version, now()::text
  WHERE (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE stay_id = :stay) - 10 >= 0
  ON CONFLICT (idempotency_key) DO NOTHING RETURNING id;
\endif
INSERT INTO action_answers (hotel_id, stay_id, action_id, action_type, night_id, answered_on, version, response,
  room_number, points_change, created_at)
  VALUES (:hotel, :stay, :action, 'YESNO', 'bench', current_date::text, :version, 'YES', NULL, 10, now()::text);
SELECT coalesce(sum(amount), 0) AS total FROM ledger_entries WHERE stay_id = :stay;
COMMIT;
