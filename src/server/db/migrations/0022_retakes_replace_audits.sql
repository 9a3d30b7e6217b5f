-- The comparison counts providers, not audits (issue 32, point 5): a retake's anonymous audit names
-- the anonymous audit it retakes, by the key the browser sent that one with, and replaces it. A
-- chain of retakes then counts once, by its latest audit, in benchmark_score_counts and so in every
-- "N care providers" figure and in the threshold. Decision 0062 says why and what is kept.

-- 1. An audit is found by the key it was sent with for as long as it is kept, not only for the two
-- days audit_submission_keys remembers a key for retries: a retake may come weeks later. The key is
-- random, made in the browser for that one audit, and names no one. Audits of the last two days
-- take their key from audit_submission_keys; older ones never had one linked and keep none.
-- replaced_by is the audit that replaced it: set, the audit is no longer in the counts (its row
-- stays, as every completed audit does); NULL, it is its chain's latest and counted. UNIQUE: one
-- audit replaces at most one other, so a chain never forks into two counted audits.
ALTER TABLE completed_audits
  ADD COLUMN submission_key uuid,
  ADD COLUMN replaced_by uuid REFERENCES completed_audits (id),
  ADD CONSTRAINT completed_audits_submission_key UNIQUE (submission_key),
  ADD CONSTRAINT completed_audits_replaced_once UNIQUE (replaced_by),
  ADD CONSTRAINT completed_audits_not_replaced_by_itself CHECK (replaced_by <> id);
UPDATE completed_audits a SET submission_key = k.idempotency_key
  FROM audit_submission_keys k WHERE k.audit_id = a.id;

-- 2. The key of a result's anonymous audit, kept with the result (an e-mail request) so that
-- "Retake with these answers" on its private results page can name it, from any device. The
-- request already holds the same answers and profile, so the link says nothing about the person
-- that the request does not; it goes when the request is erased or purged (CASCADE), and the audit
-- it named is anonymous again. A separate table, the benchmark's, so the request's own storage
-- function is unchanged.
CREATE TABLE result_audit_keys (
  request_id uuid PRIMARY KEY REFERENCES email_requests (id) ON DELETE CASCADE,
  audit_key uuid NOT NULL
);

-- 3. A saved retake keeps the key its audit retakes, so the audit continued from its link names it
-- too. Emptied with the rest when the saved audit is completed.
ALTER TABLE saved_audits ADD COLUMN retakes_audit uuid;
