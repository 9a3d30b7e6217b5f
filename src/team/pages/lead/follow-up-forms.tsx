import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatDay } from '../../../core';
import { FOLLOW_UP_STATUSES, type FollowUpStatus, type LeadDetail } from '../../../shared/team-api';
import { teamApi, TeamApiError } from '../../api';
import { FollowUpDay, ukToday } from '../../ui/follow-up-day';
import { STATUS_LABELS } from '../../ui/format';
import { messageOf, useNotice } from '../../ui/notice';
import { useLoad } from '../../ui/use-load';
import { FirstContact } from './first-contact';

/**
 * A control's value as the person edits it, reset to the lead's own whenever that changes (saved
 * here, or seen after a reload): `from` is the lead's value the edit started from. The reset is
 * stored at once (React's way to adjust state to a changed prop), so an old edit never comes back
 * when the lead's value returns to what it was.
 */
function useChoice<T>(saved: T): [T, (value: T) => void] {
  const [choice, setChoice] = useState({ from: saved, value: saved });
  if (choice.from !== saved) setChoice({ from: saved, value: saved });
  const value = choice.from === saved ? choice.value : saved;
  return [value, (next: T) => setChoice({ from: saved, value: next })];
}

/** A field's error, shown by its control and named by it (aria-describedby). */
function FieldError({ id, message }: { id: string; message: string | null }): ReactNode {
  return message ? (
    <p id={id} className="field__error">
      <span className="visually-hidden">Error: </span>
      {message}
    </p>
  ) : null;
}

/**
 * A change the server refused because of the field itself (400) is shown by the control; anything
 * else (the network, a lead erased meanwhile) in the workspace's notice.
 */
function reportFailure(
  error: unknown,
  field: string,
  showByControl: (message: string) => void,
  notify: ReturnType<typeof useNotice>,
) {
  const problem = error instanceof TeamApiError ? error.problemWith(field) : null;
  if (problem) showByControl(problem);
  else notify({ tone: 'error', text: messageOf(error) });
}

/**
 * The team's work on a lead: how fast it was first contacted (at the head, where a waiting lead's
 * flag is seen first), its follow-up status, its owner and its next follow-up date.
 */
export function FollowUp({ lead, reload }: { lead: LeadDetail; reload: () => void }) {
  return (
    <section className="card" aria-labelledby="follow-up-title">
      <h2 id="follow-up-title">Follow-up</h2>
      <FirstContact lead={lead} />
      <StatusForm lead={lead} reload={reload} />
      <OwnerForm lead={lead} reload={reload} />
      <FollowUpDateForm lead={lead} reload={reload} />
    </section>
  );
}

