-- Progress over time (issue 23): a result reached through "Retake with these answers" points at the
-- one it came from. Erasing or purging the earlier one clears the pointer, so a chain simply starts
-- later; nothing else is deleted with it.
ALTER TABLE email_requests
  ADD COLUMN previous_request_id uuid REFERENCES email_requests (id) ON DELETE SET NULL
    CHECK (previous_request_id <> id);
-- Followed both ways: back to the first result, and on to see whether a later one exists.
CREATE INDEX email_requests_previous_request_id ON email_requests (previous_request_id)
  WHERE previous_request_id IS NOT NULL;
-- store_email_request() takes the result a retake came from: the old signature goes, and the
-- repeatable step (db/functions/store_email_request.sql) creates the new. IF EXISTS: a new database
-- has no function yet at this point (the repeatable step runs after the migrations).
DROP FUNCTION IF EXISTS store_email_request(integer, text, text, text, jsonb, smallint, smallint, smallint,
                                            smallint, smallint, smallint, integer, integer, text, text,
                                            text, text, text, text, text, bytea, text, text, text, text,
                                            text, text, text, text, jsonb);
