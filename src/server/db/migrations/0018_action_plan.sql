-- The action plan (issue 23): what the care manager marked on their private results page. One row
-- per marked topic (a priority's statement, or an area's advice) of one request; deleted with the
-- request (erased, or purged by retention).
CREATE TABLE action_plan_items (
  request_id uuid NOT NULL REFERENCES email_requests (id) ON DELETE CASCADE,
  -- `statement:<area>-<0-4>` or `area:<area>` (src/core/action-plan.ts).
  item_key text NOT NULL CHECK (item_key ~ '^(statement:[a-z]+-[0-4]|area:[a-z]+)$'),
  status text NOT NULL CHECK (status IN ('planned', 'in_progress', 'done')),
  owner text CHECK (char_length(owner) BETWEEN 1 AND 100),
  target_date date,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, item_key)
);
