-- The team audit (issue 33, decision 0069): a care manager's colleagues answer the same 25
-- statements through a join link opened from her private results page. It belongs to the result it
-- was opened from, so it is kept with that request, erased with it and purged with it (the
-- cascade). No colleague's address, name or IP is kept: an answer is its ratings, an optional role
-- and the hash of a key the colleague's browser made, so answering again replaces the answer.
CREATE TABLE team_audits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL REFERENCES email_requests (id) ON DELETE CASCADE,
  -- SHA-256 of the join link's token; the token is worked out from the results link (0069).
  join_token_hash bytea NOT NULL UNIQUE,
  opened_at timestamptz NOT NULL DEFAULT now(),
  -- 30 days after it opened; it is closed from then on, with no job needed to close it.
  closes_at timestamptz NOT NULL,
  -- When the manager closed it; null while it is open or when it closed by its time.
  closed_at timestamptz,
  CHECK (closes_at > opened_at),
  CHECK (closed_at IS NULL OR closed_at >= opened_at)
);

-- At most one team audit of a result is open by the manager's choice (one not closed by hand);
-- opening a new one first marks one past its time as closed then.
CREATE UNIQUE INDEX team_audits_one_open ON team_audits (request_id) WHERE closed_at IS NULL;
CREATE INDEX team_audits_request_id ON team_audits (request_id);

CREATE TABLE team_audit_answers (
  team_audit_id uuid NOT NULL REFERENCES team_audits (id) ON DELETE CASCADE,
  -- SHA-256 of the key the colleague's browser keeps for this team audit: one answer per browser.
  respondent_key_hash bytea NOT NULL,
  role text CHECK (role IN ('manager', 'senior-carer-or-nurse', 'care-worker', 'office-or-admin', 'other')),
  -- Every statement rated, as the route checks: { area: { "0".."4": 1..5 } }.
  responses jsonb NOT NULL,
  answered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_audit_id, respondent_key_hash)
);
