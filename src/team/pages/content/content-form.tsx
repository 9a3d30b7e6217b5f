import { memo, useCallback, useEffect, useState, type ReactNode } from 'react';
import { AREAS } from '../../../core/areas';
import {
  CONTENT_LIMITS,
  type AreaContent,
  type AuditContent,
  type FrameworkItem,
  type StatementContent,
} from '../../../core/content';
import { BANDS, bandRange } from '../../../core/insight/bands';
import {
  DSPT_STANDARDS,
  dsptStandardName,
  KEY_QUESTIONS,
  type DsptStandardNumber,
  type KeyQuestion,
} from '../../../core/insight/key-questions';
import {
  fieldId,
  newFrameworkItemId,
  plainText,
  withoutFrameworkItem,
  type StatementPart,
} from './content-form-model';

/** The problems found with each field, by the field's id. */
export type FieldProblems = ReadonlyMap<string, readonly string[]>;

type Update<T> = (change: (value: T) => T) => void;

export const KEY_HINT =
  'Keep the key while the meaning stays; give a new key when the statement means something new.';

const INTRO_LABELS = [
  ['improve', 'For an area below 80%'],
  ['sustain', 'For an area at 80% or more'],
] as const;

const DSPT_NUMBERS = Object.keys(DSPT_STANDARDS).map(Number) as DsptStandardNumber[];

/**
 * The next version's words as plain fields: no code, no JSON. Each area is a fieldset under its
 * fixed title (AREAS), each statement a fieldset in it; the band headings, the words before
 * recommendations and the framework's list come after the areas.
 */
export function ContentForm({
  form,
  onChange,
  problems,
}: {
  form: AuditContent;
  onChange: Update<AuditContent>;
  problems: FieldProblems;
}) {
  const onArea = useCallback(
    (index: number, change: (area: AreaContent) => AreaContent) =>
      onChange((content) => ({
        ...content,
        areas: content.areas.map((area, i) => (i === index ? change(area) : area)),
      })),
    [onChange],
  );
  return (
    <div className="content-form">
      {AREAS.map((area, index) => {
        const words = form.areas[index];
        return words ? (
          <AreaFields
            key={area.id}
            index={index}
            title={area.title}
            area={words}
            items={form.framework.items}
            onArea={onArea}
            problems={problems}
          />
        ) : null;
      })}
      <fieldset className="content-fieldset">
        <legend className="content-fieldset__legend">Band headings</legend>
        <p className="field__hint">The heading each band’s advice is shown under, in every area.</p>
        {BANDS.map((band) => (
          <TextField
            key={band.id}
            id={fieldId.bandHeading(band.id)}
            label={`Heading for scores ${bandRange(band.id).toLowerCase()}`}
            value={form.bandHeadings[band.id]}
            limit={CONTENT_LIMITS.bandHeading}
            problems={problems}
            onChange={(value) =>
              onChange((content) => ({
                ...content,
                bandHeadings: { ...content.bandHeadings, [band.id]: value },
              }))
            }
          />
        ))}
      </fieldset>
      <fieldset className="content-fieldset">
        <legend className="content-fieldset__legend">The words before recommendations</legend>
        {INTRO_LABELS.map(([which, label]) => (
          <TextField
            key={which}
            id={fieldId.recommendationsIntro(which)}
            label={label}
            value={form.recommendationsIntro[which]}
            limit={CONTENT_LIMITS.recommendationsIntro}
            problems={problems}
            onChange={(value) =>
              onChange((content) => ({
                ...content,
                recommendationsIntro: { ...content.recommendationsIntro, [which]: value },
              }))
            }
          />
        ))}
      </fieldset>
      <FrameworkFields framework={form.framework} onChange={onChange} problems={problems} />
    </div>
  );
}

interface AreaFieldsProps {
  index: number;
  title: string;
  area: AreaContent;
  items: readonly FrameworkItem[];
  onArea: (index: number, change: (area: AreaContent) => AreaContent) => void;
  problems: FieldProblems;
}

