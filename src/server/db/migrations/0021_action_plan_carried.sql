-- The plan carries on (issue 32): a retake starts with the action plan of the result it was retaken
-- from, for every topic it still has. Each copied item names the result it came from, so the page
-- and the PDF can say it was carried. Erasing or purging that earlier result clears the name (the
-- item stays: it is the retake's own now); a change to the item on the retake's page clears it too.
ALTER TABLE action_plan_items
  ADD COLUMN carried_from_request_id uuid REFERENCES email_requests (id) ON DELETE SET NULL
    CHECK (carried_from_request_id <> request_id);
-- The erasure and the purge delete requests: without an index each would read the whole table to
-- clear the names pointing at them.
CREATE INDEX action_plan_items_carried_from ON action_plan_items (carried_from_request_id)
  WHERE carried_from_request_id IS NOT NULL;
