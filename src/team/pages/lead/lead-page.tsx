import { useCallback, useRef, useState, type FormEvent } from 'react';
import { AREAS, toneFor } from '../../../core';
import {
  NOTE_MAX_LENGTH,
  type LeadActionPlan,
  type LeadDetail,
  type LeadMessage,
} from '../../../shared/team-api';
import { Link, useNavigate } from '../../../browser/router';
import { teamApi, TeamApiError } from '../../api';
import { MessageStatusBadge, Score, StatusBadge, WaitingBadge } from '../../ui/badges';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime, KIND_LABELS, plural, serviceTypeLabel, sizeLabel } from '../../ui/format';
import { LoadError, messageOf, useNotice } from '../../ui/notice';
import { usePage } from '../../ui/page-title';
import { RetryButton } from '../../ui/retry-button';
import { useLoad } from '../../ui/use-load';
import type { NoticeState } from '../../ui/workspace';
import { FollowUp } from './follow-up-forms';
import { Timeline } from './timeline';
import { LeadResults } from './lead-results';
import { LeadTeamAudits } from './lead-team-audits';
import { Address } from '../../../browser/address';
import './lead.css';

/** One lead: what the care manager sent, how its messages went, and the team's work on it. */
export function LeadPage({ id }: { id: string }) {
  const load = useCallback(() => teamApi.lead(id), [id]);
  const lead = useLoad(load);
  // A lead opened after another shows nothing of the one before while it loads.
  const data = lead.data?.id === id ? lead.data : undefined;
  const heading = usePage(data ? data.email : 'Lead', data !== undefined || lead.error !== undefined);

  if (lead.error?.status === 404) {
    return (
      <>
        <Link to="/team" className="back-link">
          ← All leads
        </Link>
        <h1 ref={heading} tabIndex={-1}>
          Lead not found
        </h1>
        <p>There is no lead at this address: it may have been erased.</p>
      </>
    );
  }
  return (
    <>
      <Link to="/team" className="back-link">
        ← All leads
      </Link>
      {lead.error ? <LoadError message={lead.error.message} onRetry={lead.reload} /> : null}
      {data ? (
        <LeadView lead={data} headingRef={heading} reload={lead.reload} />
      ) : (
        <>
          <h1 ref={heading} tabIndex={-1}>
            Lead
          </h1>
          {lead.error ? null : <p className="loading">Loading the lead…</p>}
        </>
      )}
    </>
  );
}

function LeadView({
  lead,
  headingRef,
  reload,
}: {
  lead: LeadDetail;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  reload: () => void;
}) {
  return (
    <>
      <div className="page-head">
        <h1 ref={headingRef} tabIndex={-1}>
          <Address value={lead.email} />
        </h1>
        <p className="page-head__meta">
          Received {formatDateTime(lead.createdAt)}
          {lead.returnedAt ? (
            <>
              {' '}
              · <span className="badge badge--returned">Returned</span> {formatDateTime(lead.returnedAt)}
            </>
          ) : null}{' '}
          · <StatusBadge status={lead.followUpStatus} />
          {/* A waiting lead says so at the top too: on a phone its follow-up card is far down. */}
          {lead.firstContact?.waiting ? (
            <>
              {' '}
              <WaitingBadge since={lead.firstContact.since} />
            </>
          ) : null}
        </p>
      </div>
      <div className="lead-grid">
        <div>
          <Summary lead={lead} />
          <SourceAndProfile lead={lead} />
          <Scores lead={lead} />
          <LeadResults lead={lead} />
          <LeadTeamAudits lead={lead} />
          <Messages messages={lead.messages} reload={reload} />
        </div>
        <div>
          <FollowUp lead={lead} reload={reload} />
          <Timeline entries={lead.timeline} />
          <Notes lead={lead} reload={reload} />
          <Erase email={lead.email} />
        </div>
      </div>
      {/* Full width under both columns: on a phone the team's actions come before the 25 answers. */}
      <Answers lead={lead} />
    </>
  );
}

const NOT_GIVEN = <span className="muted">Not given</span>;

