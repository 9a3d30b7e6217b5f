-- Each e-mail request a visitor made, with what the team needs to follow it up and no more
-- (no client IP, no user agent). Scores are computed by the server from the answers.
CREATE TABLE email_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The address as the visitor typed it (trimmed), and lower-cased for look-ups, erasure and rate limits.
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  email_normalized text NOT NULL CHECK (email_normalized = lower(email)),
  note text CHECK (note IS NULL OR length(note) <= 2000),
  responses jsonb NOT NULL,
  operational_score smallint NOT NULL CHECK (operational_score BETWEEN 0 AND 100),
  compliance_score smallint NOT NULL CHECK (compliance_score BETWEEN 0 AND 100),
  quality_score smallint NOT NULL CHECK (quality_score BETWEEN 0 AND 100),
  training_score smallint NOT NULL CHECK (training_score BETWEEN 0 AND 100),
  data_score smallint NOT NULL CHECK (data_score BETWEEN 0 AND 100),
  overall_score smallint NOT NULL CHECK (overall_score BETWEEN 0 AND 100),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Per-recipient rate limit and erasure by address.
CREATE INDEX email_requests_email_normalized_created_at ON email_requests (email_normalized, created_at);
-- Retention purge and export order.
CREATE INDEX email_requests_created_at ON email_requests (created_at);

-- Messages waiting to be sent, being sent, sent or given up on. Erasing a request erases its messages.
CREATE TABLE outbox_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL REFERENCES email_requests (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('visitor', 'team')),
  recipient text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  -- Counted when a worker claims the message, so a message that crashes its sender still runs out of attempts.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  -- The worker holding the message and until when; after that another worker may take it back.
  claimed_by text,
  claim_expires_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (request_id, kind),
  CHECK ((status = 'sending') = (claimed_by IS NOT NULL AND claim_expires_at IS NOT NULL)),
  CHECK ((status = 'sent') = (sent_at IS NOT NULL))
);

-- What the worker polls for: due messages, and claims whose lease ran out.
CREATE INDEX outbox_messages_due ON outbox_messages (next_attempt_at) WHERE status = 'queued';
CREATE INDEX outbox_messages_claims ON outbox_messages (claim_expires_at) WHERE status = 'sending';
CREATE INDEX outbox_messages_request_id ON outbox_messages (request_id);
