import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  checkContent,
  CONTENT_LIMITS,
  contentChanges,
  type AuditContent,
  type ContentChange,
} from '../../../core/content';
import { TeamApiError } from '../../api';
import { contentApi, type ContentDraft } from '../../content-api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DateTime } from '../../ui/date-time';
import { ErrorSummary, type Problem } from '../../ui/error-summary';
import { LoadError, messageOf, useNotice } from '../../ui/notice';
import { ContentForm, type FieldProblems } from './content-form';
import { documentOf, problemField, wordsJson } from './content-form-model';
import { ContentPreviews } from './content-previews';

/** The problems at the top of the editor: what they stopped, and each linked to its field. */
interface Problems {
  title: string;
  list: Problem[];
}

const NO_FIELD_PROBLEMS: FieldProblems = new Map();

export const CONFLICT_MESSAGE =
  'Another editor saved the draft since you opened it. Saving now would overwrite their changes.';

/**
 * An editor's work on the next version: the draft in plain fields, saved with the revision it was
 * loaded at (so two editors never overwrite each other unknowingly), what changed from the live
 * version, previews, importing a file, and publishing. Unsaved changes are saved before they are
 * published, in the one confirmed step.
 */
export function ContentEditor({
  live,
  liveContent,
  onChanged,
  onPublished,
}: {
  live: number;
  /** The live version's words, to compare the draft with. */
  liveContent: AuditContent;
  /** After a save, an import or a publish: the page's list and draft details are read again. */
  onChanged: () => void;
  /** After a publish: the page shows the new live version. */
  onPublished: () => void;
}) {
  const notify = useNotice();
  const [draft, setDraft] = useState<ContentDraft | null>(null);
  const [loadError, setLoadError] = useState<TeamApiError | null>(null);
  const [form, setForm] = useState<AuditContent | null>(null);
  /** The document as last saved or loaded, to tell unsaved changes. */
  const [savedJson, setSavedJson] = useState('');
  const [problems, setProblems] = useState<Problems | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);

  // Each load of the draft (at first, and on "Reload the draft" or after an import) replaces the
  // form: edits on screen are lost only then. A late answer for an earlier load is dropped.
  const [loads, setLoads] = useState(0);
  const loadDraft = useCallback(() => setLoads((n) => n + 1), []);
  useEffect(() => {
    let current = true;
    contentApi.draft().then(
      (loaded) => {
        if (!current) return;
        setDraft(loaded);
        setForm(structuredClone(loaded.content));
        setSavedJson(wordsJson(documentOf(loaded.content)));
        setLoadError(null);
        setConflict(false);
        setProblems(null);
      },
      (error: unknown) => {
        if (!current) return;
        setLoadError(
          error instanceof TeamApiError ? error : new TeamApiError(0, 'internal_error', String(error)),
        );
      },
    );
    return () => {
      current = false;
    };
  }, [loads]);

  const onFormChange = useCallback(
    (change: (content: AuditContent) => AuditContent) =>
      setForm((content) => (content ? change(content) : content)),
    [],
  );
  const doc = useMemo(() => (form ? documentOf(form) : null), [form]);
  const docJson = useMemo(() => (doc ? wordsJson(doc) : ''), [doc]);
  const dirty = doc !== null && docJson !== savedJson;
  const changes = useMemo(() => (doc ? contentChanges(liveContent, doc) : []), [liveContent, doc]);

  const fieldProblems = useMemo<FieldProblems>(() => {
    if (!problems) return NO_FIELD_PROBLEMS;
    const byField = new Map<string, string[]>();
    for (const problem of problems.list)
      if (problem.target) byField.set(problem.target, [...(byField.get(problem.target) ?? []), problem.text]);
    return byField;
  }, [problems]);

  const showProblems = useCallback(
    (title: string, list: readonly string[]) =>
      setProblems({
        title,
        list: list.map((text) => ({ text, target: doc ? problemField(text, doc) : undefined })),
      }),
    [doc],
  );

  /** The form's document when checkContent passes it; else its problems are shown and nothing is sent. */
  const check = useCallback((): AuditContent | null => {
    if (!doc) return null;
    const result = checkContent(doc);
    if (!result.ok) {
      showProblems('Fix these before going on', result.problems);
      return null;
    }
    setProblems(null);
    return result.content;
  }, [doc, showProblems]);

  /** What a refused change says: a conflict, the content's problems, or a message. */
  function failed(error: unknown, title: string) {
    if (error instanceof TeamApiError && error.code === 'draft_changed') setConflict(true);
    else if (error instanceof TeamApiError && error.problems.length > 0) showProblems(title, error.problems);
    else notify({ tone: 'error', text: messageOf(error) });
  }

  /** Saves the form; the draft's new revision, or null when it was not saved. */
  async function save(): Promise<number | null> {
    if (!draft) return null;
    const content = check();
    if (!content) return null;
    setSaving(true);
    try {
      const saved = await contentApi.saveDraft(draft.revision, content);
      // Saved by this editor: the page's own summary names them once it is read again.
      setDraft({ ...draft, revision: saved.revision, savedAt: saved.savedAt, savedBy: null });
      setSavedJson(wordsJson(content));
      onChanged();
      return saved.revision;
    } catch (error) {
      failed(error, 'The draft was not saved');
      return null;
    } finally {
      setSaving(false);
    }
  }

  async function saveDraft(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if ((await save()) !== null) notify({ tone: 'success', text: 'Draft saved.' });
  }

  if (loadError) return <LoadError message={loadError.message} onRetry={loadDraft} />;
  if (!draft || !form || !doc) return <p className="loading">Loading the draft…</p>;

  return (
    <div className="content-editor">
      <p className="muted content-draft-line">
        {draft.savedAt ? (
          <>
            {`The draft is based on version ${draft.baseVersion}; last saved ${draft.savedBy ? `by ${draft.savedBy} ` : ''}on `}
            <DateTime iso={draft.savedAt} />.
          </>
        ) : (
          `Nobody has saved a draft since version ${draft.baseVersion}: the form starts from its words.`
        )}
      </p>
      {draft.baseVersion !== live ? (
        <div className="notice notice--info">
          <p>
            {`Version ${live} was published after this draft was started from version ${draft.baseVersion}. “What changed” compares the draft with version ${live}: publishing the draft replaces its words.`}
          </p>
        </div>
      ) : null}
      <ImportForm
        revision={draft.revision}
        onImported={() => {
          notify({ tone: 'success', text: 'The file was imported into the draft.' });
          onChanged();
          loadDraft();
        }}
        onFailed={failed}
        onProblems={(list) => showProblems('The file was not imported', list)}
      />
      {problems ? <ErrorSummary title={problems.title} problems={problems.list} /> : null}
      <form onSubmit={saveDraft} noValidate aria-label="The next version’s words">
        <ContentForm form={form} onChange={onFormChange} problems={fieldProblems} />
        {conflict ? <Conflict onReload={loadDraft} /> : null}
        <div className="content-savebar">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save draft'}
          </button>
          <p className="content-savebar__state">{dirty ? 'Unsaved changes' : 'No unsaved changes'}</p>
        </div>
      </form>
      <Changes live={live} changes={changes} />
      <ContentPreviews check={check} onProblems={(list) => showProblems('The preview was not made', list)} />
      <PublishForm
        next={live + 1}
        hasChanges={changes.length > 0}
        dirty={dirty}
        check={check}
        save={save}
        revision={draft.revision}
        onFailed={(error) => failed(error, 'The draft was not published')}
        onPublished={onPublished}
      />
    </div>
  );
}

