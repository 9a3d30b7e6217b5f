import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  ACTION_OWNER_MAX_LENGTH,
  ACTION_STATUSES,
  ACTION_STATUS_LABELS,
  actionTopicsFor,
  buildReport,
  formatDay,
  type ActionPlanItem,
  type ActionTopic,
  type Responses,
} from '../../../core';
import type { AuditContent } from '../../../core/content/audit-content';
import {
  ACTION_PLAN_HEADING,
  OVERDUE_LABEL,
  PLAN_MOVED_NOTE,
  PLAN_MOVED_TITLE,
  carriedLabel,
  isOverdue,
  planSummary,
  topicTypeLabel,
} from '../../../shared/action-plan-words';
import { NOT_STARTED_LABEL, type ActionChangeStatus } from '../../../shared/action-plan-rules';
import { ukDay } from '../../../shared/uk-day';
import { saveActionPlanChange } from '../../api/action-plan';
import { readActionPlan } from '../../api/stored-plan';
import './action-plan.css';

/** The statuses in the order the select offers them: no mark first. */
const STATUS_OPTIONS: { value: ActionChangeStatus; label: string }[] = [
  { value: 'not_started', label: NOT_STARTED_LABEL },
  ...ACTION_STATUSES.map((status) => ({ value: status, label: ACTION_STATUS_LABELS[status] })),
];

interface ActionPlanProps {
  /** The results link's token: the only key to its plan. */
  token: string;
  responses: Responses;
  /** The words of the version the result was answered with: the topics' names and actions. */
  content: AuditContent;
  /** The plan as the server sent it when the page loaded, not yet cleaned (readActionPlan does). */
  initialPlan: unknown;
  /** The UK's day (YYYY-MM-DD) a target date is overdue after; today unless a test says otherwise. */
  today?: string;
  /**
   * A later result was retaken from this one and holds the plan now (decision 0060): the plan is
   * shown to read, with no form, and says where it carried on.
   */
  heldByLater?: boolean;
}

/**
 * "Your action plan" on the private results page: one row per topic the report offers (its
 * priorities, then each area's advice). Each row shows at a glance what the action is and its status
 * (with "Overdue" and "Carried from…" when they apply); its owner and target date, and the fields to
 * change all three, open on demand under a disclosure, so ten rows stay short on a phone. A row is
 * saved on its own, by its button, not on every change: a keyboard moving through the status list,
 * or a name half typed, must not send a change at each step. The server answers the whole plan,
 * which the summary line and every row follow.
 */
export function ActionPlan({
  token,
  responses,
  content,
  initialPlan,
  today = ukDay(new Date()),
  heldByLater = false,
}: ActionPlanProps) {
  // The topics depend on the answers alone (the priorities and each area's band), never the date.
  const topics = useMemo(() => {
    const report = buildReport(responses, new Date(), { content });
    return actionTopicsFor(report.priorities, report.areas);
  }, [responses, content]);
  const [plan, setPlan] = useState<readonly ActionPlanItem[]>(() => readActionPlan(initialPlan));
  const [gone, setGone] = useState(false);
  const byKey = useMemo(() => new Map(plan.map((item) => [item.key, item])), [plan]);

  return (
    <section className="card action-plan" aria-labelledby="action-plan-title">
      <h2 id="action-plan-title">{ACTION_PLAN_HEADING}</h2>
      {heldByLater ? (
        <div className="notice action-plan__moved">
          <p className="action-plan__moved-title">{PLAN_MOVED_TITLE}</p>
          <p>{PLAN_MOVED_NOTE}</p>
        </div>
      ) : (
        <p className="action-plan__intro">
          Mark each priority and each area’s advice as you act on it, with who is doing it and by when. It is
          kept with these results: anyone with this link can see and change it.
        </p>
      )}
      <p className="action-plan__summary">{plan.length === 0 ? 'Nothing marked yet' : planSummary(plan)}</p>
      {gone ? (
        <p className="notice notice--error action-plan__gone">
          This results link has expired or been removed, so the plan can no longer be changed.
        </p>
      ) : null}
      <ol className="action-plan__list">
        {topics.map((topic, index) =>
          heldByLater ? (
            <ReadOnlyRow
              key={topic.key}
              id={`action-${index}`}
              topic={topic}
              item={byKey.get(topic.key)}
              today={today}
            />
          ) : (
            <TopicRow
              key={topic.key}
              id={`action-${index}`}
              token={token}
              topic={topic}
              item={byKey.get(topic.key)}
              today={today}
              onSaved={setPlan}
              onGone={() => setGone(true)}
            />
          ),
        )}
      </ol>
    </section>
  );
}

interface Draft {
  status: ActionChangeStatus;
  owner: string;
  targetDate: string;
}

type RowState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; count: number }
  | { kind: 'error'; message: string; fields: { owner?: string; targetDate?: string } };

