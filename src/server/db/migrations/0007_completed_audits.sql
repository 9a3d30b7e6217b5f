-- The anonymous benchmark: completed audits, counted once each, and the score counts the benchmark
-- is read from. Nothing here identifies a visitor: no address, no identifier, no time finer than
-- the day, nothing about the client.

-- 1. One row per completed audit: the UTC date, the optional profile (NULL where it was skipped),
-- the 25 ratings and the scores the server computed from them.
CREATE TABLE completed_audits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  completed_on date NOT NULL,
  service_type text CHECK (service_type IN ('home_care', 'residential', 'nursing', 'supported_living', 'other')),
  size_band text CHECK (size_band IN ('under_25', '25_99', '100_plus')),
  ratings jsonb NOT NULL,
  operational_score smallint NOT NULL CHECK (operational_score BETWEEN 0 AND 100),
  compliance_score smallint NOT NULL CHECK (compliance_score BETWEEN 0 AND 100),
  quality_score smallint NOT NULL CHECK (quality_score BETWEEN 0 AND 100),
  training_score smallint NOT NULL CHECK (training_score BETWEEN 0 AND 100),
  data_score smallint NOT NULL CHECK (data_score BETWEEN 0 AND 100),
  overall_score smallint NOT NULL CHECK (overall_score BETWEEN 0 AND 100)
);

-- 2. How many audits of each profile scored each whole per cent in each area, kept up in the same
-- statement as the audit's insert. Scores are whole per cent, so these counts are an exact
-- histogram: medians and quartiles come from at most a few thousand small rows, however many
-- audits there are. A skipped part of the profile is NULL, and NULLs are one key, not distinct.
CREATE TABLE benchmark_score_counts (
  service_type text,
  size_band text,
  area text NOT NULL CHECK (area IN ('operational', 'compliance', 'quality', 'training', 'data')),
  score smallint NOT NULL CHECK (score BETWEEN 0 AND 100),
  count bigint NOT NULL CHECK (count > 0),
  CONSTRAINT benchmark_score_counts_key UNIQUE NULLS NOT DISTINCT (service_type, size_band, area, score)
);

-- 3. The idempotency keys of recent submissions, so a retry is counted once. Kept apart from the
-- audits, with no link to them, and forgotten after two days: once it is gone, nothing the browser
-- may still hold points to a stored audit.
CREATE TABLE audit_submission_keys (
  idempotency_key uuid PRIMARY KEY,
  received_on date NOT NULL
);
CREATE INDEX audit_submission_keys_received_on ON audit_submission_keys (received_on);