function StatusForm({ lead, reload }: { lead: LeadDetail; reload: () => void }) {
  const notify = useNotice();
  const [value, setValue] = useChoice<FollowUpStatus>(lead.followUpStatus);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      const { followUpStatus } = await teamApi.setStatus(lead.id, value);
      notify({ tone: 'success', text: `Follow-up status saved: ${STATUS_LABELS[followUpStatus]}.` });
      reload();
    } catch (error) {
      notify({ tone: 'error', text: messageOf(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="follow-up-form">
      <div className="field">
        <label htmlFor="follow-up-status" className="field__label">
          Status
        </label>
        <select
          id="follow-up-status"
          className="field__input"
          value={value}
          onChange={(event) => setValue(event.target.value as FollowUpStatus)}
        >
          {FOLLOW_UP_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="button button--primary"
        disabled={saving || value === lead.followUpStatus}
      >
        {saving ? 'Saving…' : 'Save status'}
      </button>
    </form>
  );
}

/** Who on the team works the lead: any member (TEAM_EMAILS), or nobody. */
function OwnerForm({ lead, reload }: { lead: LeadDetail; reload: () => void }) {
  const notify = useNotice();
  const team = useLoad(teamApi.members);
  const saved = lead.owner ?? '';
  const [value, setValue] = useChoice(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const me = team.data?.me;
  const members = team.data?.members ?? [];
  // An owner who has since left the team stays shown (and can be replaced), never silently dropped.
  const choices = lead.owner && !members.includes(lead.owner) ? [...members, lead.owner] : members;

  async function change(owner: string | null) {
    setProblem(null);
    setSaving(true);
    try {
      await teamApi.setOwner(lead.id, owner);
      notify({
        tone: 'success',
        text: owner
          ? `Owner saved: ${owner === me ? `you (${owner})` : owner}.`
          : 'Owner removed: nobody owns this lead.',
      });
      reload();
    } catch (error) {
      reportFailure(error, 'owner', setProblem, notify);
    } finally {
      setSaving(false);
    }
  }

  const loadProblem = team.error ? `The team's members could not be loaded: ${team.error.message}` : null;
  const shownProblem = problem ?? loadProblem;
  return (
    <form
      className="follow-up-form"
      onSubmit={(event) => {
        event.preventDefault();
        void change(value || null);
      }}
    >
      <div className="field">
        <label htmlFor="lead-owner" className="field__label">
          Owner
        </label>
        <FieldError id="lead-owner-error" message={shownProblem} />
        <select
          id="lead-owner"
          className="field__input"
          value={value}
          disabled={!team.data}
          aria-invalid={problem ? true : undefined}
          aria-describedby={shownProblem ? 'lead-owner-error' : undefined}
          onChange={(event) => setValue(event.target.value)}
        >
          <option value="">Nobody</option>
          {choices.map((member) => (
            <option key={member} value={member}>
              {member === me
                ? `${member} (you)`
                : members.includes(member)
                  ? member
                  : `${member} (left the team)`}
            </option>
          ))}
        </select>
      </div>
      <div className="button-row">
        <button
          type="submit"
          className="button button--primary"
          disabled={saving || !team.data || value === saved}
        >
          {saving ? 'Saving…' : 'Save owner'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={saving || !me || lead.owner === me}
          onClick={() => me && void change(me)}
        >
          Assign to me
        </button>
        {team.error ? (
          <button type="button" className="button button--secondary" onClick={team.reload}>
            Load the team again
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The next day to follow the lead up, a calendar day in the UK; "Clear" leaves none. */
function FollowUpDateForm({ lead, reload }: { lead: LeadDetail; reload: () => void }) {
  const notify = useNotice();
  const saved = lead.followUpOn ?? '';
  const [value, setValue] = useChoice(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function change(followUpOn: string | null) {
    setProblem(null);
    setSaving(true);
    try {
      await teamApi.setFollowUpOn(lead.id, followUpOn);
      notify({
        tone: 'success',
        text: followUpOn
          ? `Next follow-up saved: ${formatDay(followUpOn, 'weekday-date') ?? followUpOn}.`
          : 'Next follow-up cleared: none is set.',
      });
      reload();
    } catch (error) {
      reportFailure(
        error,
        'followUpOn',
        (message) => {
          setProblem(message);
          input.current?.focus();
        },
        notify,
      );
    } finally {
      setSaving(false);
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The date control gives nothing for a day left incomplete or not in the calendar.
    if (value === '') {
      setProblem('Enter the whole day (day, month and year), or press Clear to set none.');
      input.current?.focus();
      return;
    }
    void change(value);
  }

  return (
    <form className="follow-up-form" onSubmit={save} noValidate>
      <div className="field">
        <label htmlFor="lead-follow-up-on" className="field__label">
          Next follow-up
        </label>
        <p id="lead-follow-up-on-hint" className="field__hint">
          {lead.followUpOn ? (
            <>
              Set for <FollowUpDay day={lead.followUpOn} today={ukToday()} />
            </>
          ) : (
            'None set. A day in UK time; the list shows it as due from that day.'
          )}
        </p>
        <FieldError id="lead-follow-up-on-error" message={problem} />
        <input
          id="lead-follow-up-on"
          ref={input}
          type="date"
          className="field__input field__input--date"
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={
            problem ? 'lead-follow-up-on-hint lead-follow-up-on-error' : 'lead-follow-up-on-hint'
          }
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
        />
      </div>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save date'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={saving || !lead.followUpOn}
          onClick={() => void change(null)}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
