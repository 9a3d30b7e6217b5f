-- The audit's words, versioned (issue 34, decision 0073): the consultancy's editors change them
-- without a developer. A published version never changes. The live version is the highest number:
-- a restore publishes a copy of an older version as a new number, so publishing is one INSERT in
-- one transaction, and there is no "live" flag to keep right. Version 1 (CONTENT_V1, the words the
-- code held before) is inserted by the server at start, after the migrations (INSERT … ON CONFLICT
-- DO NOTHING), so an empty database and an existing one both get it.
CREATE TABLE content_versions (
  version integer PRIMARY KEY CHECK (version >= 1),
  content jsonb NOT NULL,
  -- What changed, in the editor's words ("new wording for admin time"); version 1's says it is the original.
  note text NOT NULL CHECK (char_length(note) BETWEEN 1 AND 300),
  -- The editor's address; null for version 1, which no editor published.
  published_by text,
  published_at timestamptz NOT NULL DEFAULT now(),
  -- The version this one is a copy of, when it was published by restoring an older one.
  restored_from integer CHECK (restored_from >= 1 AND restored_from < version)
);

-- The one draft the editors share, at most one row. `revision` is the number the editor loaded:
-- a save or a publish that names another is refused, so nobody overwrites a colleague's work
-- unseen. Each save takes the next number from the sequence, never reused, so a draft started after
-- a publish can never be mistaken for the one an editor loaded before it.
CREATE SEQUENCE content_draft_revisions;
CREATE TABLE content_draft (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  content jsonb NOT NULL,
  -- The live version when the draft was started.
  base_version integer NOT NULL CHECK (base_version >= 1),
  revision integer NOT NULL CHECK (revision >= 1),
  saved_by text NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now()
);
ALTER SEQUENCE content_draft_revisions OWNED BY content_draft.revision;

-- Which version each stored result was answered with (written by leads/ and saved-audits/). Every
-- row stored before versions existed was answered in version 1's words. No foreign key: version 1
-- is inserted by the server, after the migrations.
ALTER TABLE email_requests ADD COLUMN content_version integer NOT NULL DEFAULT 1 CHECK (content_version >= 1);
ALTER TABLE saved_audits ADD COLUMN content_version integer NOT NULL DEFAULT 1 CHECK (content_version >= 1);

-- The log records every change to the words, and every export.
ALTER TABLE team_activity
  DROP CONSTRAINT team_activity_action_check,
  ADD CONSTRAINT team_activity_action_check CHECK (action IN (
    'sign_in', 'sign_out', 'export', 'erase', 'retry', 'status_change', 'note_added',
    'owner_change', 'follow_up_date', 'alert_preference',
    'content_save', 'content_import', 'content_publish', 'content_restore', 'content_export'
  ));
