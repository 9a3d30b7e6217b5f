import { useEffect, useMemo, useState } from 'react';
import { ChoiceGroup } from '../../../browser/forms/choice-group';
import { AREAS } from '../../../core/areas';
import { sampleAnswers, type AuditContent } from '../../../core/content';
import { BANDS, bandRange, type Band } from '../../../core/insight/bands';
import { buildReport, type Report } from '../../../core/report';
import { RATING_END_WORDS, RATINGS } from '../../../core/responses';
import { contentApi, type EmailPreview } from '../../content-api';
import { TeamApiError } from '../../api';
import { messageOf } from '../../ui/notice';

const KINDS = [
  { id: 'audit', label: 'Audit' },
  { id: 'results', label: 'Results' },
  { id: 'email', label: 'E-mail' },
  { id: 'pdf', label: 'PDF' },
] as const;
type Kind = (typeof KINDS)[number]['id'];

const BAND_OPTIONS = BANDS.map((band) => ({
  id: band.id,
  label: `${band.heading} (${bandRange(band.id).toLowerCase()})`,
}));

/** What the preview shows, once asked for: built here, or answered by the server. */
type Shown =
  | { kind: 'audit'; content: AuditContent }
  | { kind: 'results'; band: Band; report: Report }
  | { kind: 'email'; band: Band; email: EmailPreview }
  | { kind: 'pdf'; band: Band; url: string };

/** The report for a band's sample answers, in the draft's words (not yet published). */
export function previewReport(content: AuditContent, band: Band): Report {
  return buildReport(sampleAnswers(band), new Date(), { content });
}

/** "1 (Poor)", "2", … "5 (Excellent)": the scale as the audit labels it, in plain text. */
const SCALE = RATINGS.map((rating) =>
  RATING_END_WORDS[rating] ? `${rating} (${RATING_END_WORDS[rating]})` : String(rating),
).join(', ');

/**
 * Previews of the form's words as a visitor meets them: the audit's sections, the results, the
 * e-mail and the PDF for sample answers in a chosen band. `check` checks the form's document,
 * shows any problems in the page's error summary, and gives the document only when it passes, or
 * `onProblems` takes the server's.
 */