/** One area's fields; drawn again only when its own words, the framework or the problems change. */
const AreaFields = memo(function AreaFields({
  index,
  title,
  area,
  items,
  onArea,
  problems,
}: AreaFieldsProps) {
  const update = (change: (area: AreaContent) => AreaContent) => onArea(index, change);
  const onStatement = (n: number, change: (statement: StatementContent) => StatementContent) =>
    update((words) => ({
      ...words,
      statements: words.statements.map((statement, i) => (i === n ? change(statement) : statement)),
    }));
  return (
    <fieldset className="content-fieldset content-fieldset--area">
      <legend className="content-fieldset__legend">{title}</legend>
      <TextField
        id={fieldId.areaIntro(area.id)}
        label="Introduction"
        hint="Shown under the section’s heading in the audit. Leave empty to show none."
        value={area.intro}
        limit={CONTENT_LIMITS.intro}
        multiline
        problems={problems}
        onChange={(value) => update((words) => ({ ...words, intro: value }))}
      />
      {area.statements.map((statement, n) => (
        <StatementFields
          key={n}
          areaId={area.id}
          n={n + 1}
          statement={statement}
          items={items}
          problems={problems}
          onChange={(change) => onStatement(n, change)}
        />
      ))}
      <fieldset className="content-fieldset content-fieldset--inner">
        <legend className="content-fieldset__legend">Recommendations</legend>
        {area.recommendations.map((recommendation, n) => (
          <TextField
            key={n}
            id={fieldId.recommendation(area.id, n + 1)}
            label={n === 0 ? 'Recommendation 1 (most important)' : `Recommendation ${n + 1}`}
            value={recommendation}
            limit={CONTENT_LIMITS.recommendation}
            problems={problems}
            onChange={(value) =>
              update((words) => ({
                ...words,
                recommendations: words.recommendations.map((r, i) => (i === n ? value : r)),
              }))
            }
          />
        ))}
      </fieldset>
      <fieldset className="content-fieldset content-fieldset--inner">
        <legend className="content-fieldset__legend">Advice for each band</legend>
        {BANDS.map((band) => (
          <TextField
            key={band.id}
            id={fieldId.advice(area.id, band.id)}
            label={`Advice, ${band.heading} (${bandRange(band.id).toLowerCase()})`}
            value={area.advice[band.id]}
            limit={CONTENT_LIMITS.advice}
            multiline
            rows={5}
            problems={problems}
            onChange={(value) =>
              update((words) => ({ ...words, advice: { ...words.advice, [band.id]: value } }))
            }
          />
        ))}
      </fieldset>
    </fieldset>
  );
});

