-- The live body of store_email_request(): one call stores a visitor's e-mail request and queues its
-- messages, in one round trip (see storeEmailRequest in src/server/leads/email-requests.ts).
--
-- A repeatable step (src/server/db/migrate.ts): applied after the numbered migrations whenever this
-- file's checksum differs from the one recorded in schema_repeatables, so a change here reaches every
-- database, old and new. Change the body here, never in a new numbered migration. CREATE OR REPLACE
-- cannot change the arguments or the result: for that, a numbered migration drops the old function
-- first (as 0019 did), and this file is changed in the same commit. Since 0019 the one argument is a
-- jsonb object: a new field is a new key here and in the caller, with no migration.
--
-- What it does, in order: takes two advisory locks, the mailbox's (mailbox_key(), so requests to
-- variants of one mailbox take turns and cannot slip under the limit together) and the exact
-- address's (the one the team's erasure takes, so a request is erased whole or stored after); every
-- request takes them in that order and an erasure only the second, so none waits in a circle. Then
-- the per-recipient limit, counted by mailbox over the window: over it, the seconds until one of those
-- requests leaves the window, and nothing stored. Otherwise the request (with the consent wording and
-- time, the profile, the contact details given with consent, where the visit came from, and the hash
-- of its results token), a result of the person's lead (a request without consent deletes the lead's
-- contact details, which are kept only with consent), and its outbox messages, each through queue_outbox_message(), the outbox's
-- one way in: the visitor's (carrying the results token in its payload: the e-mail needs the link,
-- and the outbox clears a payload once the message is sent or given up on), the team's and the
-- webhook's when set, and a lead alert to each member the caller names (alerts/ decides who: this
-- function reads no table of another capability's). A retake's request points at the result it came
-- from (previousRequestId, found by the caller within the retention period), or at nothing when that
-- result has gone meanwhile.
--
-- The one argument `p` is a jsonb object with these keys (absent or null where the comment allows):
--   lockSpace (int), email, emailNormalized, note?, responses (jsonb),
--   scores {operational, compliance, quality, training, data, overall} (0-100 each),
--   limit (int), windowMs (int), visitor, team?, webhook?, consentText?, serviceType?, sizeBand?,
--   resultsToken?, resultsTokenHash? (hex), contact? {name?, organisation?, role?, phone?},
--   source? {utmSource?, utmMedium?, utmCampaign?, referrerHost?}, alertMembers? (array of text),
--   previousRequestId? (uuid), contentVersion? (int: the version of the audit's words it answered;
--   1 when absent), receivedAt? (timestamptz: when the request came, the app's clock, which a test
--   sets; the database's now() when absent). The request's time, its consent's and the
--   per-recipient window are all read from it, so a lead's speed to lead starts when it came.
-- storeEmailRequest (src/server/leads/email-requests.ts) is the one caller and builds it.

CREATE OR REPLACE FUNCTION store_email_request(p jsonb) RETURNS TABLE (stored_id uuid, retry_after integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_lock_space integer := (p ->> 'lockSpace')::integer;
  v_email text := p ->> 'email';
  v_limit integer := (p ->> 'limit')::integer;
  v_window_ms integer := (p ->> 'windowMs')::integer;
  v_recipient_key text := mailbox_key(p ->> 'email');
  v_retry_after integer;
  v_id uuid := gen_random_uuid();
  v_lead_id uuid;
  v_previous_id uuid;
  v_received_at timestamptz := coalesce((p ->> 'receivedAt')::timestamptz, now());
BEGIN
  PERFORM pg_advisory_xact_lock(v_lock_space, hashtext(v_recipient_key));
  PERFORM pg_advisory_xact_lock(v_lock_space, hashtext(p ->> 'emailNormalized'));

  SELECT greatest(1, ceil(extract(epoch FROM (r.created_at + v_window_ms * interval '1 millisecond' - v_received_at))))::integer
    INTO v_retry_after
    FROM email_requests r
   WHERE r.recipient_key = v_recipient_key
     AND r.created_at > v_received_at - v_window_ms * interval '1 millisecond'
   ORDER BY r.created_at DESC
  OFFSET v_limit - 1 LIMIT 1;
  IF v_retry_after IS NOT NULL THEN
    RETURN QUERY SELECT NULL::uuid, v_retry_after;
    RETURN;
  END IF;

  -- A retake's earlier result, locked so it cannot go while this one is stored; erased or purged
  -- since the caller found it, the request is stored without the link rather than refused.
  IF p ->> 'previousRequestId' IS NOT NULL THEN
    SELECT r.id INTO v_previous_id FROM email_requests r
     WHERE r.id = (p ->> 'previousRequestId')::uuid FOR KEY SHARE;
  END IF;

  INSERT INTO email_requests
    (id, email, email_normalized, note, responses, operational_score, compliance_score, quality_score,
     training_score, data_score, overall_score, consent_text, consent_at, service_type, size_band,
     results_token_hash, contact_name, contact_organisation, contact_role, contact_phone,
     utm_source, utm_medium, utm_campaign, referrer_host, previous_request_id, content_version, created_at)
  VALUES
    (v_id, v_email, p ->> 'emailNormalized', p ->> 'note', p -> 'responses',
     (p #>> '{scores,operational}')::smallint, (p #>> '{scores,compliance}')::smallint,
     (p #>> '{scores,quality}')::smallint, (p #>> '{scores,training}')::smallint,
     (p #>> '{scores,data}')::smallint, (p #>> '{scores,overall}')::smallint,
     p ->> 'consentText', CASE WHEN p ->> 'consentText' IS NULL THEN NULL ELSE v_received_at END,
     p ->> 'serviceType', p ->> 'sizeBand', decode(p ->> 'resultsTokenHash', 'hex'),
     p #>> '{contact,name}', p #>> '{contact,organisation}', p #>> '{contact,role}', p #>> '{contact,phone}',
     p #>> '{source,utmSource}', p #>> '{source,utmMedium}', p #>> '{source,utmCampaign}',
     p #>> '{source,referrerHost}', v_previous_id, COALESCE((p ->> 'contentVersion')::integer, 1),
     v_received_at)
  -- It joins its person's lead (the trigger email_request_joins_its_lead), or makes it.
  RETURNING lead_id INTO v_lead_id;

  -- Consent is the latest request's: a "no" withdraws an earlier "yes", and the contact details
  -- given with it go from every result of the lead (they are kept only with consent). Each request
  -- keeps the wording it agreed to, or none.
  IF p ->> 'consentText' IS NULL THEN
    UPDATE email_requests
       SET contact_name = NULL, contact_organisation = NULL, contact_role = NULL, contact_phone = NULL
     WHERE lead_id = v_lead_id
       AND (contact_name IS NOT NULL OR contact_organisation IS NOT NULL
            OR contact_role IS NOT NULL OR contact_phone IS NOT NULL);
  END IF;

  PERFORM queue_outbox_message('visitor', p ->> 'visitor', v_id,
    CASE WHEN p ->> 'resultsToken' IS NULL THEN NULL ELSE jsonb_build_object('resultsToken', p ->> 'resultsToken') END);
  IF p ->> 'team' IS NOT NULL THEN
    PERFORM queue_outbox_message('team', p ->> 'team', v_id);
  END IF;
  IF p ->> 'webhook' IS NOT NULL THEN
    PERFORM queue_outbox_message('webhook', p ->> 'webhook', v_id);
  END IF;
  PERFORM queue_outbox_message('lead_alert', member, v_id)
     FROM (SELECT DISTINCT member FROM jsonb_array_elements_text(coalesce(p -> 'alertMembers', '[]'::jsonb)) AS member) AS m;

  RETURN QUERY SELECT v_id, NULL::integer;
END
$$;
