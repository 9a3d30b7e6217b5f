-- A completed audit's service profile is asked on the results page, after the audit was sent to the
-- benchmark (part 3 of the product contract: nothing stands between "Complete Audit" and the
-- results). The browser then sends the same audit again, under the same idempotency key, with the
-- profile; the key must therefore name the audit it counted. It does so only while the key is
-- remembered (two days, see audit_submission_keys): once it is forgotten, nothing links back, and
-- the audit stays as anonymous as before. Keys from before this migration name no audit, and a
-- profile sent under one changes nothing.
ALTER TABLE audit_submission_keys ADD COLUMN audit_id uuid;
