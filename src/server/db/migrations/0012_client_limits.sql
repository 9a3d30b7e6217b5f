-- The per-client limits (e-mail requests, team sign-in, usage events, audits, report PDFs), counted
-- in the database when the server runs on PostgreSQL, so that every instance behind a load
-- balancer counts against one number (decision 0043). With PGlite (one process) they stay in memory
-- and this table stays empty.
--
-- One row per limit (the route, e.g. 'POST /api/email-results') and client: the client's key is a
-- hash of its address, never the address itself. A row lives for one window: the next request after
-- window_ends_at starts a new window in the same row, and sweepExpiredClientLimits() deletes rows
-- whose window has ended.
--
-- UNLOGGED: a count lost in a crash only restarts a window, and an unlogged table is written to no
-- WAL, so the hashed addresses reach no replica, no WAL archive and no base backup (pg_basebackup
-- leaves its rows out; pg_dump copies them unless told --no-unlogged-table-data).
CREATE UNLOGGED TABLE client_limits (
  limit_name text NOT NULL,
  client_key text NOT NULL,
  window_ends_at timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits > 0),
  PRIMARY KEY (limit_name, client_key)
);