function Summary({ lead }: { lead: LeadDetail }) {
  const contact = lead.contact ?? {};
  const given = (['name', 'organisation', 'role', 'phone'] as const).some((part) => contact[part]);
  return (
    <section className="card" aria-labelledby="summary-title">
      <h2 id="summary-title">Contact</h2>
      <dl className="facts">
        <dt>Received</dt>
        <dd>{formatDateTime(lead.createdAt)}</dd>
        <dt>Address</dt>
        <dd>
          <a href={`mailto:${lead.email}`}>
            <Address value={lead.email} />
          </a>
        </dd>
        <dt>Consent</dt>
        <dd>
          {lead.consent ? (
            <>
              <strong>Yes</strong>, {formatDateTime(lead.consent.givenAt)}: &ldquo;{lead.consent.wording}
              &rdquo;
            </>
          ) : (
            'No: use the address only to send the results'
          )}
        </dd>
        {given ? (
          <>
            {contact.name ? (
              <>
                <dt>Name</dt>
                <dd>{contact.name}</dd>
              </>
            ) : null}
            {contact.organisation ? (
              <>
                <dt>Organisation</dt>
                <dd>{contact.organisation}</dd>
              </>
            ) : null}
            {contact.role ? (
              <>
                <dt>Role</dt>
                <dd>{contact.role}</dd>
              </>
            ) : null}
            {contact.phone ? (
              <>
                <dt>Phone</dt>
                <dd>
                  {/* The number as given; the link dials it without its spaces and brackets. */}
                  <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a>
                </dd>
              </>
            ) : null}
          </>
        ) : (
          <>
            <dt>Contact details</dt>
            <dd className="muted">
              {lead.consent ? 'None given' : 'No contact details: the visitor did not give consent'}
            </dd>
          </>
        )}
        <dt>Their note</dt>
        <dd>
          {lead.note ? (
            <blockquote className="quote">{lead.note}</blockquote>
          ) : (
            <span className="muted">None</span>
          )}
        </dd>
      </dl>
    </section>
  );
}

/** Where the visit came from (as the browser kept it from its first page) and the service it runs. */
function SourceAndProfile({ lead }: { lead: LeadDetail }) {
  const { utmCampaign, utmMedium, utmSource, referrerHost } = lead.source;
  const direct = !utmCampaign && !utmMedium && !utmSource && !referrerHost;
  return (
    <section className="card" aria-labelledby="source-title">
      <h2 id="source-title">Source and profile</h2>
      <dl className="facts">
        {direct ? (
          <>
            <dt>Source</dt>
            <dd>Direct: no campaign and no referring site</dd>
          </>
        ) : (
          <>
            <dt>Campaign</dt>
            <dd>{utmCampaign ?? NOT_GIVEN}</dd>
            <dt>Medium</dt>
            <dd>{utmMedium ?? NOT_GIVEN}</dd>
            <dt>Source</dt>
            <dd>{utmSource ?? NOT_GIVEN}</dd>
            <dt>Referring site</dt>
            <dd>{referrerHost ?? NOT_GIVEN}</dd>
          </>
        )}
        <dt>Service type</dt>
        <dd>{lead.profile.serviceType ? serviceTypeLabel(lead.profile.serviceType) : NOT_GIVEN}</dd>
        <dt>Size</dt>
        <dd>{lead.profile.size ? sizeLabel(lead.profile.size) : NOT_GIVEN}</dd>
      </dl>
    </section>
  );
}

function Scores({ lead }: { lead: LeadDetail }) {
  return (
    <section className="card" aria-labelledby="scores-title">
      <h2 id="scores-title">Scores</h2>
      <p className="overall">
        <span className={`overall__number score score--${toneFor(lead.overallScore)}`}>
          {lead.overallScore}%
        </span>
        <span className="muted">overall</span>
      </p>
      <ul className="scores">
        {AREAS.map((area) => {
          const value = lead.scores[area.id];
          return (
            <li key={area.id}>
              <span>{area.title}</span>
              <Score value={value} />
              <span className="scores__bar" aria-hidden="true">
                <span
                  className={`scores__fill scores__fill--${toneFor(value)}`}
                  style={{ width: `${value}%` }}
                />
              </span>
            </li>
          );
        })}
      </ul>
      <ActionPlanLine plan={lead.actionPlan} />
    </section>
  );
}

/**
 * How far the care manager's action plan (on their private results page) has got: a sign the
 * results are being used. Counts only: the team never sees the topics, owners or dates.
 */
function ActionPlanLine({ plan }: { plan: LeadActionPlan }) {
  if (plan.planned + plan.inProgress + plan.done === 0) {
    return <p className="scores-plan muted">No action plan yet</p>;
  }
  return (
    <p className="scores-plan">
      Action plan: {plan.planned} planned, {plan.inProgress} in progress, {plan.done} done
      {plan.updatedAt ? <span className="muted"> · changed {formatDateTime(plan.updatedAt)}</span> : null}
    </p>
  );
}