const draftOf = (item: ActionPlanItem | undefined): Draft => ({
  status: item?.status ?? 'not_started',
  owner: item?.owner ?? '',
  targetDate: item?.targetDate ?? '',
});

interface TopicRowProps {
  id: string;
  token: string;
  topic: ActionTopic;
  item: ActionPlanItem | undefined;
  today: string;
  onSaved: (plan: ActionPlanItem[]) => void;
  onGone: () => void;
}

/** One topic: its words, its fields, its Save, and what became of the last save, announced. */
function TopicRow({ id, token, topic, item, today, onSaved, onGone }: TopicRowProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [state, setState] = useState<RowState>({ kind: 'idle' });
  const saves = useRef(0);
  const ownerInput = useRef<HTMLInputElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const titleId = titleIdOf(id);
  const overdue = overdueDay(item, today) !== undefined;
  const fieldErrors = state.kind === 'error' ? state.fields : {};
  // "Not started" is no item at all: saving it drops what the other fields hold, and the row says so.
  const clears = draft.status === 'not_started' && (draft.owner.trim() !== '' || draft.targetDate !== '');

  // After a refused save, focus goes to the first field the server named, as on the e-mail form.
  useEffect(() => {
    if (fieldErrors.owner) ownerInput.current?.focus();
    else if (fieldErrors.targetDate) dateInput.current?.focus();
    // Only a new answer moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  function edit(change: Partial<Draft>) {
    setDraft((current) => ({ ...current, ...change }));
    // "Saved" belongs to what was saved: an edit after it is not saved yet.
    if (state.kind === 'saved') setState({ kind: 'idle' });
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'saving') return;
    setState({ kind: 'saving' });
    const answer = await saveActionPlanChange(token, { key: topic.key, ...draft });
    if (answer.status === 'saved') {
      onSaved(answer.plan);
      // What the server kept (an owner trimmed, "not started" with nothing else) is what the row shows.
      setDraft(draftOf(answer.plan.find((saved) => saved.key === topic.key)));
      saves.current += 1;
      setState({ kind: 'saved', count: saves.current });
    } else if (answer.status === 'invalid') {
      const { owner, targetDate, ...others } = answer.fields;
      // The owner's and the date's reasons sit beside them; any other (the topic, the status) has no
      // field on the page, so the alert says it instead of "check the highlighted fields".
      const unplaced = Object.values(others);
      const message = unplaced.length > 0 ? unplaced.join('. ') : answer.message;
      setState({ kind: 'error', message, fields: { owner, targetDate } });
    } else if (answer.status === 'gone') {
      onGone();
      setState({ kind: 'error', message: 'This results link has expired or been removed.', fields: {} });
    } else setState({ kind: 'error', message: answer.message, fields: {} });
  }

  const ids = {
    status: `${id}-status`,
    statusHint: `${id}-status-hint`,
    owner: `${id}-owner`,
    ownerError: `${id}-owner-error`,
    date: `${id}-date`,
    dateError: `${id}-date-error`,
    overdue: overdueId(id),
  };
  const describedBy = (...parts: (string | false)[]) => parts.filter(Boolean).join(' ') || undefined;

  return (
    <li className="action-topic">
      <TopicGlance id={id} topic={topic} item={item} today={today} />
      {/* Left to the browser to open and close: a save is made from inside it, so it stays open to
          show what the save came to. */}
      <details className="action-topic__more">
        <summary className="action-topic__summary">
          Status, owner and target date<span className="visually-hidden">: {topic.title}</span>
        </summary>
        {/* The group, named by the row's heading, holds the form: a form may not take role="group"
            (axe's aria-allowed-role), and a named form would be one more landmark per row. */}
        <div role="group" aria-labelledby={titleId}>
          <form className="action-topic__form" noValidate onSubmit={save}>
            <div className="field action-topic__field">
              <label htmlFor={ids.status} className="field__label">
                Status
              </label>
              <select
                id={ids.status}
                className="field__input"
                value={draft.status}
                aria-describedby={clears ? ids.statusHint : undefined}
                onChange={(event) => edit({ status: event.target.value as ActionChangeStatus })}
              >
                {STATUS_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              {clears ? (
                <p id={ids.statusHint} className="field__hint action-topic__hint">
                  Saving “{NOT_STARTED_LABEL}” clears the owner and target date.
                </p>
              ) : null}
            </div>
            <div className="field action-topic__field">
              <label htmlFor={ids.owner} className="field__label">
                Owner (optional)
              </label>
              {fieldErrors.owner ? (
                <p id={ids.ownerError} className="field__error">
                  <span className="visually-hidden">Error: </span>
                  {fieldErrors.owner}
                </p>
              ) : null}
              <input
                id={ids.owner}
                type="text"
                className="field__input"
                // Counts UTF-16 units, so an emoji counts twice here: never more than the server accepts.
                maxLength={ACTION_OWNER_MAX_LENGTH}
                autoComplete="off"
                value={draft.owner}
                aria-invalid={fieldErrors.owner ? true : undefined}
                aria-describedby={describedBy(Boolean(fieldErrors.owner) && ids.ownerError)}
                onChange={(event) => edit({ owner: event.target.value })}
                ref={ownerInput}
              />
            </div>
            <div className="field action-topic__field">
              <label htmlFor={ids.date} className="field__label">
                Target date (optional)
              </label>
              {fieldErrors.targetDate ? (
                <p id={ids.dateError} className="field__error">
                  <span className="visually-hidden">Error: </span>
                  {fieldErrors.targetDate}
                </p>
              ) : null}
              <input
                id={ids.date}
                type="date"
                className="field__input"
                value={draft.targetDate}
                aria-invalid={fieldErrors.targetDate ? true : undefined}
                aria-describedby={describedBy(
                  Boolean(fieldErrors.targetDate) && ids.dateError,
                  overdue && ids.overdue,
                )}
                onChange={(event) => edit({ targetDate: event.target.value })}
                ref={dateInput}
              />
            </div>
            <div className="action-topic__save">
              <button
                type="submit"
                className="button button--secondary"
                aria-busy={state.kind === 'saving'}
                // Named with its topic, so a list of buttons is not ten "Save"s; the visible word leads.
                aria-label={`Save ${topic.title}`}
              >
                Save
              </button>
              {/* Both regions are always in the page, so what appears in them is announced. */}
              <div role="status" aria-atomic="true" className="action-topic__status">
                {state.kind === 'saved' ? <span key={state.count}>Saved</span> : null}
              </div>
            </div>
          </form>
        </div>
      </details>
      <div role="alert" aria-atomic="true">
        {state.kind === 'error' ? (
          <p className="action-topic__error">
            <span className="action-topic__error-title">Not saved.</span> {state.message}
          </p>
        ) : null}
      </div>
    </li>
  );
}

const titleIdOf = (id: string) => `${id}-title`;
const overdueId = (id: string) => `${id}-overdue`;

/** The item's target date when it has passed on an action not done, else undefined. */
function overdueDay(item: ActionPlanItem | undefined, today: string): string | undefined {
  return item?.targetDate !== undefined && isOverdue(item, today) ? item.targetDate : undefined;
}

/**
 * What a row shows at a glance, on a phone too: the topic, its status in words (a topic nobody
 * marked is "Not started"), "Overdue" when its date has passed, what kind of topic it is, what the
 * action is, and, for an item a retake started with, the result it was carried from.
 */
function TopicGlance({
  id,
  topic,
  item,
  today,
}: {
  id: string;
  topic: ActionTopic;
  item: ActionPlanItem | undefined;
  today: string;
}) {
  const overdueOn = overdueDay(item, today);
  const status = item ? ACTION_STATUS_LABELS[item.status] : NOT_STARTED_LABEL;
  return (
    <>
      <div className="action-topic__head">
        <h3 id={titleIdOf(id)} className="action-topic__title">
          {topic.title}
        </h3>
        <p className={`action-topic__badge action-topic__badge--${item?.status ?? 'not-started'}`}>
          <span className="visually-hidden">Status: </span>
          {status}
        </p>
        {overdueOn ? (
          <p id={overdueId(id)} className="action-topic__overdue">
            {OVERDUE_LABEL}
            <span className="visually-hidden">: the target date, {formatDay(overdueOn)}, has passed</span>
          </p>
        ) : null}
      </div>
      <p className="action-topic__meta">{topicTypeLabel(topic)}</p>
      <p className="action-topic__action">
        <span className="action-topic__action-label">
          {topic.kind === 'priority' ? 'Next step' : topic.detail}:{' '}
        </span>
        {topic.action}
      </p>
      {item?.carriedFrom ? <p className="action-topic__carried">{carriedLabel(item.carriedFrom)}</p> : null}
    </>
  );
}

/** What an owner or target date not given reads as: a blank reads as nothing to a screen reader. */
const NOT_SET = 'Not set';

/**
 * A row of a plan a later result holds now (decision 0060): the same glance, and the owner and
 * target date on demand as plain words, with nothing to change.
 */
function ReadOnlyRow({
  id,
  topic,
  item,
  today,
}: {
  id: string;
  topic: ActionTopic;
  item: ActionPlanItem | undefined;
  today: string;
}) {
  return (
    <li className="action-topic">
      <TopicGlance id={id} topic={topic} item={item} today={today} />
      <details className="action-topic__more">
        <summary className="action-topic__summary">
          Owner and target date<span className="visually-hidden">: {topic.title}</span>
        </summary>
        <dl className="action-topic__facts">
          <dt>Owner</dt>
          <dd>{item?.owner ?? NOT_SET}</dd>
          <dt>Target date</dt>
          <dd>{item?.targetDate ? (formatDay(item.targetDate) ?? item.targetDate) : NOT_SET}</dd>
        </dl>
      </details>
    </li>
  );
}
