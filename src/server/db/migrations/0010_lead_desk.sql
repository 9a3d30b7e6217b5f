-- The lead desk (part 3 of the product contract): who the lead is (only with consent), where they
-- came from, who on the team works the lead and when it is next due, how each team member wants to
-- hear of new leads, and an activity log that names the lead it is about.

-- 1. Contact details: optional, and only with consent (the CHECK makes the rule the database's own,
-- so no route can store them without it). Limits as the contract gives them; the phone's 7–20
-- digits are checked by the API, its length here only bounds the spaces and punctuation around them.
ALTER TABLE email_requests
  ADD COLUMN contact_name text CHECK (char_length(contact_name) BETWEEN 1 AND 100),
  ADD COLUMN contact_organisation text CHECK (char_length(contact_organisation) BETWEEN 1 AND 150),
  ADD COLUMN contact_role text CHECK (char_length(contact_role) BETWEEN 1 AND 100),
  ADD COLUMN contact_phone text CHECK (char_length(contact_phone) BETWEEN 7 AND 40),
  ADD CONSTRAINT email_requests_contact_needs_consent CHECK (
    consent_at IS NOT NULL
    OR (contact_name IS NULL AND contact_organisation IS NULL AND contact_role IS NULL AND contact_phone IS NULL)
  );

-- 2. Where the lead came from, without cookies: the utm_* values and the referring site's host name
-- (never its full address) that the browser kept from the first page of the visit. `source_label`
-- is the one name the list filters on and the overview counts by: the campaign's source when there
-- is one, else the referring host, else "direct".
ALTER TABLE email_requests
  ADD COLUMN utm_source text CHECK (char_length(utm_source) BETWEEN 1 AND 100),
  ADD COLUMN utm_medium text CHECK (char_length(utm_medium) BETWEEN 1 AND 100),
  ADD COLUMN utm_campaign text CHECK (char_length(utm_campaign) BETWEEN 1 AND 100),
  ADD COLUMN referrer_host text CHECK (char_length(referrer_host) BETWEEN 1 AND 253),
  ADD COLUMN source_label text GENERATED ALWAYS AS (coalesce(utm_source, referrer_host, 'direct')) STORED NOT NULL;
CREATE INDEX email_requests_source_label_created_at ON email_requests (source_label, created_at);

-- 3. Working the leads: an owner (a team member's address, normalised) and the next follow-up day
-- (a calendar day in UK time, as the team reads it).
ALTER TABLE email_requests
  ADD COLUMN owner_email text CHECK (char_length(owner_email) BETWEEN 3 AND 254),
  ADD COLUMN follow_up_on date;
CREATE INDEX email_requests_owner_email_created_at ON email_requests (owner_email, created_at);
CREATE INDEX email_requests_follow_up_on ON email_requests (follow_up_on) WHERE follow_up_on IS NOT NULL;

-- 4. The activity log names the lead an entry is about: a link while the lead exists (request_id,
-- cleared when it is erased or expires) and its address masked (lead_label, kept: the log must still
-- say which lead, without keeping its address). Three more actions: owner and follow-up date
-- changes, and a team member's choice of alerts.
ALTER TABLE team_activity
  DROP CONSTRAINT team_activity_action_check,
  ADD CONSTRAINT team_activity_action_check CHECK (action IN (
    'sign_in', 'sign_out', 'export', 'erase', 'retry', 'status_change', 'note_added',
    'owner_change', 'follow_up_date', 'alert_preference'
  )),
  ADD COLUMN request_id uuid REFERENCES email_requests (id) ON DELETE SET NULL,
  ADD COLUMN lead_label text CHECK (char_length(lead_label) BETWEEN 1 AND 300);
CREATE INDEX team_activity_request_id ON team_activity (request_id) WHERE request_id IS NOT NULL;

-- Entries from before this migration named a lead by its id in `subject`: link those still held.
UPDATE team_activity a
   SET request_id = r.id,
       lead_label = left(r.email, 1) || '•••' || substring(r.email FROM '@[^@]*$')
  FROM email_requests r
 WHERE a.action IN ('status_change', 'note_added')
   AND a.subject ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
   AND r.id = a.subject::uuid;

-- 5. Alerts. Each team member (by address, normalised) chooses how to hear of new leads; no row means
-- the default, an e-mail for each lead. A digest is recorded per member and UK day before it is
-- queued, so a day's digest is queued once however many instances or ticks try.
CREATE TABLE team_alert_preferences (
  email text PRIMARY KEY,
  alert text NOT NULL CHECK (alert IN ('each_lead', 'daily_digest', 'none')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lead_digests (
  email text NOT NULL,
  digest_day date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, digest_day)
);

-- An alert belongs to its lead (and is erased with it); a digest, like a sign-in e-mail, to none:
-- it reads the leads of its period when it is sent, so an erased lead is never in it.
ALTER TABLE outbox_messages
  DROP CONSTRAINT outbox_messages_kind_check,
  ADD CONSTRAINT outbox_messages_kind_check
    CHECK (kind IN ('visitor', 'team', 'webhook', 'sign_in', 'lead_alert', 'lead_digest')),
  DROP CONSTRAINT outbox_messages_request_by_kind,
  ADD CONSTRAINT outbox_messages_request_by_kind
    CHECK ((kind IN ('sign_in', 'lead_digest')) = (request_id IS NULL));

-- 6. store_email_request() takes the contact details, the source and the team members to alert: the
-- old signature goes, and the repeatable step (db/functions/store_email_request.sql) creates the new.
DROP FUNCTION store_email_request(integer, text, text, text, jsonb, smallint, smallint, smallint, smallint,
                                  smallint, smallint, integer, integer, text, text, text, text, text, text,
                                  text, bytea);
