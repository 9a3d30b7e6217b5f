-- Speed to lead (issue 35, decision 0078): when a member first set the lead to contacted (or
-- straight to qualified). Kept once set, so a lead set back to new keeps the first contact it had.
-- Null while nobody has contacted it.
ALTER TABLE leads ADD COLUMN first_contacted_at timestamptz;

-- The leads contacted before this column existed: the activity log's first change of each to
-- contacted or qualified ("new → contacted", leads/lead-follow-up.ts), where the log still has it.
-- A lead set to contacted with no such entry left keeps null: it is not new, so it never waits, and
-- the figures count it as not contacted in time rather than invent a time.
UPDATE leads l
   SET first_contacted_at = first.at
  FROM (SELECT lead_id, min(at) AS at
          FROM team_activity
         WHERE action = 'status_change'
           AND lead_id IS NOT NULL
           AND (detail LIKE '% → contacted' OR detail LIKE '% → qualified')
         GROUP BY lead_id) AS first
 WHERE first.lead_id = l.id;
