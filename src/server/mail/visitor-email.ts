import type { AreaResult, KeyQuestionScore, Priority, Report, Roadmap, RoadmapPhase, Tone } from '../../core';
import {
  KEY_QUESTIONS_HEADING,
  KEY_QUESTIONS_INTRO,
  NOT_A_CQC_RATING_SENTENCE,
  NO_PRIORITIES,
  PRIORITIES_HEADING,
  PRIORITIES_INTRO,
  areaNotes,
  changeParts,
  comparisonIntro,
  formatDay,
  overallChangeText,
  ratingGiven,
  statementCount,
  reportFileName,
  signedChange,
  toneFor,
} from '../../core';
import { escapeHtml as e } from '../http/escape-html';
import { addressHtml } from './address-html';

/** What the visitor's e-mail needs besides the report. */
export interface VisitorEmailContext {
  bookingUrl: string;
  contactEmail: string;
  /** Whether the visitor ticked the consent box: the footer says what their address is used for. */
  consented?: boolean;
  /** The visitor's private results page, when one was made for this request. */
  resultsUrl?: string;
}

export const VIEW_ONLINE = 'View your results online';

/**
 * The footer's privacy lines, the same promise the form and the privacy notice make: the address
 * sends the results, and only a ticked consent box lets the team contact the visitor about more.
 */