export function ContentPreviews({
  check,
  onProblems,
}: {
  check: () => AuditContent | null;
  onProblems: (problems: readonly string[]) => void;
}) {
  const [kind, setKind] = useState<Kind>('audit');
  const [band, setBand] = useState<Band>('foundations');
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // A PDF's address holds the file in memory until it is let go of.
  const pdfUrl = shown?.kind === 'pdf' ? shown.url : null;
  useEffect(() => () => (pdfUrl ? URL.revokeObjectURL(pdfUrl) : undefined), [pdfUrl]);

  async function show() {
    setFailure(null);
    const content = check();
    if (!content) {
      setShown(null);
      return;
    }
    if (kind === 'audit') return setShown({ kind, content });
    if (kind === 'results') return setShown({ kind, band, report: previewReport(content, band) });
    setBusy(true);
    try {
      if (kind === 'email') setShown({ kind, band, email: await contentApi.previewEmail(content, band) });
      else setShown({ kind, band, url: URL.createObjectURL(await contentApi.previewPdf(content, band)) });
    } catch (error) {
      setShown(null);
      if (error instanceof TeamApiError && error.problems.length > 0) onProblems(error.problems);
      else setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <p className="muted">
        With the words in the form now, saved or not. The results, e-mail and PDF use sample answers that put
        every area in the band you choose.
      </p>
      <div className="content-preview__choices">
        <ChoiceGroup
          legend="What to preview"
          name="preview-kind"
          options={KINDS}
          value={kind}
          onChange={setKind}
        />
        {kind !== 'audit' ? (
          <ChoiceGroup
            legend="Sample answers in the band"
            name="preview-band"
            options={BAND_OPTIONS}
            value={band}
            onChange={setBand}
          />
        ) : null}
      </div>
      <button type="button" className="button button--secondary" onClick={show} disabled={busy}>
        {busy ? 'Making the preview…' : kind === 'pdf' ? 'Make the preview PDF' : 'Show the preview'}
      </button>
      <div role="status" className="content-preview__status">
        {shown ? <p>{`Preview ready: ${previewName(shown)}.`}</p> : null}
      </div>
      {failure ? (
        <div role="alert" className="notice notice--error">
          <p>{failure}</p>
        </div>
      ) : null}
      {shown ? <PreviewOf shown={shown} /> : null}
    </section>
  );
}

function previewName(shown: Shown): string {
  const kind = KINDS.find((k) => k.id === shown.kind)?.label ?? '';
  if (shown.kind === 'audit') return kind;
  const band = BANDS.find((b) => b.id === shown.band)?.heading ?? '';
  return `${kind}, ${band}`;
}

function PreviewOf({ shown }: { shown: Shown }) {
  switch (shown.kind) {
    case 'audit':
      return <AuditPreview content={shown.content} />;
    case 'results':
      return <ResultsPreview report={shown.report} />;
    case 'email':
      return (
        <div className="content-preview">
          <h3>E-mail</h3>
          <p>
            <strong>Subject:</strong> {shown.email.subject}
          </p>
          <h4>Text version</h4>
          <pre className="content-preview__text">{shown.email.text}</pre>
          <EmailHtmlLink html={shown.email.html} band={shown.band} />
        </div>
      );
    case 'pdf':
      return (
        <div className="content-preview">
          <h3>PDF</h3>
          <p>
            <a href={shown.url} download={`care-audit-preview-${shown.band}.pdf`}>
              Download the preview PDF
            </a>
          </p>
        </div>
      );
  }
}

function AuditPreview({ content }: { content: AuditContent }) {
  return (
    <div className="content-preview">
      {AREAS.map((area, index) => {
        const words = content.areas[index];
        if (!words) return null;
        return (
          <section key={area.id} aria-labelledby={`preview-${area.id}`}>
            <h3 id={`preview-${area.id}`}>{`Section ${index + 1} of ${AREAS.length}: ${area.title}`}</h3>
            {words.intro ? <p>{words.intro}</p> : null}
            <p className="muted">{`Rate each statement: ${SCALE}.`}</p>
            <ol>
              {words.statements.map((statement) => (
                <li key={statement.key}>{statement.text}</li>
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

function ResultsPreview({ report }: { report: Report }) {
  return (
    <div className="content-preview">
      <h3>Results</h3>
      <p>
        <strong>Overall score:</strong> {`${report.overall.score}% (${report.overall.rating})`}
      </p>
      {report.areas.map((area) => (
        <section key={area.id} aria-labelledby={`result-${area.id}`}>
          <h4 id={`result-${area.id}`}>{`${area.title}: ${area.score}% (${area.rating})`}</h4>
          <p>
            <strong>{area.advice.heading}</strong>
          </p>
          <p>{area.advice.text}</p>
          <p>{area.recommendationsIntro}</p>
          <ul>
            {area.recommendations.map((recommendation) => (
              <li key={recommendation}>{recommendation}</li>
            ))}
          </ul>
        </section>
      ))}
      <h4>Priorities</h4>
      {report.priorities.length === 0 ? (
        <p className="muted">None: no statement is rated 1 or 2.</p>
      ) : (
        <ol>
          {report.priorities.map((priority) => (
            <li key={`${priority.areaId}-${priority.question}`}>
              <strong>{priority.label}</strong> ({priority.areaTitle}): {priority.nextStep}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The e-mail's HTML version as a file to open: the workspace's Content-Security-Policy (which a
 * frame of it would inherit) refuses the e-mail's inline styles, as it should refuse any page's, so
 * the e-mail is shown as its own document, outside the workspace.
 */
function EmailHtmlLink({ html, band }: { html: string; band: Band }) {
  const url = useMemo(() => URL.createObjectURL(new Blob([html], { type: 'text/html' })), [html]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <p>
      <a href={url} download={`care-audit-preview-email-${band}.html`}>
        Download the e-mail’s HTML version
      </a>{' '}
      (open it in your browser to see it as a care manager would).
    </p>
  );
}
