-- One person, one lead (issue 32, decision 0058). Until now each e-mail request was a lead of its
-- own: a care manager who came back became a second "new" lead. Now a lead is a mailbox (the
-- normalised address, mailbox_key(): a+x@ and A@ are one), and each request is one of its results.
-- What the team works (status, owner, follow-up day, notes, the activity about it) moves from the
-- request to the lead. A lead's id is the id of the request that made it, so links, the webhook's
-- data.id and the activity log keep naming the same lead after this migration.

-- 1. The leads: only what the team works. When a lead was made, when it last came back and how many
-- results it has are read from its requests, never copied here, so they cannot disagree.
CREATE TABLE leads (
  id uuid PRIMARY KEY,
  mailbox text NOT NULL UNIQUE CHECK (char_length(mailbox) BETWEEN 1 AND 254),
  follow_up_status text NOT NULL DEFAULT 'new'
    CHECK (follow_up_status IN ('new', 'contacted', 'qualified', 'closed')),
  owner_email text CHECK (char_length(owner_email) BETWEEN 3 AND 254),
  follow_up_on date
);
CREATE INDEX leads_follow_up_status ON leads (follow_up_status);
CREATE INDEX leads_owner_email ON leads (owner_email);
CREATE INDEX leads_follow_up_on ON leads (follow_up_on) WHERE follow_up_on IS NOT NULL;

-- 2. Existing requests from one mailbox become one lead, named by its first request. What the team
-- had set on the duplicates is merged: each of status, owner and follow-up day is taken from the
-- latest request on which it was set (a status other than "new" counts as set), so the work done
-- on any of them is kept and the most recent word wins.
INSERT INTO leads (id, mailbox, follow_up_status, owner_email, follow_up_on)
SELECT (array_agg(r.id ORDER BY r.created_at, r.id))[1],
       r.recipient_key,
       coalesce((array_agg(r.follow_up_status ORDER BY r.created_at DESC, r.id DESC)
                   FILTER (WHERE r.follow_up_status <> 'new'))[1], 'new'),
       (array_agg(r.owner_email ORDER BY r.created_at DESC, r.id DESC) FILTER (WHERE r.owner_email IS NOT NULL))[1],
       (array_agg(r.follow_up_on ORDER BY r.created_at DESC, r.id DESC) FILTER (WHERE r.follow_up_on IS NOT NULL))[1]
  FROM email_requests r
 GROUP BY r.recipient_key;

-- 3. Each request belongs to its lead, and is erased or purged with it (the lead goes with its last
-- request: leads/ deletes a lead left with none). A new request joins its mailbox's lead, or makes
-- it, by the trigger in db/functions/email_request_joins_its_lead.sql, for every way a row is
-- inserted, so no request is ever without its lead and two at once from one person make one lead.
ALTER TABLE email_requests ADD COLUMN lead_id uuid REFERENCES leads (id) ON DELETE CASCADE;
UPDATE email_requests r SET lead_id = l.id FROM leads l WHERE l.mailbox = r.recipient_key;
ALTER TABLE email_requests ALTER COLUMN lead_id SET NOT NULL;
CREATE INDEX email_requests_lead_id_created_at ON email_requests (lead_id, created_at);

-- 4. The team's notes belong to the lead.
ALTER TABLE lead_notes ADD COLUMN lead_id uuid REFERENCES leads (id) ON DELETE CASCADE;
UPDATE lead_notes n SET lead_id = r.lead_id FROM email_requests r WHERE r.id = n.request_id;
ALTER TABLE lead_notes ALTER COLUMN lead_id SET NOT NULL;
DROP INDEX lead_notes_request_id;
ALTER TABLE lead_notes DROP COLUMN request_id;
CREATE INDEX lead_notes_lead_id ON lead_notes (lead_id, created_at);

-- 5. The activity log names the lead (cleared when the lead is erased or expires; the masked label stays).
ALTER TABLE team_activity ADD COLUMN lead_id uuid REFERENCES leads (id) ON DELETE SET NULL;
UPDATE team_activity a SET lead_id = r.lead_id FROM email_requests r WHERE r.id = a.request_id;
DROP INDEX team_activity_request_id;
ALTER TABLE team_activity DROP COLUMN request_id;
CREATE INDEX team_activity_lead_id ON team_activity (lead_id) WHERE lead_id IS NOT NULL;

-- 6. The request keeps what the visitor sent; the team's follow-up lives on the lead alone.
DROP INDEX email_requests_owner_email_created_at;
DROP INDEX email_requests_follow_up_on;
DROP INDEX email_requests_follow_up_status_created_at;
ALTER TABLE email_requests
  DROP COLUMN follow_up_status,
  DROP COLUMN owner_email,
  DROP COLUMN follow_up_on;
