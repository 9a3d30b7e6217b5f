-- The team workspace: sign-in links and sessions, who did what, the follow-up of each lead,
-- cookie-free usage counters, and two new kinds of outbox message (sign-in e-mails, webhooks).

-- 1. One-time sign-in links. Only a hash of the token is kept: the database alone cannot sign anyone in.
CREATE TABLE team_sign_in_tokens (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
-- The per-address sign-in limit counts recent links; old ones are purged by time.
CREATE INDEX team_sign_in_tokens_email_created_at ON team_sign_in_tokens (email, created_at);

-- 2. Team sessions, again only as a hash of the cookie's value. A session ends at sign-out (its row
-- is deleted), after idle_timeout without a request, at expires_at, or when its address leaves TEAM_EMAILS.
CREATE TABLE team_sessions (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX team_sessions_email ON team_sessions (email);

-- 3. Who did what: every sign-in, sign-out, export, erasure, retry, status change and note. The
-- actor is a team member's address, or "command line (user)" for the CLI. An erasure's subject is
-- a masked address, so the log does not keep what was erased.
CREATE TABLE team_activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL CHECK (action IN ('sign_in', 'sign_out', 'export', 'erase', 'retry', 'status_change', 'note_added')),
  subject text,
  detail text
);
CREATE INDEX team_activity_at ON team_activity (at);

-- 4. The follow-up of each lead, and the team's notes on it (erased with the lead).
ALTER TABLE email_requests
  ADD COLUMN follow_up_status text NOT NULL DEFAULT 'new'
    CHECK (follow_up_status IN ('new', 'contacted', 'qualified', 'closed'));
CREATE INDEX email_requests_follow_up_status_created_at ON email_requests (follow_up_status, created_at);

CREATE TABLE lead_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL REFERENCES email_requests (id) ON DELETE CASCADE,
  author text NOT NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_notes_request_id ON lead_notes (request_id, created_at);

-- 5. Cookie-free usage counters: one number per day and event. Nothing in them can single out a
-- visitor: no identifier, no address, no time finer than the day.
CREATE TABLE usage_counters (
  day date NOT NULL,
  event text NOT NULL CHECK (event ~ '^[a-z0-9_]{1,40}$'),
  count bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
  PRIMARY KEY (day, event)
);

-- 6. The outbox carries two more kinds of message: a sign-in e-mail, which belongs to no request
-- and holds its link's token in `payload` only until it is sent or given up on; and a webhook,
-- which belongs to a request and goes to WEBHOOK_URL (its recipient) instead of a mailbox.
ALTER TABLE outbox_messages
  ALTER COLUMN request_id DROP NOT NULL,
  ADD COLUMN payload jsonb,
  DROP CONSTRAINT outbox_messages_kind_check,
  ADD CONSTRAINT outbox_messages_kind_check CHECK (kind IN ('visitor', 'team', 'webhook', 'sign_in')),
  ADD CONSTRAINT outbox_messages_request_by_kind CHECK ((kind = 'sign_in') = (request_id IS NULL));

-- 7. store_email_request() as in migration 0004, also queueing the lead.created webhook when
-- WEBHOOK_URL is set (p_webhook), in the same transaction as the request.
DROP FUNCTION store_email_request(integer, text, text, text, jsonb, smallint, smallint, smallint, smallint,
                                  smallint, smallint, integer, integer, text, text, text);

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
  p_webhook text
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
  IF p_webhook IS NOT NULL THEN
    INSERT INTO outbox_messages (request_id, kind, recipient) VALUES (v_id, 'webhook', p_webhook);
  END IF;

  RETURN QUERY SELECT v_id, NULL::integer;
END
$$;
