import { useId, useState, type RefObject } from 'react';
import { teamAuditOwner } from '../../../shared/team-audit';
import {
  COPIED,
  COPY_BUTTON,
  COPY_REFUSED,
  LINK_LABEL,
  MAILTO_LINK,
  SHARE_HINT,
  mailtoHref,
} from './team-audit-words';

type CopyOutcome = { kind: 'copied' | 'refused'; count: number } | null;

interface ShareLinkProps {
  joinLink: string;
  closesAt: string;
  organisation: string | undefined;
  /** The link's field: the section moves focus here once a team audit opens. */
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The join link to pass on: shown in a read-only field, copied by a button, or sent from the
 * manager's own e-mail program through a `mailto:` link (the server sends nothing to anyone). When
 * the browser refuses the clipboard (no permission, an older browser, an insecure address) the
 * link is selected instead and the page says how to copy it; either outcome is announced.
 */
export function ShareLink({ joinLink, closesAt, organisation, inputRef }: ShareLinkProps) {
  const inputId = useId();
  const hintId = useId();
  const [outcome, setOutcome] = useState<CopyOutcome>(null);

  async function copy() {
    const count = (outcome?.count ?? 0) + 1;
    try {
      // Undefined outside a secure context: the same fallback as a refusal.
      await navigator.clipboard.writeText(joinLink);
      setOutcome({ kind: 'copied', count });
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      setOutcome({ kind: 'refused', count });
    }
  }

  return (
    <div className="team-share">
      <label htmlFor={inputId} className="field__label">
        {LINK_LABEL}
      </label>
      <p className="field__hint" id={hintId}>
        {SHARE_HINT}
        {organisation ? ` The page they open calls it “${teamAuditOwner(organisation)}”.` : null}
      </p>
      <input
        ref={inputRef}
        id={inputId}
        className="field__input team-share__link"
        type="text"
        readOnly
        value={joinLink}
        aria-describedby={hintId}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="button-row team-share__actions">
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {COPY_BUTTON}
        </button>
        <a className="button button--secondary" href={mailtoHref(joinLink, closesAt)}>
          {MAILTO_LINK}
        </a>
      </div>
      {/* Always in the page, so each outcome is read out; a new element each time, so a second
          "Copied" is announced too. */}
      <p className="team-share__outcome" role="status">
        {outcome ? (
          <span key={outcome.count} className={`team-share__${outcome.kind}`}>
            {outcome.kind === 'copied' ? COPIED : COPY_REFUSED}
          </span>
        ) : null}
      </p>
    </div>
  );
}