/**
 * Another editor saved the draft since this one loaded it: said beside Save, where the person is,
 * and focused. Nothing on screen is lost until they choose to reload.
 */
function Conflict({ onReload }: { onReload: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="notice notice--error content-conflict" role="alert" tabIndex={-1} ref={box}>
      <p>
        <strong>{CONFLICT_MESSAGE}</strong> Your edits stay on screen until you reload; reloading shows their
        draft and loses what you changed here.
      </p>
      <button type="button" className="button button--secondary" onClick={onReload}>
        Reload the draft
      </button>
    </div>
  );
}

/** Every field that differs from the live version, with both words. */
function Changes({ live, changes }: { live: number; changes: readonly ContentChange[] }) {
  return (
    <section className="card" aria-labelledby="changes-title">
      <h2 id="changes-title">What changed</h2>
      {changes.length === 0 ? (
        <p>{`Nothing: the form says what version ${live} says.`}</p>
      ) : (
        <details className="content-changes">
          <summary>{`${changes.length} ${changes.length === 1 ? 'change' : 'changes'} from version ${live}`}</summary>
          <ul className="content-changes__list">
            {changes.map((change) => (
              <li key={change.where}>
                <p className="content-changes__where">{change.where}</p>
                {change.note ? <p className="content-changes__note">{`Note: ${change.note}.`}</p> : null}
                <dl className="content-changes__words">
                  <div>
                    <dt>Before:</dt> <dd>{change.before || '(none)'}</dd>
                  </div>
                  <div>
                    <dt>After:</dt> <dd>{change.after || '(none)'}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function ImportForm({
  revision,
  onImported,
  onFailed,
  onProblems,
}: {
  revision: number;
  onImported: () => void;
  onFailed: (error: unknown, title: string) => void;
  onProblems: (problems: readonly string[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setMissing(!file);
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      onProblems([`“${file.name}” is not a content file: it is not JSON.`]);
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      onProblems([`“${file.name}” is not a content file.`]);
      return;
    }
    setBusy(true);
    try {
      await contentApi.importFile(parsed as Record<string, unknown>, revision);
      if (input.current) input.current.value = '';
      onImported();
    } catch (error) {
      onFailed(error, 'The file was not imported');
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="card content-import">
      <summary>Import a file</summary>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="content-import-file">
            A content file (.json), as “Download” saves one
          </label>
          <p id="content-import-hint" className="field__hint">
            It replaces the saved draft, and the words in the form below.
          </p>
          {missing ? (
            <p id="content-import-error" className="field__error">
              <span className="visually-hidden">Error: </span>Choose a file to import.
            </p>
          ) : null}
          <input
            id="content-import-file"
            ref={input}
            type="file"
            accept="application/json"
            aria-describedby={missing ? 'content-import-hint content-import-error' : 'content-import-hint'}
            aria-invalid={missing || undefined}
          />
        </div>
        <button type="submit" className="button button--secondary" disabled={busy}>
          {busy ? 'Importing…' : 'Import the file'}
        </button>
      </form>
    </details>
  );
}

function PublishForm({
  next,
  hasChanges,
  dirty,
  check,
  save,
  revision,
  onFailed,
  onPublished,
}: {
  next: number;
  hasChanges: boolean;
  dirty: boolean;
  check: () => AuditContent | null;
  save: () => Promise<number | null>;
  revision: number;
  onFailed: (error: unknown) => void;
  onPublished: () => void;
}) {
  const notify = useNotice();
  const [note, setNote] = useState('');
  const [noteProblem, setNoteProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const noteInput = useRef<HTMLTextAreaElement>(null);

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = note.trim();
    const problem = !hasChanges
      ? null
      : trimmed === ''
        ? 'Write a short note of what this version changes.'
        : [...trimmed].length > CONTENT_LIMITS.publishNote
          ? `The note must be at most ${CONTENT_LIMITS.publishNote} characters.`
          : null;
    setNoteProblem(problem);
    if (!hasChanges) {
      notify({ tone: 'info', text: 'Nothing to publish: the form says what the live version says.' });
      return;
    }
    if (problem) {
      noteInput.current?.focus();
      return;
    }
    // Unsaved words are checked before the dialog opens: their problems show over the form.
    if (dirty && !check()) return;
    setConfirming(true);
  }

  async function publish() {
    setBusy(true);
    try {
      const saved = dirty ? await save() : revision;
      if (saved === null) return;
      const { version } = await contentApi.publish(saved, note.trim());
      setNote('');
      notify({ tone: 'success', text: `Version ${version} is live.` });
      onPublished();
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <section className="card" aria-labelledby="publish-title">
      <h2 id="publish-title">Publish</h2>
      <form onSubmit={ask} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="content-publish-note">
            Note for the version list
          </label>
          <p id="content-publish-hint" className="field__hint">
            {`What this version changes, in a sentence (up to ${CONTENT_LIMITS.publishNote} characters). Unsaved changes are saved first.`}
          </p>
          {noteProblem ? (
            <p id="content-publish-error" className="field__error">
              <span className="visually-hidden">Error: </span>
              {noteProblem}
            </p>
          ) : null}
          <textarea
            id="content-publish-note"
            ref={noteInput}
            className="field__input"
            rows={2}
            value={note}
            aria-describedby={
              noteProblem ? 'content-publish-hint content-publish-error' : 'content-publish-hint'
            }
            aria-invalid={noteProblem ? true : undefined}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary">
          {`Publish version ${next}…`}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={`Publish version ${next}?`}
        confirmLabel={`Publish version ${next}`}
        busyLabel="Publishing…"
        busy={busy}
        onConfirm={() => void publish()}
        onClose={() => setConfirming(false)}
      >
        <p>
          {`Everyone who takes the audit from now on gets these words.${dirty ? ' Your unsaved changes are saved first.' : ''}`}
        </p>
        <p>{`Note: ${note.trim()}`}</p>
      </ConfirmDialog>
    </section>
  );
}
