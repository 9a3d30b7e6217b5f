-- The live body of store_email_request(): one call stores a visitor's e-mail request and queues its
-- messages, in one round trip (see storeEmailRequest in src/server/leads/email-requests.ts).
--
-- A repeatable step (src/server/db/migrate.ts): applied after the numbered migrations whenever this
-- file's checksum differs from the one recorded in schema_repeatables, so a change here reaches every
-- database, old and new. Change the body here, never in a new numbered migration. CREATE OR REPLACE
-- cannot change the arguments or the result: for that, a numbered migration drops the old function
-- first (as 0008 did), and this file is changed in the same commit.
--
-- What it does, in order: takes two advisory locks, the mailbox's (mailbox_key(), so requests to
-- variants of one mailbox take turns and cannot slip under the limit together) and the exact
-- address's (the one the team's erasure takes, so a request is erased whole or stored after); every
-- request takes them in that order and an erasure only the second, so none waits in a circle. Then
-- the per-recipient limit, counted by mailbox over the window: over it, the seconds until one of those
-- requests leaves the window, and nothing stored. Otherwise the request (with the consent
-- wording and time, the profile, the contact details given with consent, where the visit came from,
-- and the hash of its results token) and its outbox messages: the
-- visitor's (carrying the results token in its payload: the e-mail needs the link, and the outbox
-- clears a payload once the message is sent or given up on), the team's and the webhook's when set,
-- and a lead alert to each team member (p_alert_members, a JSON array of addresses from TEAM_EMAILS) whose choice is an e-mail for each lead, the default.
-- A retake's request points at the result it came from (p_previous_request_id, found by the caller
-- within the retention period), or at nothing when that result has gone meanwhile.

CREATE OR REPLACE FUNCTION store_email_request(
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
  p_results_token_hash bytea,
  p_contact_name text,
  p_contact_organisation text,
  p_contact_role text,
  p_contact_phone text,
  p_utm_source text,
  p_utm_medium text,
  p_utm_campaign text,
  p_referrer_host text,
  p_alert_members jsonb,
  p_previous_request_id uuid
) RETURNS TABLE (stored_id uuid, retry_after integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_recipient_key text := mailbox_key(p_email);
  v_retry_after integer;
  v_id uuid;
  v_previous_id uuid;
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

  -- A retake's earlier result, locked so it cannot go while this one is stored; erased or purged
  -- since the caller found it, the request is stored without the link rather than refused.
  IF p_previous_request_id IS NOT NULL THEN
    SELECT r.id INTO v_previous_id FROM email_requests r WHERE r.id = p_previous_request_id FOR KEY SHARE;
  END IF;

  INSERT INTO email_requests
    (email, email_normalized, note, responses, operational_score, compliance_score, quality_score,
     training_score, data_score, overall_score, consent_text, consent_at, service_type, size_band,
     results_token_hash, contact_name, contact_organisation, contact_role, contact_phone,
     utm_source, utm_medium, utm_campaign, referrer_host, previous_request_id)
  VALUES
    (p_email, p_email_normalized, p_note, p_responses, p_operational_score, p_compliance_score,
     p_quality_score, p_training_score, p_data_score, p_overall_score, p_consent_text,
     CASE WHEN p_consent_text IS NULL THEN NULL ELSE now() END, p_service_type, p_size_band,
     p_results_token_hash, p_contact_name, p_contact_organisation, p_contact_role, p_contact_phone,
     p_utm_source, p_utm_medium, p_utm_campaign, p_referrer_host, v_previous_id)
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
  -- An alert to each team member who has not chosen the daily digest or none (no choice: each lead).
  INSERT INTO outbox_messages (request_id, kind, recipient)
  SELECT v_id, 'lead_alert', member
    FROM jsonb_array_elements_text(coalesce(p_alert_members, '[]'::jsonb)) AS member
    LEFT JOIN team_alert_preferences p ON p.email = member
   WHERE coalesce(p.alert, 'each_lead') = 'each_lead';

  RETURN QUERY SELECT v_id, NULL::integer;
END
$$;
