-- 1. The mailbox an address delivers to, as far as we can tell from the address alone: lower case,
-- a "+tag" after the local part removed (victim+1@example.org reaches victim@example.org), and for
-- Gmail, which ignores dots in the local part and answers at googlemail.com too, dots removed and
-- one domain. Other providers' dots stay: at most of them first.last and firstlast are two people.
-- The per-recipient limit counts requests by this key, so variants of one mailbox share one limit.
CREATE FUNCTION mailbox_key(p_email text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
           WHEN parts.domain IN ('gmail.com', 'googlemail.com') THEN replace(parts.local, '.', '') || '@gmail.com'
           ELSE parts.local || '@' || parts.domain
         END
    FROM (
      SELECT regexp_replace(lower(substring(p_email FROM '^(.*)@')), '^(.[^+]*)[+].*', '\1') AS local,
             lower(substring(p_email FROM '@([^@]*)$')) AS domain
    ) AS parts
$$;

ALTER TABLE email_requests
  ADD COLUMN recipient_key text GENERATED ALWAYS AS (mailbox_key(email)) STORED NOT NULL;

CREATE INDEX email_requests_recipient_key_created_at ON email_requests (recipient_key, created_at);

-- 2. Consent to be contacted about a free consultation: the exact wording the visitor ticked, and
-- when. Both empty when the box was left unticked (the team then does not contact the visitor).
ALTER TABLE email_requests
  ADD COLUMN consent_text text CHECK (consent_text IS NULL OR length(consent_text) BETWEEN 1 AND 500),
  ADD COLUMN consent_at timestamptz,
  ADD CONSTRAINT email_requests_consent_complete CHECK ((consent_text IS NULL) = (consent_at IS NULL));

-- 3. store_email_request() as before (one round trip: lock, limit check, inserts), now counting the
-- limit by mailbox and storing consent. It takes two advisory locks: the mailbox's, so requests to
-- variants of one mailbox take turns and cannot slip under the limit together, and the exact
-- address's, which is the one the team's erasure takes, so a request is erased whole or stored after.
-- Every request takes them in that order and an erasure takes only the second, so none waits in a circle.
DROP FUNCTION store_email_request(integer, text, text, text, jsonb, smallint, smallint, smallint, smallint,
                                  smallint, smallint, integer, integer, text, text);

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
  p_consent_text text
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
     training_score, data_score, overall_score, consent_text, consent_at)
  VALUES
    (p_email, p_email_normalized, p_note, p_responses, p_operational_score, p_compliance_score,
     p_quality_score, p_training_score, p_data_score, p_overall_score, p_consent_text,
     CASE WHEN p_consent_text IS NULL THEN NULL ELSE now() END)
  RETURNING email_requests.id INTO v_id;

  INSERT INTO outbox_messages (request_id, kind, recipient) VALUES (v_id, 'visitor', p_visitor);
  IF p_team IS NOT NULL THEN
    INSERT INTO outbox_messages (request_id, kind, recipient) VALUES (v_id, 'team', p_team);
  END IF;

  RETURN QUERY SELECT v_id, NULL::integer;
END
$$;

-- 4. The bot guard's shared state. One signing secret for every server instance, made by the first
-- that needs it; and each challenge used so far, until it expires (after that it is refused as
-- expired, so its row is no longer needed). No personal data: a challenge is random numbers.
CREATE TABLE bot_guard_secret (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL
);

CREATE TABLE bot_guard_used_challenges (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE INDEX bot_guard_used_challenges_expires_at ON bot_guard_used_challenges (expires_at);
