-- The metrics read, at every scrape, how many messages of each kind wait (queued, due or scheduled
-- for a retry, or being sent) and since when the oldest has waited. This index holds only those
-- rows, by kind and age, so the read stays cheap however many sent messages the table keeps; the
-- condition repeats outbox/waiting-messages.ts's word for word, so the planner can use it.
CREATE INDEX outbox_messages_waiting ON outbox_messages (kind, created_at)
  WHERE status IN ('queued', 'sending');
