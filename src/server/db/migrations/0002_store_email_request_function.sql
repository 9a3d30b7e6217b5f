-- Stores one e-mail request and its outbox messages in a single statement, so the API's hot path is
-- one round trip to the database instead of seven (BEGIN, lock, limit check, three INSERTs, COMMIT).
-- It does what the application did before, in the same order and with the same lock:
--   1. take the recipient's advisory lock (the same key as the team CLI's erasure takes), so two
--      requests to one address take turns and neither can slip under the limit;
--   2. count the recipient's requests in the window; when over the limit, return the seconds until
--      the limit-th newest leaves the window and store nothing;
--   3. insert the request, its visitor message and, when the team is told, its team message.
-- The function is VOLATILE, so each statement in it takes a fresh snapshot under READ COMMITTED:
-- the count in step 2 sees every request committed by whoever held the lock before us. (A single
-- SQL statement could not do this: its snapshot is taken before the lock is granted.)
CREATE FUNCTION store_email_request(
  p_lock_space integer,
  p_email text,
  p_email_normalized text,
  p_note text,
  p_responses jsonb,
  p_operational_score smallint,
  p_compliance_score smallint,
  p_quality_score smallint,
  p_training_score smallint,
  p_data_score smallint,
  p_overall_score smallint,
  p_limit integer,
  p_window_ms integer,
  p_visitor text,
  p_team text
) RETURNS TABLE (stored_id uuid, retry_after integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_retry_after integer;
  v_id uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(p_lock_space, hashtext(p_email_normalized));

  SELECT greatest(1, ceil(extract(epoch FROM (r.created_at + p_window_ms * interval '1 millisecond' - now()))))::integer
    INTO v_retry_after
    FROM email_requests r
   WHERE r.email_normalized = p_email_normalized
     AND r.created_at > now() - p_window_ms * interval '1 millisecond'
   ORDER BY r.created_at DESC
  OFFSET p_limit - 1 LIMIT 1;
  IF v_retry_after IS NOT NULL THEN
    RETURN QUERY SELECT NULL::uuid, v_retry_after;
    RETURN;
  END IF;

  INSERT INTO email_requests
    (email, email_normalized, note, responses, operational_score, compliance_score, quality_score,
     training_score, data_score, overall_score)
  VALUES
    (p_email, p_email_normalized, p_note, p_responses, p_operational_score, p_compliance_score,
     p_quality_score, p_training_score, p_data_score, p_overall_score)
  RETURNING email_requests.id INTO v_id;

  INSERT INTO outbox_messages (request_id, kind, recipient) VALUES (v_id, 'visitor', p_visitor);
  IF p_team IS NOT NULL THEN
    INSERT INTO outbox_messages (request_id, kind, recipient) VALUES (v_id, 'team', p_team);
  END IF;

  RETURN QUERY SELECT v_id, NULL::integer;
END
$$;
