-- An empty table GET /api/health adds a row to, and rolls it back, to learn whether the data
-- folder has room: the row needs a page the table does not have, so the database must extend a
-- file, as a new request's rows do. Rewriting health_probe's one row needs no new space, and said
-- 200 while a full disk refused every request (issue 36). VACUUM takes the page back after each probe.
CREATE TABLE health_space_probe (
  checked_at timestamptz NOT NULL DEFAULT now()
);