function StatementFields({
  areaId,
  n,
  statement,
  items,
  problems,
  onChange,
}: {
  areaId: string;
  n: number;
  statement: StatementContent;
  items: readonly FrameworkItem[];
  problems: FieldProblems;
  onChange: Update<StatementContent>;
}) {
  const id = (part: StatementPart) => fieldId.statement(areaId, n, part);
  const set = (patch: Partial<StatementContent>) => onChange((s) => ({ ...s, ...patch }));
  const questionProblems = problems.get(`${id('kq')}-0`);
  const itemProblems = problems.get(id('items'));
  const chosen = new Set(statement.frameworkItems);
  return (
    <fieldset className="content-fieldset content-fieldset--inner">
      <legend className="content-fieldset__legend">Statement {n}</legend>
      <TextField
        id={id('text')}
        label="Text"
        hint="The statement as the audit asks it, rated from 1 (Poor) to 5 (Excellent)."
        value={statement.text}
        limit={CONTENT_LIMITS.statement}
        multiline
        problems={problems}
        onChange={(text) => set({ text })}
      />
      <TextField
        id={id('label')}
        label="Short name"
        hint="For lists and tables."
        value={statement.label}
        limit={CONTENT_LIMITS.label}
        problems={problems}
        onChange={(label) => set({ label })}
      />
      <TextField
        id={id('next')}
        label="Next step"
        hint="A concrete step for a provider who rated it 1 or 2."
        value={statement.nextStep}
        limit={CONTENT_LIMITS.nextStep}
        multiline
        problems={problems}
        onChange={(nextStep) => set({ nextStep })}
      />
      <fieldset
        className="content-checks"
        aria-describedby={questionProblems ? `${id('kq')}-error` : undefined}
      >
        <legend className="field__label">Key questions</legend>
        <FieldError id={`${id('kq')}-error`} messages={questionProblems} />
        <div className="content-checks__options">
          {KEY_QUESTIONS.map((question, i) => (
            <label key={question} className="content-check">
              <input
                type="checkbox"
                id={`${id('kq')}-${i}`}
                checked={statement.keyQuestions.includes(question)}
                onChange={(event) =>
                  onChange((s) => ({
                    ...s,
                    keyQuestions: KEY_QUESTIONS.filter((q) =>
                      q === question ? event.target.checked : s.keyQuestions.includes(q),
                    ),
                  }))
                }
              />
              {question}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={id('dspt')}>
          DSPT standard
        </label>
        <select
          id={id('dspt')}
          className="field__input"
          value={statement.dspt ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onChange((s) => {
              const { dspt: _, ...rest } = s;
              return value === '' ? rest : { ...rest, dspt: Number(value) as DsptStandardNumber };
            });
          }}
        >
          <option value="">None</option>
          {DSPT_NUMBERS.map((number) => (
            <option key={number} value={number}>
              {dsptStandardName(number)}
            </option>
          ))}
        </select>
      </div>
      <Disclosure
        summaryId={id('items')}
        summary={
          <>
            Framework items ({chosen.size} chosen)
            {itemProblems ? <span className="visually-hidden"> (has a problem)</span> : null}
          </>
        }
        openAtFirst={Boolean(itemProblems)}
      >
        <FieldError id={`${id('items')}-error`} messages={itemProblems} />
        {items.length === 0 ? <p className="muted">The framework has no items yet.</p> : null}
        {KEY_QUESTIONS.map((question) => {
          const under = items.filter((item) => item.keyQuestion === question);
          return under.length > 0 ? (
            <fieldset key={question} className="content-checks">
              <legend className="field__label">{question}</legend>
              <div className="content-checks__options content-checks__options--list">
                {under.map((item) => (
                  <label key={item.id} className="content-check">
                    <input
                      type="checkbox"
                      checked={chosen.has(item.id)}
                      onChange={(event) =>
                        onChange((s) => ({
                          ...s,
                          frameworkItems: event.target.checked
                            ? [...s.frameworkItems, item.id]
                            : s.frameworkItems.filter((other) => other !== item.id),
                        }))
                      }
                    />
                    {item.name || item.id}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null;
        })}
      </Disclosure>
      <TextField
        id={id('key')}
        label="Key"
        hint={KEY_HINT}
        value={statement.key}
        limit={CONTENT_LIMITS.key}
        problems={problems}
        narrow
        onChange={(key) => set({ key })}
      />
    </fieldset>
  );
}

function FrameworkFields({
  framework,
  onChange,
  problems,
}: {
  framework: AuditContent['framework'];
  onChange: Update<AuditContent>;
  problems: FieldProblems;
}) {
  const setItem = (index: number, patch: Partial<FrameworkItem>) =>
    onChange((content) => ({
      ...content,
      framework: {
        ...content.framework,
        items: content.framework.items.map((item, i) => (i === index ? { ...item, ...patch } : item)),
      },
    }));
  const full = framework.items.length >= CONTENT_LIMITS.frameworkItems;
  // An item just added: its name field takes focus once it is drawn, to be named at once.
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added !== null) document.getElementById(fieldId.frameworkItemName(added))?.focus();
  }, [added]);
  return (
    <fieldset className="content-fieldset">
      <legend className="content-fieldset__legend">Framework</legend>
      <p className="field__hint">
        What CQC assesses against. Each statement can name the items it gives evidence for.
      </p>
      <TextField
        id={fieldId.frameworkName}
        label="The framework’s name"
        value={framework.name}
        limit={CONTENT_LIMITS.frameworkName}
        problems={problems}
        onChange={(name) =>
          onChange((content) => ({ ...content, framework: { ...content.framework, name } }))
        }
      />
      <Disclosure summary={`Items (${framework.items.length})`} openAtFirst={false}>
        <p className="field__hint">Removing an item also unticks it on every statement.</p>
        <ol className="content-framework">
          {framework.items.map((item, index) => (
            <li key={item.id} className="content-framework__item">
              <TextField
                id={fieldId.frameworkItemName(index)}
                label={`Item ${index + 1}, name`}
                value={item.name}
                limit={CONTENT_LIMITS.frameworkItemName}
                problems={problems}
                onChange={(name) => setItem(index, { name })}
              />
              <div className="field">
                <label className="field__label" htmlFor={fieldId.frameworkItemQuestion(index)}>
                  {`Item ${index + 1}, key question`}
                </label>
                <select
                  id={fieldId.frameworkItemQuestion(index)}
                  className="field__input"
                  value={item.keyQuestion}
                  onChange={(event) => setItem(index, { keyQuestion: event.target.value as KeyQuestion })}
                >
                  {KEY_QUESTIONS.map((question) => (
                    <option key={question}>{question}</option>
                  ))}
                </select>
              </div>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Remove item ${index + 1}${item.name ? `: ${item.name}` : ''}`}
                onClick={() => onChange((content) => withoutFrameworkItem(content, index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button button--secondary"
          disabled={full}
          onClick={() => {
            setAdded(framework.items.length);
            onChange((content) => ({
              ...content,
              framework: {
                ...content.framework,
                items: [
                  ...content.framework.items,
                  { id: newFrameworkItemId(content.framework.items, 'Safe'), keyQuestion: 'Safe', name: '' },
                ],
              },
            }));
          }}
        >
          Add an item
        </button>
        {full ? (
          <p className="field__hint">{`The list holds at most ${CONTENT_LIMITS.frameworkItems} items.`}</p>
        ) : null}
      </Disclosure>
    </fieldset>
  );
}

/**
 * A <details> whose content is drawn only while it is open: a statement's framework items are a
 * long list of checkboxes, 25 times over, that most edits never open. A link from the error
 * summary opens it (error-summary.tsx), and the toggle event draws the content.
 */
function Disclosure({
  summary,
  summaryId,
  openAtFirst,
  children,
}: {
  summary: ReactNode;
  summaryId?: string;
  openAtFirst: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(openAtFirst);
  return (
    <details className="content-items" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary id={summaryId}>{summary}</summary>
      {open ? children : null}
    </details>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  hint?: string;
  value: string;
  limit: number;
  multiline?: boolean;
  rows?: number;
  narrow?: boolean;
  problems: FieldProblems;
  onChange: (value: string) => void;
}

/**
 * A labelled text field with its hint, its problems and, for a textarea, a count of the characters
 * as they will be sent (line breaks become spaces) against the limit, said in words too.
 */
function TextField({
  id,
  label,
  hint,
  value,
  limit,
  multiline,
  rows,
  narrow,
  problems,
  onChange,
}: TextFieldProps) {
  const messages = problems.get(id);
  const count = [...plainText(value)].length;
  const describedBy = [
    hint ? `${id}-hint` : '',
    messages ? `${id}-error` : '',
    multiline ? `${id}-count` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const shared = {
    id,
    className: narrow ? 'field__input field__input--narrow' : 'field__input',
    value,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': messages ? true : undefined,
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} messages={messages} />
      {multiline ? (
        <textarea {...shared} rows={rows ?? 3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {multiline ? (
        <p
          id={`${id}-count`}
          className={count > limit ? 'content-count content-count--over' : 'content-count'}
        >
          {count > limit
            ? `${count} of ${limit} characters: ${count - limit} too many`
            : `${count} of ${limit} characters`}
        </p>
      ) : null}
    </div>
  );
}

function FieldError({ id, messages }: { id: string; messages: readonly string[] | undefined }): ReactNode {
  if (!messages || messages.length === 0) return null;
  return (
    <div id={id} className="field__error">
      {messages.map((message) => (
        <p key={message}>
          <span className="visually-hidden">Error: </span>
          {message}
        </p>
      ))}
    </div>
  );
}
