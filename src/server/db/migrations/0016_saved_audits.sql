-- "Save and continue later" (issue 23): an audit in progress, kept under a private link.

-- 1. One row per saved audit. The link's token is 32 random bytes, of which only the SHA-256 hash is
-- kept, so a copy of the database opens no one's audit. A completed audit keeps its row, emptied of
-- the address and the answers, until it expires: its link can then say "completed" rather than
-- "unknown". Every row is deleted SAVED_AUDIT_DAYS after the first save (the purge job).
CREATE TABLE saved_audits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  -- The address the link went to, as typed and in its comparable forms (the e-mail form's): the
  -- per-address limit counts by recipient_key, and erasing an address finds its rows by
  -- email_normalized. Both NULL once the audit is completed.
  email text,
  email_normalized text,
  recipient_key text,
  -- Where it stopped: the section on screen (0-4), the answers so far, the profile if given.
  section smallint CHECK (section BETWEEN 0 AND 4),
  responses jsonb,
  service_type text
    CHECK (service_type IN ('home_care', 'residential', 'nursing', 'supported_living', 'other')),
  size_band text CHECK (size_band IN ('under_25', '25_99', '100_plus')),
  -- A retake that was saved: the result it came from, so the result it leads to is linked to it.
  -- Cleared (not cascaded) when that result is erased or purged: the audit in progress stays.
  retake_of_request uuid REFERENCES email_requests (id) ON DELETE SET NULL,
  -- And that result's day and area scores, which the reopened audit's results show the change
  -- against: {"takenOn": "YYYY-MM-DD", "scores": {...}} (scores only, no address). NULL once completed.
  earlier jsonb,
  -- What the visitor ticked (the consent wording), and when; NULL when they did not. Only then does
  -- the team see the address.
  consent_text text,
  consent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The last save (the first one included): a device that opened an older save is told it replaced
  -- a later one.
  saved_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CONSTRAINT saved_audits_open_or_completed CHECK (
    (completed_at IS NULL) = (email IS NOT NULL AND email_normalized IS NOT NULL
                              AND recipient_key IS NOT NULL AND section IS NOT NULL
                              AND responses IS NOT NULL)
  ),
  CONSTRAINT saved_audits_consent_whole CHECK ((consent_text IS NULL) = (consent_at IS NULL))
);
CREATE INDEX saved_audits_recipient_key_created_at ON saved_audits (recipient_key, created_at)
  WHERE recipient_key IS NOT NULL;
CREATE INDEX saved_audits_email_normalized ON saved_audits (email_normalized)
  WHERE email_normalized IS NOT NULL;
CREATE INDEX saved_audits_created_at ON saved_audits (created_at);

-- 2. The e-mail that carries the link: an outbox message of its own kind, tied to the saved audit
-- (and deleted with it) rather than to a request. Its payload holds the token until it is sent.
ALTER TABLE outbox_messages
  ADD COLUMN saved_audit_id uuid REFERENCES saved_audits (id) ON DELETE CASCADE,
  DROP CONSTRAINT outbox_messages_kind_check,
  ADD CONSTRAINT outbox_messages_kind_check
    CHECK (kind IN ('visitor', 'team', 'webhook', 'sign_in', 'lead_alert', 'lead_digest', 'continue')),
  DROP CONSTRAINT outbox_messages_request_by_kind,
  ADD CONSTRAINT outbox_messages_request_by_kind
    CHECK ((kind IN ('sign_in', 'lead_digest', 'continue')) = (request_id IS NULL)),
  ADD CONSTRAINT outbox_messages_saved_audit_by_kind
    CHECK ((kind = 'continue') = (saved_audit_id IS NOT NULL));
CREATE INDEX outbox_messages_saved_audit_id ON outbox_messages (saved_audit_id)
  WHERE saved_audit_id IS NOT NULL;
