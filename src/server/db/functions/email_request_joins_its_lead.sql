-- The live body of email_request_joins_its_lead() and its trigger: every request inserted into
-- email_requests joins the lead of its mailbox (mailbox_key(): a+x@ and A@ are one person), or
-- makes that lead, named by the request's own id (decision 0058). A trigger, not a step of
-- store_email_request(), so that no way of inserting a request (the function, a test's fixture, a
-- benchmark's bulk insert) can leave one without its lead or make a person a second lead.
-- ON CONFLICT makes two requests from one person at the same moment find one lead: the later waits
-- for the earlier's row and then joins it. Owned by leads/ (see table-ownership.test.ts). A
-- repeatable step: see store_email_request.sql.
CREATE OR REPLACE FUNCTION email_request_joins_its_lead() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- DO UPDATE (to the same value) rather than DO NOTHING, so the existing lead's id is returned.
  INSERT INTO leads AS l (id, mailbox)
  VALUES (NEW.id, mailbox_key(NEW.email))
  ON CONFLICT (mailbox) DO UPDATE SET mailbox = l.mailbox
  RETURNING l.id INTO NEW.lead_id;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER email_request_joins_its_lead
  BEFORE INSERT ON email_requests
  FOR EACH ROW EXECUTE FUNCTION email_request_joins_its_lead();
