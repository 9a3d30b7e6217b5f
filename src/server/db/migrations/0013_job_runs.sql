-- Each background job's last successful run, across every server instance (src/server/jobs). A job
-- runs in one transaction that also writes its row here, so the row says when the job last ran
-- whole: a job due every 24 hours is due again 24 hours after `started_at`, whichever instance ran
-- it, and an instance that restarts does not run it again early. A run that failed or was cut off
-- (a crash, kill -9) committed nothing, this row included, so the job is still due at the next tick.
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  -- When the last successful run began (its transaction's now()): the time the next run is due from.
  started_at timestamptz NOT NULL,
  -- When it finished (its commit, give or take the commit itself).
  finished_at timestamptz NOT NULL,
  -- Which instance ran it: host name and process id.
  instance text NOT NULL,
  -- How many runs have succeeded since the row was made.
  runs integer NOT NULL DEFAULT 1
);
