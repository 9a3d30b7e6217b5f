import { Suspense, useEffect, useRef, useState } from 'react';
import type { AuditProgress } from '../../audit-state/audit-session';
import type { LinkSaveOutcome } from './save-to-link';
import { lazyPart } from '../../ui/lazy-part';

/**
 * The address form, its proof of work and its address check load on first use, as does the save
 * to a link: most visitors never press the button, and the audit page's script has a budget
 * (scripts/budgets.ts).
 */
const loadForm = () => import('./save-for-later-form');
const SaveForLaterForm = lazyPart(() => loadForm().then((m) => m.SaveForLaterForm), FormUnavailable);

const UNREACHABLE = 'Your answers could not be saved. Please check your connection and try again.';

interface SaveForLaterProps {
  progress: AuditProgress;
  /** The section on screen, which the saved audit reopens at. */
  section: number;
}

/**
 * "Save and continue later", under the section's navigation so Next stays the main action. An
 * audit opened from a continue link saves straight back to that link; any other asks for an
 * address to e-mail a new link to, in a form revealed under the button.
 */
export function SaveForLater({ progress, section }: SaveForLaterProps) {
  const continueToken = progress.origin?.continueToken;
  return (
    <section className="save-later" aria-label="Save and continue later">
      {continueToken ? (
        <SaveToLink token={continueToken} progress={progress} section={section} />
      ) : (
        <SaveByEmail progress={progress} section={section} />
      )}
    </section>
  );
}

function SaveByEmail({ progress, section }: SaveForLaterProps) {
  const [open, setOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);
  // Revealed, the panel's heading takes focus, so a screen reader starts at what just appeared.
  useEffect(() => {
    if (open && opened.current) heading.current?.focus();
    opened.current = true;
  }, [open]);
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls="save-later-panel"
        // Fetched as the pointer or focus reaches the button, so the form is there when it opens
        // and a Tab from the focused heading lands in it. A failure here shows when it opens.
        onPointerEnter={() => void loadForm().catch(() => undefined)}
        onFocus={() => void loadForm().catch(() => undefined)}
        onClick={() => setOpen((was) => !was)}
      >
        Save and continue later
      </button>
      <div id="save-later-panel" className="card save-later__panel" hidden={!open}>
        <h2 className="save-later__heading" ref={heading} tabIndex={-1}>
          Email yourself a link to this audit
        </h2>
        {/* Mounted only while open: each opening is a fresh form, and its proof of work starts then. */}
        {open ? (
          <Suspense fallback={<p className="save-later__what">Loading the form…</p>}>
            <SaveForLaterForm progress={progress} section={section} />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}

type LinkSave = { name: 'idle' } | { name: 'saving' } | (LinkSaveOutcome & { name: 'done'; key: number });

/** An audit opened from a continue link: one button that saves over the link's audit, no address asked. */
function SaveToLink({ token, progress, section }: SaveForLaterProps & { token: string }) {
  const [state, setState] = useState<LinkSave>({ name: 'idle' });
  const savedText = useRef<HTMLParagraphElement>(null);
  const count = useRef(0);
  // After a save, focus goes to what it says (a new element each time, so it is read again).
  useEffect(() => {
    if (state.name === 'done' && state.saved) savedText.current?.focus();
  }, [state]);

  async function save() {
    count.current += 1;
    const key = count.current;
    setState({ name: 'saving' });
    let outcome: LinkSaveOutcome;
    try {
      const { saveBackToLink } = await loadForm();
      outcome = await saveBackToLink(token, progress, section);
    } catch {
      outcome = { saved: false, text: UNREACHABLE };
    }
    setState({ name: 'done', key, ...outcome });
  }

  const saving = state.name === 'saving';
  const done = state.name === 'done' ? state : undefined;
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        disabled={saving}
        aria-busy={saving}
        onClick={() => void save()}
      >
        {saving ? 'Saving…' : 'Save and continue later'}
      </button>
      <p className="save-later__what">Saves your answers to the link you opened this audit from.</p>
      <div role="alert" aria-atomic="true">
        {done && !done.saved ? (
          <p key={done.key} className="notice notice--error save-later__message">
            {done.text}
          </p>
        ) : null}
      </div>
      <div role="status" aria-atomic="true">
        {done?.saved ? (
          <p
            key={done.key}
            ref={savedText}
            tabIndex={-1}
            className="notice notice--success save-later__message"
          >
            {done.text}
          </p>
        ) : null}
      </div>
    </>
  );
}

function FormUnavailable() {
  return (
    <p className="notice notice--error" role="alert">
      The form could not be loaded. Please check your connection and reload the page: your answers are kept.
    </p>
  );
}
