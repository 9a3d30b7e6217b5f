-- store_email_request() takes one named jsonb argument instead of 31 positional ones (issue 32,
-- decision 0057): a new field of a request is then a new key, not a new signature and a migration
-- that drops the old one. The repeatable step (db/functions/store_email_request.sql) creates the
-- new function; this drops the old one. IF EXISTS: a new database has none yet at this point.
DROP FUNCTION IF EXISTS store_email_request(integer, text, text, text, jsonb, smallint, smallint, smallint,
                                            smallint, smallint, smallint, integer, integer, text, text,
                                            text, text, text, text, text, bytea, text, text, text, text,
                                            text, text, text, text, jsonb, uuid);
