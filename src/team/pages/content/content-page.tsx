import { useCallback, useEffect, useRef, useState } from 'react';
import { Address } from '../../../browser/address';
import { CONTENT_LIMITS } from '../../../core/content';
import { contentApi, contentExportPath, type ContentVersionSummary } from '../../content-api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../../ui/data-table';
import { DateTime } from '../../ui/date-time';
import { LoadError, messageOf, useNotice } from '../../ui/notice';
import { usePage } from '../../ui/page-title';
import { useLoad } from '../../ui/use-load';
import { ContentEditor } from './content-editor';
import { ContentView } from './content-view';
import './content.css';

/**
 * The audit's words, versioned (issue 34): every member sees which version is live, the list of
 * versions, reads any of them and downloads its file. An editor (TEAM_EDITORS) also edits the next
 * version, publishes it and restores an old one; a member who is not one sees no control for it.
 */
export function ContentPage() {
  const heading = usePage('Audit content');
  const notify = useNotice();
  const overview = useLoad(contentApi.overview);
  const data = overview.data;
  const [reading, setReading] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const editHeading = useRef<HTMLHeadingElement>(null);
  const [restoring, setRestoring] = useState<ContentVersionSummary | null>(null);
  const live = data?.live;

  const columns: Column<ContentVersionSummary>[] = [
    {
      header: 'Version',
      rowHeader: true,
      cell: (v) => (v.version === live ? `${v.version} (live)` : String(v.version)),
    },
    {
      header: 'Note',
      cell: (v) => (
        <>
          {v.note}
          {v.restoredFrom !== null ? (
            <span className="content-versions__restored">{` Restored from version ${v.restoredFrom}.`}</span>
          ) : null}
        </>
      ),
    },
    {
      header: 'Published by',
      cell: (v) => (v.publishedBy ? <Address value={v.publishedBy} whole /> : 'The site'),
      className: 'address',
    },
    { header: 'When', cell: (v) => <DateTime iso={v.publishedAt} />, className: 'nowrap' },
    {
      header: 'Actions',
      cell: (v) => (
        <span className="content-versions__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-pressed={reading === v.version}
            onClick={() => setReading(reading === v.version ? null : v.version)}
          >
            {`Read version ${v.version}`}
          </button>
          <a href={contentExportPath(v.version)} download aria-label={`Download version ${v.version}`}>
            Download
          </a>
          {data?.canEdit && v.version !== live ? (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setRestoring(v)}
            >
              {`Restore version ${v.version}`}
            </button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Audit content
        </h1>
        {live !== undefined ? <p className="page-head__meta">{`Version ${live} is live`}</p> : null}
      </div>
      <p className="muted">
        The audit’s words: its statements, advice and recommendations, and the framework they map to. Every
        result is shown in the words of the version it was taken with.
      </p>
      {overview.error ? <LoadError message={overview.error.message} onRetry={overview.reload} /> : null}
      {!data && !overview.error ? <p className="loading">Loading…</p> : null}
      {data ? (
        <>
          <section className="card card--flush" aria-labelledby="versions-title">
            <h2 id="versions-title" className="card__title">
              Versions
            </h2>
            <DataTable
              caption="Published versions, newest first"
              columns={columns}
              rows={data.versions}
              rowKey={(v) => String(v.version)}
              busy={overview.loading}
            />
          </section>
          {reading !== null ? <VersionReader version={reading} onClose={() => setReading(null)} /> : null}
          {data.canEdit ? (
            <section className="card" aria-labelledby="edit-title">
              <h2 id="edit-title" tabIndex={-1} ref={editHeading}>
                Edit the next version
              </h2>
              {data.draft?.savedAt ? (
                <p className="content-draft-line">
                  {`A draft is saved${data.draft.savedBy ? ` by ${data.draft.savedBy}` : ''}, based on version ${data.draft.baseVersion}.`}
                </p>
              ) : null}
              {!editing ? (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => {
                    setEditing(true);
                    // The button gives way to the form: focus stays in the section, at its heading.
                    editHeading.current?.focus();
                  }}
                >
                  Edit the next version
                </button>
              ) : (
                <LiveEditor
                  live={data.live}
                  onChanged={overview.reload}
                  onPublished={() => {
                    setEditing(false);
                    overview.reload();
                    // The form is gone: focus goes to the page's heading, the notice says what is live.
                    heading.current?.focus();
                  }}
                />
              )}
            </section>
          ) : null}
          {restoring ? (
            <RestoreDialog
              version={restoring}
              onClose={() => setRestoring(null)}
              onRestored={(version) => {
                setRestoring(null);
                notify({
                  tone: 'success',
                  text: `Version ${version} is live (restored from version ${restoring.version}).`,
                });
                overview.reload();
              }}
              onFailed={(error) => {
                setRestoring(null);
                notify({ tone: 'error', text: messageOf(error) });
              }}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** The editor, once the live version's words it compares the draft with are loaded. */
function LiveEditor({
  live,
  onChanged,
  onPublished,
}: {
  live: number;
  onChanged: () => void;
  onPublished: () => void;
}) {
  const load = useCallback(() => contentApi.version(live), [live]);
  const liveVersion = useLoad(load);
  if (liveVersion.error)
    return <LoadError message={liveVersion.error.message} onRetry={liveVersion.reload} />;
  if (liveVersion.data?.version !== live) return <p className="loading">Loading…</p>;
  return (
    <ContentEditor
      live={live}
      liveContent={liveVersion.data.content}
      onChanged={onChanged}
      onPublished={onPublished}
    />
  );
}

function VersionReader({ version, onClose }: { version: number; onClose: () => void }) {
  const load = useCallback(() => contentApi.version(version), [version]);
  const detail = useLoad(load);
  const data = detail.data?.version === version ? detail.data : undefined;
  // Opened from the list above it: focus moves to it, so its words are read next.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [version]);
  return (
    <section className="card" aria-labelledby="reading-title">
      <div className="content-reader__head">
        <h2 id="reading-title" tabIndex={-1} ref={heading}>{`The words of version ${version}`}</h2>
        <button type="button" className="button button--secondary button--small" onClick={onClose}>
          Close
        </button>
      </div>
      {detail.error ? <LoadError message={detail.error.message} onRetry={detail.reload} /> : null}
      {!data && !detail.error ? <p className="loading">Loading…</p> : null}
      {data ? (
        <>
          <p className="muted">
            {data.note}
            {data.restoredFrom !== null ? ` Restored from version ${data.restoredFrom}.` : ''}
          </p>
          <ContentView content={data.content} />
        </>
      ) : null}
    </section>
  );
}

function RestoreDialog({
  version,
  onClose,
  onRestored,
  onFailed,
}: {
  version: ContentVersionSummary;
  onClose: () => void;
  onRestored: (version: number) => void;
  onFailed: (error: unknown) => void;
}) {
  const [note, setNote] = useState(`Restored version ${version.version}`);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function restore() {
    const trimmed = note.trim();
    if (trimmed === '' || [...trimmed].length > CONTENT_LIMITS.publishNote) {
      setProblem(`Write a note of 1 to ${CONTENT_LIMITS.publishNote} characters.`);
      return;
    }
    setBusy(true);
    try {
      const { version: restored } = await contentApi.restore(version.version, trimmed);
      onRestored(restored);
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open
      title={`Restore version ${version.version}?`}
      confirmLabel={`Restore version ${version.version}`}
      busyLabel="Restoring…"
      busy={busy}
      onConfirm={() => void restore()}
      onClose={onClose}
    >
      <p>
        {`Its words are published again as a new version; everyone who takes the audit from now on gets them.`}
      </p>
      <div className="field">
        <label className="field__label" htmlFor="content-restore-note">
          Note for the version list
        </label>
        {problem ? (
          <p id="content-restore-error" className="field__error">
            <span className="visually-hidden">Error: </span>
            {problem}
          </p>
        ) : null}
        <input
          id="content-restore-note"
          type="text"
          className="field__input"
          value={note}
          aria-describedby={problem ? 'content-restore-error' : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
