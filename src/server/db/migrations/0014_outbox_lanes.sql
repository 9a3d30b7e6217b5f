-- The outbox sends in two lanes with slots of their own (decision 0045): webhooks, and every e-mail.
-- Each lane claims only its own kinds, so each gets its own index of due messages: with one index
-- for both, an e-mail's claim would step over every due webhook waiting behind a receiver that
-- hangs. The conditions repeat outbox-store.ts's LANE_CONDITION word for word, so the planner can
-- use them; together the two cover what outbox_messages_due covered, which goes.
CREATE INDEX outbox_messages_due_mail ON outbox_messages (next_attempt_at)
  WHERE status = 'queued' AND kind <> 'webhook';
CREATE INDEX outbox_messages_due_webhook ON outbox_messages (next_attempt_at)
  WHERE status = 'queued' AND kind = 'webhook';
DROP INDEX outbox_messages_due;
