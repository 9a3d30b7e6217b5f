-- A request had one outbox message of each kind (UNIQUE (request_id, kind), from 0001). A lead alert
-- goes to each team member who chose one, so a request has one of those per member: with two
-- members, storing the request failed on that constraint. Now: one message of each kind per
-- request and recipient, and still one of each other kind per request (the lists join on that).
-- The wider constraint's index starts with request_id, and so still serves every look-up by
-- request (the cascade of an erasure, the lists' joins), as 0003 counted on.
ALTER TABLE outbox_messages
  DROP CONSTRAINT outbox_messages_request_id_kind_key,
  ADD CONSTRAINT outbox_messages_request_id_kind_recipient_key UNIQUE (request_id, kind, recipient);
CREATE UNIQUE INDEX outbox_messages_one_per_request
  ON outbox_messages (request_id, kind) WHERE kind <> 'lead_alert';
