-- "Kept for 30 days" means it (issue 32, decision 0066): a saved audit's link opens it until the end
-- of the UK day 30 days after the first save, a moment worked out once, at the first save, by the
-- server's one rule (saved-audits/saved-audit-term.ts) and kept here, so the link check, the purge
-- and the team's count compare with the very moment the e-mail and the page name the day of.
ALTER TABLE saved_audits ADD COLUMN ends_at timestamptz;

-- The saves already made get the same moment: 00:00 UK time on the 31st UK day after the first
-- save. (The server works UK time out in JavaScript, since the database's time-zone data is not to
-- be relied on for everyday use; this one-off needs it, and fails loudly rather than guess if a
-- database lacks Europe/London. PGlite and PostgreSQL here both have it.)
UPDATE saved_audits
   SET ends_at = ((created_at AT TIME ZONE 'Europe/London')::date + 31)::timestamp AT TIME ZONE 'Europe/London';

ALTER TABLE saved_audits ALTER COLUMN ends_at SET NOT NULL;

-- A row written without it (hand-written SQL only: the server always gives its rule's moment)
-- gets the same moment for a first save now.
ALTER TABLE saved_audits
  ALTER COLUMN ends_at SET DEFAULT ((now() AT TIME ZONE 'Europe/London')::date + 31)::timestamp AT TIME ZONE 'Europe/London';

-- The purge deletes by it, and every read filters by it.
CREATE INDEX saved_audits_ends_at ON saved_audits (ends_at);
