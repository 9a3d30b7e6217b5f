-- The live body of queue_outbox_message(): the one way a row enters outbox_messages, from SQL
-- (store_email_request()) and from TypeScript (queueMessage in src/server/outbox/outbox-store.ts)
-- alike, so what a queued message looks like (due now, no attempts, its payload) is said once.
-- Owned by the outbox (src/server/outbox); the table-ownership test holds every other capability
-- to calling it rather than writing the table. A repeatable step: see store_email_request.sql.
CREATE OR REPLACE FUNCTION queue_outbox_message(
  p_kind text,
  p_recipient text,
  p_request_id uuid DEFAULT NULL,
  p_payload jsonb DEFAULT NULL,
  p_saved_audit_id uuid DEFAULT NULL
) RETURNS uuid
LANGUAGE sql VOLATILE AS $$
  INSERT INTO outbox_messages (request_id, kind, recipient, payload, saved_audit_id)
  VALUES (p_request_id, p_kind, p_recipient, p_payload, p_saved_audit_id)
  RETURNING id
$$;