export function privacyFooter(context: VisitorEmailContext): string {
  const why =
    'You are receiving this e-mail because you asked for your audit results on the Care Audit website.';
  if (context.consented) {
    return `${why} We respect your privacy. Your email will only be used to send your audit results and, as you agreed on the form, for our team to contact you about a free consultation. To withdraw that agreement, write to ${context.contactEmail}.`;
  }
  return `${why} We respect your privacy. Your email will only be used to send your audit results. You did not ask to be contacted, so we will not contact you about anything else.`;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The subject line: the overall score and its rating, so the inbox list already says it. */
export function visitorSubject(report: Report): string {
  return `Your AI care management audit: ${report.overall.score}% (${report.overall.rating})`;
}

// Colours chosen for at least 4.5:1 contrast against the white card (text) and 3:1 (bars);
// the rating word always stands next to a bar, so colour never carries meaning alone.
const C = {
  page: '#eef2f4',
  card: '#ffffff',
  brand: '#0f4c5c',
  brandTint: '#d0e5ea',
  ink: '#18212d',
  body: '#374151',
  muted: '#4b5563',
  rule: '#d6dce2',
  track: '#d9dee3',
  panel: '#f1f6f8',
} as const;
const TONE: Record<Tone, string> = { green: '#2f855a', yellow: '#a16207', red: '#c53030' };
const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";

function bar(score: number, tone: Tone, height: number): string {
  const filled = Math.max(0, Math.min(100, Math.round(score)));
  const cell = (width: number, colour: string) =>
    `<td width="${width}%" style="width:${width}%;background-color:${colour};height:${height}px;font-size:0;line-height:0;mso-line-height-rule:exactly" bgcolor="${colour}">&nbsp;</td>`;
  const cells = [
    filled > 0 ? cell(filled, TONE[tone]) : '',
    filled < 100 ? cell(100 - filled, C.track) : '',
  ].join('');
  // A picture of the number printed beside it: hidden from screen readers, which read the number.
  return `<table role="presentation" aria-hidden="true" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%"><tr>${cells}</tr></table>`;
}

function h2(text: string): string {
  return `<h2 style="margin:32px 0 12px;${FONT};font-size:20px;line-height:26px;font-weight:bold;color:${C.brand}">${e(text)}</h2>`;
}

function paragraph(html: string, extra = ''): string {
  return `<p style="margin:0 0 12px;${FONT};font-size:15px;line-height:22px;color:${C.body};${extra}">${html}</p>`;
}

function list(items: readonly string[]): string {
  const lis = items
    .map(
      (item) =>
        `<li style="margin:0 0 4px;${FONT};font-size:15px;line-height:21px;color:${C.body}">${e(item)}</li>`,
    )
    .join('');
  return `<ul style="margin:0 0 4px;padding:0 0 0 22px">${lis}</ul>`;
}

function small(html: string, extra = ''): string {
  return `<p style="margin:0 0 6px;${FONT};font-size:14px;line-height:20px;color:${C.muted};${extra}">${html}</p>`;
}

/**
 * A retake's "What changed since your audit on 1 August 2026" (or "since your last audit" when the
 * day cannot be read, as changeParts words it); undefined for a first audit, which has no section.
 */
export function changedHeading(report: Report): string | undefined {
  return report.earlier ? `What changed ${changeParts(0, report.earlier.takenOn).since}` : undefined;
}

/** "Service Quality: 53% → 52% (−1)", or "(no change)": the score then and now, and the change. */
export function changeLine(title: string, score: number, change: number): string {
  return `${title}: ${score - change}% → ${score}% (${change === 0 ? 'no change' : signedChange(change)})`;
}

/** The section's lines: the overall score, then every area in the audit's order, unchanged ones too. */
export function changeLines(report: Report): string[] {
  const { overall, areas } = report;
  if (overall.change === undefined) return [];
  return [
    changeLine('Overall score', overall.score, overall.change),
    ...areas.flatMap((area) =>
      area.change === undefined ? [] : [changeLine(area.title, area.score, area.change)],
    ),
  ];
}

function changedBlock(report: Report): string {
  const heading = changedHeading(report);
  return heading ? `${h2(heading)}\n${list(changeLines(report))}` : '';
}

function textChanged(report: Report): string {
  const heading = changedHeading(report);
  return heading ? `\n${heading.toUpperCase()}\n\n${textList(changeLines(report), '')}\n` : '';
}

/** What the report says about other providers, once, above the areas; nothing without a benchmark. */
function comparisonLine(report: Report): string {
  const intro = comparisonIntro(report.comparison);
  return intro ? paragraph(e(intro)) : '';
}

function priorityItem(priority: Priority): string {
  return `<li style="margin:0 0 14px;${FONT};font-size:15px;line-height:22px;color:${C.ink}">
<p style="margin:0 0 2px;${FONT};font-size:15px;line-height:22px;color:${C.muted}"><strong style="color:${C.ink}">${e(priority.label)}</strong> &middot; ${e(priority.areaTitle)} &middot; <span style="white-space:nowrap">${e(ratingGiven(priority.rating))}</span></p>
<p style="margin:0;${FONT};font-size:15px;line-height:22px;color:${C.body}">${e(priority.nextStep)}</p>
</li>`;
}

function prioritiesBlock(priorities: readonly Priority[]): string {
  if (priorities.length === 0) return `${h2(PRIORITIES_HEADING)}\n${paragraph(e(NO_PRIORITIES))}`;
  return `${h2(PRIORITIES_HEADING)}
${paragraph(e(PRIORITIES_INTRO))}
<ol style="margin:0 0 4px;padding:0 0 0 24px">${priorities.map(priorityItem).join('')}</ol>`;
}

function areaBlock(area: AreaResult, report: Report): string {
  const notes = areaNotes(area, report.earlier?.takenOn)
    .map((note) => small(e(note)))
    .join('');
  return `<tr><td style="padding:18px 0;border-top:1px solid ${C.rule}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>
<td valign="top" style="padding-right:12px"><h3 style="margin:0;${FONT};font-size:17px;line-height:24px;font-weight:bold;color:${C.ink}">${e(area.title)}</h3></td>
<td valign="top" align="right" style="${FONT};font-size:17px;line-height:24px;font-weight:bold;color:${C.ink};white-space:nowrap">${e(area.score)}%&nbsp;<span style="font-weight:normal;color:${C.muted};font-size:15px">(${e(area.rating)})</span></td>
</tr></table>
<div style="margin:8px 0 10px">${bar(area.score, area.tone, 8)}</div>
${notes}
${paragraph(`<strong style="color:${C.ink}">${e(area.advice.heading)}.</strong> ${e(area.advice.text)}`)}
${small(`<strong style="color:${C.ink}">AI Recommendations.</strong> ${e(area.recommendationsIntro)}`, 'margin:0 0 4px')}
${list(area.recommendations)}
</td></tr>`;
}

function keyQuestionRow(kq: KeyQuestionScore): string {
  return `<tr>
<td valign="middle" style="padding:5px 12px 5px 0;width:42%;${FONT};font-size:15px;line-height:20px;font-weight:bold;color:${C.ink}">${e(kq.keyQuestion)} <span style="font-weight:normal;font-size:13px;color:${C.muted};white-space:nowrap">(${e(statementCount(kq.statements))})</span></td>
<td valign="middle" style="padding:5px 0">${bar(kq.score, toneFor(kq.score), 8)}</td>
<td valign="middle" align="right" style="padding:5px 0 5px 12px;width:52px;${FONT};font-size:15px;line-height:20px;font-weight:bold;color:${C.ink};white-space:nowrap">${e(kq.score)}%</td>
</tr>`;
}

function keyQuestionsBlock(keyQuestions: readonly KeyQuestionScore[]): string {
  return `${h2(KEY_QUESTIONS_HEADING)}
${paragraph(`${e(KEY_QUESTIONS_INTRO)} <strong style="color:${C.ink}">${e(NOT_A_CQC_RATING_SENTENCE)}</strong>`)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 4px">${keyQuestions.map(keyQuestionRow).join('')}</table>`;
}

/** "Data Management (32%)": the roadmap names its areas; their recommendations stand with their scores. */
function phaseAreas(phase: RoadmapPhase): string {
  return phase.areas.map((area) => `${area.title} (${area.score}%)`).join(', ');
}

function roadmapPhase(phase: RoadmapPhase, index: number): string {
  return `<h3 style="margin:${index === 0 ? 0 : 12}px 0 2px;${FONT};font-size:16px;line-height:22px;font-weight:bold;color:${C.ink}">${e(phase.title)} <span style="font-size:14px;font-weight:normal;color:${C.muted};white-space:nowrap">&middot; ${e(phase.timeframe)}</span></h3>
<p style="margin:0;${FONT};font-size:15px;line-height:22px;color:${C.body}">${e(phaseAreas(phase))}</p>`;
}

/** The roadmap's heading and intro as core words them (a plan to sustain at 80%+ everywhere), then its phases. */
function roadmapBlock(roadmap: Roadmap): string {
  return `${h2(roadmap.heading)}
${paragraph(e(`${roadmap.intro} ${ROADMAP_NOTE}`))}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="padding:14px 18px;background-color:${C.panel};border-left:4px solid ${C.brand}" bgcolor="${C.panel}">
${roadmap.phases.map(roadmapPhase).join('\n')}
</td></tr></table>`;
}

function button(href: string, label: string): string {
  // A table cell with a background, not an image or CSS-only button, so Outlook draws it too.
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px"><tr>
<td align="center" bgcolor="${C.brand}" style="background-color:${C.brand};border-radius:6px">
<a href="${e(href)}" target="_blank" style="display:inline-block;padding:14px 26px;${FONT};font-size:16px;line-height:20px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${e(label)}</a>
</td></tr></table>`;
}

const INTRO = 'Thank you for completing the audit.';

// The recommendations are listed once, with each area's score; the roadmap only orders the areas.
const ROADMAP_NOTE = 'Each area’s recommendations are listed with its score above.';

/** The visitor's e-mail as HTML: tables and inline styles, 600 px wide, for Outlook, Gmail and phones alike. */
export function visitorHtml(report: Report, context: VisitorEmailContext): string {
  const { overall } = report;
  const change = overallChangeText(report);
  const preheader = `Your overall score is ${overall.score}% (${overall.rating}). Your full report is attached as a PDF.`;
  return `<!DOCTYPE html>
<html lang="en-GB" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${e(visitorSubject(report))}</title>
<style>
@media screen and (max-width: 620px) { .card-pad { padding-left: 20px !important; padding-right: 20px !important; } }
</style>
</head>
<body style="margin:0;padding:0;background-color:${C.page};width:100%">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${e(preheader)}</div>
<div role="article" aria-roledescription="email" aria-label="${e(visitorSubject(report))}" lang="en-GB" style="background-color:${C.page}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${C.page}" style="background-color:${C.page}">
<tr><td align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background-color:${C.card};border-radius:8px" bgcolor="${C.card}">
<tr><td class="card-pad" bgcolor="${C.brand}" style="background-color:${C.brand};padding:28px 36px;border-radius:8px 8px 0 0">
<p style="margin:0 0 6px;${FONT};font-size:14px;line-height:20px;letter-spacing:1px;text-transform:uppercase;color:${C.brandTint}">Care Audit</p>
<h1 style="margin:0;${FONT};font-size:26px;line-height:32px;font-weight:bold;color:#ffffff">Your AI Audit Results</h1>
<p style="margin:8px 0 0;${FONT};font-size:15px;line-height:22px;color:${C.brandTint}">Comprehensive analysis of your care management operations, ${e(formatDay(report.generatedAt))}</p>
</td></tr>
<tr><td class="card-pad" style="padding:28px 36px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="padding:20px;background-color:${C.panel};border-radius:6px" bgcolor="${C.panel}">
<p style="margin:0;${FONT};font-size:15px;line-height:22px;color:${C.body}">Overall score</p>
<p style="margin:4px 0 12px;${FONT};font-size:40px;line-height:46px;font-weight:bold;color:${C.ink}">${e(overall.score)}% <span style="font-size:20px;line-height:26px;color:${C.body}">${e(overall.rating)}</span></p>
${bar(overall.score, overall.tone, 12)}
${change ? small(e(change), 'margin:10px 0 0') : ''}
</td></tr></table>
${paragraph(`${e(INTRO)} The full report is attached as a PDF (${e(reportFileName(report.generatedAt))}).`, 'margin-top:20px')}
${context.resultsUrl ? button(context.resultsUrl, VIEW_ONLINE) : ''}
${changedBlock(report)}
${prioritiesBlock(report.priorities)}
${h2('Your scores by area')}
${comparisonLine(report)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${report.areas.map((area) => areaBlock(area, report)).join('\n')}</table>
${keyQuestionsBlock(report.keyQuestions)}
${roadmapBlock(report.roadmap)}
${h2('Next steps')}
${paragraph('Book a free consultation with our implementation team. We will go through your results with you and agree where to start.')}
${button(context.bookingUrl, 'Book your free consultation')}
${paragraph(`Or write to us at <a href="mailto:${e(context.contactEmail)}" style="color:${C.brand};text-decoration:underline">${addressHtml(context.contactEmail)}</a>.`)}
</td></tr>
<tr><td class="card-pad" style="padding:20px 36px 28px;border-top:1px solid ${C.rule}">
<p style="margin:0 0 8px;${FONT};font-size:13px;line-height:19px;color:${C.muted}">${e(privacyFooter(context)).replace(e(context.contactEmail), addressHtml(context.contactEmail))}</p>
<p style="margin:0;${FONT};font-size:13px;line-height:19px;color:${C.muted}">Care Audit, Birmingham, UK &middot; <a href="mailto:${e(context.contactEmail)}" style="color:${C.muted};text-decoration:underline">${addressHtml(context.contactEmail)}</a></p>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</div>
</body>
</html>
`;
}

function textList(items: readonly string[], indent = '  '): string {
  return items.map((item) => `${indent}- ${item}`).join('\n');
}

function textPriorities(priorities: readonly Priority[]): string {
  if (priorities.length === 0) return NO_PRIORITIES;
  const items = priorities.map(
    (p, i) => `${i + 1}. ${p.label} (${p.areaTitle}). ${ratingGiven(p.rating)}.\n   ${p.nextStep}`,
  );
  return `${PRIORITIES_INTRO}\n\n${items.join('\n\n')}`;
}

function textArea(area: AreaResult, report: Report): string {
  const lines = [`${area.title}: ${area.score}% (${area.rating})`];
  lines.push(
    ...areaNotes(area, report.earlier?.takenOn).map((note) => `  ${note}`),
    `  ${area.advice.heading}. ${area.advice.text}`,
    `  AI Recommendations. ${area.recommendationsIntro}`,
    textList(area.recommendations, '    '),
  );
  return lines.join('\n');
}

/** The same e-mail as plain text, for clients and readers that prefer it. */
export function visitorText(report: Report, context: VisitorEmailContext): string {
  const { overall } = report;
  const change = overallChangeText(report);
  const online = context.resultsUrl ? `\n${VIEW_ONLINE}:\n${context.resultsUrl}\n` : '';
  const comparison = comparisonIntro(report.comparison);
  const keyQuestions = report.keyQuestions
    .map((kq) => `  ${kq.keyQuestion} (${statementCount(kq.statements)}): ${kq.score}%`)
    .join('\n');
  const phases = report.roadmap.phases
    .map((phase) => `${phase.title} (${phase.timeframe}): ${phaseAreas(phase)}`)
    .join('\n');
  return `YOUR AI AUDIT RESULTS
Comprehensive analysis of your care management operations, ${formatDay(report.generatedAt)}

Overall score: ${overall.score}% (${overall.rating})${change ? `\n${change}` : ''}

${INTRO} The full report is attached as a PDF (${reportFileName(report.generatedAt)}).
${online}${textChanged(report)}
${PRIORITIES_HEADING.toUpperCase()}

${textPriorities(report.priorities)}

YOUR SCORES BY AREA
${comparison ? `\n${comparison}\n` : ''}
${report.areas.map((area) => textArea(area, report)).join('\n\n')}

${KEY_QUESTIONS_HEADING.toUpperCase()}
${KEY_QUESTIONS_INTRO} ${NOT_A_CQC_RATING_SENTENCE}

${keyQuestions}

${report.roadmap.heading.toUpperCase()}
${report.roadmap.intro} ${ROADMAP_NOTE}

${phases}

NEXT STEPS
Book a free consultation with our implementation team. We will go through your results with you and agree where to start:
${context.bookingUrl}

Or write to us at ${context.contactEmail}.

--
${privacyFooter(context)}
Care Audit, Birmingham, UK
`;
}

/** The visitor's e-mail: subject, HTML and text. It never contains the visitor's note. */
export function visitorEmail(report: Report, context: VisitorEmailContext): RenderedEmail {
  return {
    subject: visitorSubject(report),
    html: visitorHtml(report, context),
    text: visitorText(report, context),
  };
}
