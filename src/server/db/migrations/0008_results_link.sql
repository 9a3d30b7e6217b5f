-- The private results link, and the profile the visitor gave, on each e-mail request.

-- 1. The profile (service type, size band; either may be unknown: the question is optional), so the
-- e-mail and the results link compare the visitor with providers like them. The same values as the
-- profile question offers.
ALTER TABLE email_requests
  ADD COLUMN service_type text
    CHECK (service_type IN ('home_care', 'residential', 'nursing', 'supported_living', 'other')),
  ADD COLUMN size_band text CHECK (size_band IN ('under_25', '25_99', '100_plus'));

-- 2. The results link's token: 32 random bytes, of which only the SHA-256 hash is kept, so a copy
-- of the database opens no one's results. Unique, which also gives the look-up its index. Empty for
-- a request stored before the link existed: its e-mail, when sent, gets a token then.
ALTER TABLE email_requests
  ADD COLUMN results_token_hash bytea UNIQUE CHECK (octet_length(results_token_hash) = 32);

-- 3. store_email_request() as in migration 0006, also storing the profile and the token's hash,
-- and giving the visitor's message the token itself in its payload: the e-mail needs the link, and
-- the outbox clears a payload once the message is sent or given up on.
DROP FUNCTION store_email_request(integer, text, text, text, jsonb, smallint, smallint, smallint, smallint,
                                  smallint, smallint, integer, integer, text, text, text, text);

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
  p_team text,
  p_consent_text text,
  p_webhook text,
  p_service_type text,
  p_size_band text,
  p_results_token text,
  p_results_token_hash bytea
) RETURNS TABLE (stored_id uuid, retry_after integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_recipient_key text := mailbox_key(p_email);
  v_retry_after integer;
  v_id uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(p_lock_space, hashtext(v_recipient_key));
  PERFORM pg_advisory_xact_lock(p_lock_space, hashtext(p_email_normalized));

  SELECT greatest(1, ceil(extract(epoch FROM (r.created_at + p_window_ms * interval '1 millisecond' - now()))))::integer
    INTO v_retry_after
    FROM email_requests r
   WHERE r.recipient_key = v_recipient_key
     AND r.created_at > now() - p_window_ms * interval '1 millisecond'
   ORDER BY r.created_at DESC
  OFFSET p_limit - 1 LIMIT 1;
  IF v_retry_after IS NOT NULL THEN
    RETURN QUERY SELECT NULL::uuid, v_retry_after;
    RETURN;
  END IF;

  INSERT INTO email_requests
    (email, email_normalized, note, responses, operational_score, compliance_score, quality_score,
     training_score, data_score, overall_score, consent_text, consent_at, service_type, size_band,
     results_token_hash)
  VALUES
    (p_email, p_email_normalized, p_note, p_responses, p_operational_score, p_compliance_score,
     p_quality_score, p_training_score, p_data_score, p_overall_score, p_consent_text,
     CASE WHEN p_consent_text IS NULL THEN NULL ELSE now() END, p_service_type, p_size_band,
     p_results_token_hash)
  RETURNING email_requests.id INTO v_id;

  INSERT INTO outbox_messages (request_id, kind, recipient, payload)
  VALUES (v_id, 'visitor', p_visitor,
          CASE WHEN p_results_token IS NULL THEN NULL ELSE jsonb_build_object('resultsToken', p_results_token) END);
  IF p_team IS NOT NULL THEN
    INSERT INTO outbox_messages (request_id, kind, recipient) VALUES (v_id, 'team', p_team);
  END IF;
  IF p_webhook IS NOT NULL THEN
    INSERT INTO outbox_messages (request_id, kind, recipient) VALUES (v_id, 'webhook', p_webhook);
  END IF;

  RETURN QUERY SELECT v_id, NULL::integer;
END
$$;