function Answers({ lead }: { lead: LeadDetail }) {
  return (
    <section className="card" aria-labelledby="answers-title">
      <h2 id="answers-title">Answers</h2>
      <p className="muted">Each statement rated from 1 (poor) to 5 (excellent).</p>
      {AREAS.map((area) => (
        <div key={area.id} className="answers-area">
          <h3>{area.title}</h3>
          <ol className="answers">
            {lead.answers
              .filter((answer) => answer.areaId === area.id)
              .map((answer) => (
                <li key={answer.statement}>
                  <span>{answer.statement}</span>
                  <span className="answers__rating">
                    {answer.rating === null ? (
                      <span className="muted">Not rated</span>
                    ) : (
                      <>
                        {answer.rating}
                        <span className="muted"> / 5</span>
                      </>
                    )}
                  </span>
                </li>
              ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

function Notes({ lead, reload }: { lead: LeadDetail; reload: () => void }) {
  const notify = useNotice();
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = body.trim();
    if (text === '') {
      setFieldError('Write the note first.');
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setSaving(true);
    try {
      await teamApi.addNote(lead.id, text);
      setBody('');
      notify({ tone: 'success', text: 'Note added.' });
      reload();
    } catch (error) {
      if (error instanceof TeamApiError && error.code === 'invalid_request') setFieldError(error.message);
      else notify({ tone: 'error', text: messageOf(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card" aria-labelledby="notes-title">
      <h2 id="notes-title">Team notes</h2>
      {lead.notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="notes">
          {lead.notes.map((note) => (
            <li key={note.id}>
              <p className="notes__meta">
                <strong>{note.author}</strong>, {formatDateTime(note.createdAt)}
              </p>
              <p className="notes__body">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate>
        <div className="field">
          <label htmlFor="note-body" className="field__label">
            Add a note
          </label>
          {fieldError ? (
            <p id="note-error" className="field__error">
              <span className="visually-hidden">Error: </span>
              {fieldError}
            </p>
          ) : null}
          <textarea
            id="note-body"
            ref={input}
            className="field__input"
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            value={body}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'note-error' : undefined}
            onChange={(event) => setBody(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--secondary" disabled={saving}>
          {saving ? 'Adding…' : 'Add note'}
        </button>
      </form>
    </section>
  );
}

function Messages({ messages, reload }: { messages: LeadMessage[]; reload: () => void }) {
  const columns: Column<LeadMessage>[] = [
    {
      header: 'Message',
      cell: (m) => (
        <>
          {KIND_LABELS[m.kind]}
          <br />
          <span className="muted">
            <Address value={m.recipient} />
          </span>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (m) => (
        <>
          <MessageStatusBadge status={m.status} />
          <br />
          <span className="muted">{plural(m.attempts, 'attempt')}</span>
        </>
      ),
    },
    {
      header: 'When',
      cell: (m) => (m.sentAt ? `Sent ${formatDateTime(m.sentAt)}` : `Queued ${formatDateTime(m.createdAt)}`),
    },
    { header: 'Last error', cell: (m) => m.lastError ?? '–' },
    {
      header: 'Action',
      cell: (m) =>
        m.status === 'failed' && m.kind !== 'sign_in' ? <RetryButton message={m} onDone={reload} /> : '–',
    },
  ];
  return (
    <section className="card card--flush" aria-labelledby="messages-title">
      <h2 id="messages-title" className="card__title">
        Delivery history
      </h2>
      {messages.length === 0 ? (
        <p className="card__text muted">No messages.</p>
      ) : (
        <DataTable
          caption="Messages about this lead"
          columns={columns}
          rows={messages}
          rowKey={(m) => m.id}
          compact
        />
      )}
    </section>
  );
}

function Erase({ email }: { email: string }) {
  const navigate = useNavigate();
  const notify = useNotice();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function erase() {
    setBusy(true);
    try {
      const result = await teamApi.erase(email);
      const pending =
        result.messagesBeingSent > 0
          ? ` ${plural(result.messagesBeingSent, 'message')} being sent right now will be deleted once sent.`
          : '';
      const state: NoticeState = {
        notice: {
          tone: 'success',
          text: `Everything about ${email} was erased: ${plural(result.requests, 'request')} and ${plural(result.messages, 'message')}.${pending}`,
        },
      };
      navigate('/team', { state });
    } catch (error) {
      setBusy(false);
      setOpen(false);
      notify({ tone: 'error', text: messageOf(error) });
    }
  }

  return (
    <section className="card danger-zone" aria-labelledby="erase-title">
      <h2 id="erase-title">Erase</h2>
      <p>
        When someone asks to be forgotten: deletes every request, answer, note and message for this address.
        It cannot be undone.
      </p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        Erase everything about this address
      </button>
      <ConfirmDialog
        open={open}
        title="Erase everything about this address?"
        confirmLabel="Erase everything"
        busyLabel="Erasing…"
        busy={busy}
        onConfirm={erase}
        onClose={() => setOpen(false)}
      >
        <p>
          Every request, answer, note and message for{' '}
          <strong>
            <Address value={email} />
          </strong>{' '}
          will be deleted. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
