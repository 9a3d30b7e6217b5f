-- One row that GET /api/health rewrites now and then, to learn whether the database still takes
-- writes: a read-only or full data folder answers reads and fails every write.
CREATE TABLE health_probe (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  checked_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO health_probe DEFAULT VALUES;
