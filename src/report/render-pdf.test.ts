import { beforeAll, describe, expect, it } from 'vitest';
import {
  AREA_IDS,
  AREAS,
  comparisonPending,
  KEY_QUESTIONS_INTRO,
  NOT_A_CQC_RATING_SENTENCE,
  NO_PRIORITIES,
  PRIORITIES_INTRO,
  buildReport,
  describeSegment,
  formatDay,
  teamView,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  type HistoryEntry,
  type TeamRole,
  reportFileName,
  statementCount,
  type Benchmark,
  type Rating,
  type Report,
  type Responses,
} from '../core';
import { CONTENT_V1 } from '../core/content';
import { readPdf, readPdfInfo, type PdfText } from '../../test/support/pdf/pdf-text';
import { runPoppler } from '../../test/support/pdf/pdfinfo';
import { findAll, pagesOf, readPdfStructure } from '../../test/support/pdf/pdf-structure';
import { bookingLinkFor } from '../shared/booking-link';
import { CLOSING_LINE, REPORT_TITLE, renderReportPdf, type ReportContact } from './render-pdf';

const CONTACT: ReportContact = {
  bookingUrl: 'https://care-audit.example/book-a-consultation',
  contactEmail: 'hello@care-audit.example',
  webAddress: 'https://audit.example.com',
};

function render(report: Report): Promise<Uint8Array> {
  return renderReportPdf(report, CONTACT);
}

const GENERATED_AT = new Date('2026-11-22T10:00:00Z');

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function everyAnswer(rating: Rating): Responses {
  return Object.fromEntries(
    AREA_IDS.map((id) => [id, { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating }]),
  );
}

const MIXED: Responses = {
  operational: { 0: 4, 1: 4, 2: 3, 3: 3, 4: 4 }, // 72
  compliance: { 0: 2, 1: 2, 2: 3, 3: 2, 4: 1 }, // 40
  quality: { 0: 5, 1: 4, 2: 5, 3: 4, 4: 4 }, // 88
  training: { 0: 3, 1: 3, 2: 2, 3: 3, 4: 2 }, // 52
  data: { 0: 1, 1: 2, 2: 1, 3: 2, 4: 1 }, // 28
};

/** A report whose areas carry many long recommendations, so the bullets alone must break pages. */
function longReport(): Report {
  const report = buildReport(MIXED, GENERATED_AT);
  const longText = (area: string, n: number) =>
    `${area} action ${n}: agree an owner, a budget and a review date with the registered manager, then check progress at every monthly governance meeting`;
  return {
    ...report,
    areas: report.areas.map((area) => ({
      ...area,
      recommendations: Array.from({ length: 8 }, (_, n) => longText(area.title, n + 1)),
    })),
  };
}

const cases = [
  {
    name: 'every answer 5',
    report: buildReport(everyAnswer(5), GENERATED_AT),
    overall: ['Overall Score: 100%', 'Assessment: Excellent'],
    areas: AREAS.map((a) => `${a.title}: 100% (Excellent)`),
  },
  {
    name: 'every answer 1',
    report: buildReport(everyAnswer(1), GENERATED_AT),
    overall: ['Overall Score: 20%', 'Assessment: Needs Improvement'],
    areas: AREAS.map((a) => `${a.title}: 20% (Needs Improvement)`),
  },
  {
    name: 'mixed answers',
    report: buildReport(MIXED, GENERATED_AT),
    overall: ['Overall Score: 56%', 'Assessment: Fair'],
    areas: [
      'Operational Efficiency: 72% (Good)',
      'Compliance & Regulations: 40% (Fair)',
      'Service Quality: 88% (Excellent)',
      'Staff Training & Support: 52% (Fair)',
      'Data Management: 28% (Needs Improvement)',
    ],
  },
  {
    name: 'no answers',
    report: buildReport({}, GENERATED_AT),
    overall: ['Overall Score: 0%', 'Assessment: Needs Improvement'],
    areas: AREAS.map((a) => `${a.title}: 0% (Needs Improvement)`),
  },
  {
    name: 'long recommendations',
    report: longReport(),
    overall: ['Overall Score: 56%', 'Assessment: Fair'],
    areas: ['Operational Efficiency: 72% (Good)', 'Data Management: 28% (Needs Improvement)'],
  },
];

describe('renderReportPdf', () => {
  describe.each(cases)('$name', ({ report, overall, areas }) => {
    let rendered: PdfText;
    beforeAll(async () => {
      rendered = await readPdf(await render(report));
    });

    it.each([
      REPORT_TITLE,
      'Generated: 22 November 2026',
      ...overall,
      'Area Assessments:',
      ...areas,
      'Your priorities',
      'By CQC key question',
      report.roadmap.heading,
      normalise(report.roadmap.intro),
      CLOSING_LINE,
    ])('says "%s"', async (text) => {
      expect(rendered.all).toContain(text);
    });

    it('gives each area its band advice and the words before its recommendations', () => {
      for (const area of report.areas) {
        const from = rendered.all.indexOf(area.title, rendered.all.indexOf('Area Assessments:'));
        const block = rendered.all.slice(from);
        expect(block).toContain(normalise(`${area.advice.heading} ${area.advice.text}`));
        expect(block).toContain(normalise(area.recommendationsIntro));
      }
    });

    it('shows the score by CQC key question and says it is not a CQC rating', () => {
      // The last mention: the cover's list of contents names the section too.
      const view = rendered.all.slice(rendered.all.lastIndexOf('By CQC key question'));
      expect(view).toContain(normalise(`${KEY_QUESTIONS_INTRO} ${NOT_A_CQC_RATING_SENTENCE}`));
      for (const kq of report.keyQuestions)
        expect(view).toContain(`${kq.keyQuestion} (${statementCount(kq.statements)}) ${kq.score}%`);
      expect(rendered.all.lastIndexOf('By CQC key question')).toBeGreaterThan(
        rendered.all.indexOf(report.areas[4].recommendations[2]),
      );
    });

    it('lists the priorities before the areas, or says there are none', () => {
      const { all } = rendered;
      const section = all.slice(all.lastIndexOf('Your priorities'), all.indexOf('Area Assessments:'));
      if (report.priorities.length === 0) {
        expect(section).toContain(NO_PRIORITIES);
        expect(section).not.toContain(PRIORITIES_INTRO);
        return;
      }
      expect(section).toContain(PRIORITIES_INTRO);
      report.priorities.forEach((priority, i) => {
        expect(section).toContain(
          normalise(
            `${i + 1}. ${priority.label} ${priority.areaTitle} · Your rating: ${priority.rating} of 5 ${priority.nextStep}`,
          ),
        );
      });
    });

    it('lists every recommendation of every area', async () => {
      const { all } = rendered;
      for (const area of report.areas) {
        for (const recommendation of area.recommendations) expect(all).toContain(normalise(recommendation));
      }
    });

    it('names the weakest area first in the roadmap, with its step', async () => {
      const { all } = rendered;
      const roadmap = all.slice(all.lastIndexOf(report.roadmap.heading));
      const [weakest] = report.roadmap.phases[0].areas;
      expect(roadmap).toContain(normalise(`${weakest.title} (${weakest.score}%): ${weakest.step}`));
      for (const phase of report.roadmap.phases)
        expect(roadmap).toContain(`${phase.title} ${phase.timeframe}`);
    });

    it('keeps body text clear of the footer', async () => {
      const { pages } = rendered;
      for (const page of pages) {
        const body = page.lines.filter((line) => !/^Page \d+ of \d+$|^Care Audit · /.test(line.text));
        // Text stops at 780 pt (275 mm) from the top; the footer's rule is at 794 pt (280 mm).
        for (const line of body) expect(line.mmFromTop).toBeLessThan(280);
      }
    });

    it('numbers every page but the cover "Page N of M"', async () => {
      const { pages } = rendered;
      expect(pages[0].text).not.toMatch(/Page \d+ of/);
      pages.slice(1).forEach((page, i) => expect(page.text).toContain(`Page ${i + 2} of ${pages.length}`));
    });

    it('ends with an appendix of every statement and the rating given', () => {
      const { all } = rendered;
      const appendix = all.slice(all.indexOf('Appendix: your answers', all.indexOf('Next steps')));
      for (const area of report.answers) {
        for (const statement of area.statements) {
          const rating = statement.rating === undefined ? 'Not answered' : `${statement.rating} of 5`;
          expect(appendix).toContain(normalise(`${statement.text} ${rating}`));
        }
      }
      expect(appendix.indexOf(CLOSING_LINE)).toBeGreaterThan(
        appendix.indexOf(report.answers[4].statements[4].text),
      );
    });

    it('tells the reader how to get in touch: booking link, e-mail, web and postal address', () => {
      const { all } = rendered;
      const nextSteps = all.slice(all.indexOf('Next steps', all.lastIndexOf(report.roadmap.heading)));
      expect(nextSteps).toContain(`Book your free consultation: ${CONTACT.bookingUrl}`);
      expect(nextSteps).toContain(`Or write to us: ${CONTACT.contactEmail}`);
      expect(nextSteps).toContain(`Our website: ${CONTACT.webAddress}`);
      expect(nextSteps).toContain('Care Audit, Birmingham, United Kingdom');
    });
  });

  it.each([
    ['mixed answers', 8, cases[2].report],
    ['long recommendations', 10, cases[4].report],
  ])('breaks the %s report over at least %i pages', async (_name, minimum, report) => {
    const { pages } = await readPdf(await render(report));
    expect(pages.length).toBeGreaterThanOrEqual(minimum);
    // Nothing is lost at a break: the closing line ends the last page.
    expect(pages.at(-1)?.text).toContain(CLOSING_LINE);
  });

  it.each([
    ['mixed answers', buildReport(MIXED, GENERATED_AT)],
    ['every answer 5', buildReport(everyAnswer(5), GENERATED_AT)],
  ])(
    'keeps "Next steps" whole on one page, clear of the footer, with the longest booking link (%s)',
    async (_name, report) => {
      // A booking link filled in with the longest name (100 characters, each 6 bytes encoded) and address.
      const person = {
        name: '名前'.repeat(50),
        email: `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.org`,
      };
      const bookingUrl = bookingLinkFor('https://book.example/care?utm_source=audit#team', person);
      const bytes = await renderReportPdf(report, { ...CONTACT, bookingUrl });
      const { tree } = await readPdfStructure(bytes);
      const links = findAll(tree, 'Link');
      // The booking link, the e-mail address and the web site: all three on the section's one page.
      expect(links.map(pagesOf)).toEqual([pagesOf(links[0]!), pagesOf(links[0]!), pagesOf(links[0]!)]);
      expect(pagesOf(links[0]!)).toHaveLength(1);
      const { pages } = await readPdf(bytes);
      for (const page of pages)
        for (const line of page.lines.filter((l) => !/^Page \d+ of \d+$|^Care Audit · /.test(l.text)))
          expect(line.mmFromTop).toBeLessThan(280);
    },
  );

  it('gives the same bytes for the same report, so the download and the e-mail match', async () => {
    const report = buildReport(MIXED, GENERATED_AT);
    expect(await render(report)).toEqual(await render(report));
  });

  it('gives a report the same bytes whatever was rendered before it (the fonts’ shared word cache)', async () => {
    const mixed = buildReport(MIXED, GENERATED_AT);
    const first = await render(mixed);
    const other = buildReport(everyAnswer(2), GENERATED_AT);
    other.areas[0] = { ...other.areas[0], recommendations: ['Zoë’s café – Łódź… words never seen before'] };
    await render(other);
    expect(await render(mixed)).toEqual(first);
  });

  it('prints typographic punctuation, symbols and accented letters as themselves', async () => {
    const report = buildReport(MIXED, GENERATED_AT);
    const text = 'Review each person’s café budget – £50 “now” … Zoë, Łódź, Dvořák, Ærøskøbing — −8';
    report.areas[0] = { ...report.areas[0], recommendations: [text] };
    const { all } = await readPdf(await render(report));
    expect(all).toContain(text);
  });

  it('embeds every font it uses, and no other (PDF/UA allows no built-in font)', async () => {
    const stdout = await runPoppler('pdffonts', await render(buildReport(MIXED, GENERATED_AT)));
    // Header, rule, then one line per font: name type encoding emb sub uni object id.
    const fonts = stdout.trim().split('\n').slice(2);
    expect(fonts.map((line) => line.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'SourceSans3-Bold',
      'SourceSans3-It',
      'SourceSans3-Regular',
      'SourceSans3-Semibold',
    ]);
    for (const line of fonts) expect(line).toMatch(/ yes +yes +yes /);
  });

  it('sets the document title, subject, creator and language', async () => {
    const bytes = await render(buildReport(MIXED, GENERATED_AT));
    const info = await readPdfInfo(bytes);
    expect(info).toMatchObject({
      Title: REPORT_TITLE,
      Subject: 'Overall score 56% (Fair)',
      Creator: 'Care Audit',
      Language: 'en-GB',
      CreationDate: 'D:20261122100000Z',
    });
  });
});

describe('the comparison with other providers and the change since an earlier audit', () => {
  const others = {
    operational: { median: 60, lowerQuartile: 48, upperQuartile: 72 }, // 72: third quarter (upper edge)
    compliance: { median: 56, lowerQuartile: 44, upperQuartile: 68 }, // 40: lower quarter
    quality: { median: 70, lowerQuartile: 60, upperQuartile: 80 }, // 88: top quarter
    training: { median: 60, lowerQuartile: 52, upperQuartile: 76 }, // 52: second quarter (lower edge)
    data: { median: 28, lowerQuartile: 20, upperQuartile: 40 }, // 28: on the median
  };
  const profile = { serviceType: 'home_care', size: 'under_25' } as const;
  const benchmark: Benchmark = {
    status: 'available',
    basis: 'segment',
    profile,
    responses: 12,
    areas: others,
  };
  const earlier = {
    takenOn: '2026-06-30',
    scores: { operational: 60, compliance: 40, quality: 89, training: 40, data: 36 },
    overall: 48,
  };

  it('shows each area’s median and position past the threshold, and who it compares with', async () => {
    const report = buildReport(MIXED, GENERATED_AT, { benchmark });
    const { all } = await readPdf(await render(report));
    expect(all).toContain(
      `Each area is compared with 12 ${describeSegment(profile)} who have taken this audit. Your position says which quarter of their scores yours falls in, or that it is on their median.`,
    );
    expect(describeSegment(profile)).toMatch(/^home care providers supporting .*25 people$/);
    const positions = ['Third quarter', 'Lower quarter', 'Top quarter', 'Second quarter', 'On the median'];
    report.areas.forEach((area, i) => {
      expect(all).toContain(
        `${area.title}: ${area.score}% (${area.rating}) Providers like you: median ${others[area.id].median}% · Your position: ${positions[i]}`,
      );
    });
    expect(all).not.toContain(comparisonPending(10));
    expect(all).toContain('Median of providers like you');
    expect(all).not.toMatch(/All providers|all providers/);
  });

  it('names all providers, never providers like you, when the segment had too few', async () => {
    const all40: Benchmark = { ...benchmark, basis: 'all', profile: {}, responses: 40 };
    const report = buildReport(MIXED, GENERATED_AT, { benchmark: all40 });
    const { all } = await readPdf(await render(report));
    expect(all).toContain(
      `Too few providers like yours have taken part yet, so each area is compared with all 40 ${describeSegment({})} who have taken this audit.`,
    );
    const positions = ['Third quarter', 'Lower quarter', 'Top quarter', 'Second quarter', 'On the median'];
    report.areas.forEach((area, i) => {
      expect(all).toContain(
        `${area.title}: ${area.score}% (${area.rating}) All providers: median ${others[area.id].median}% · Your position: ${positions[i]}`,
      );
    });
    // The summary's table heads its column, and the chart keys its ticks, by whom they compare with.
    expect(all).toContain('Area Score Rating All providers');
    expect(all).toContain('Median of all providers');
    expect(all).not.toContain('Providers like you');
    expect(all).not.toContain('providers like you:');
  });

  it('says once below the threshold that there is no comparison yet and how many it needs', async () => {
    const report = buildReport(MIXED, GENERATED_AT, { benchmark: { status: 'too_few', minResponses: 10 } });
    const { all } = await readPdf(await render(report));
    expect(all.split(comparisonPending(10))).toHaveLength(2);
    expect(all).not.toContain('Providers like you');
  });

  it('says nothing comparative without a benchmark', async () => {
    const { all } = await readPdf(await render(buildReport(MIXED, GENERATED_AT)));
    expect(all).not.toContain(comparisonPending(10));
    expect(all).not.toContain('Providers like you');
    expect(all).not.toContain('compared with');
    expect(all).not.toMatch(/since your audit|No change/);
  });

  it('shows the change overall and per area on a retake, a fall with a minus', async () => {
    const report = buildReport(MIXED, GENERATED_AT, { earlier });
    const { all } = await readPdf(await render(report));
    expect(all).toContain('Overall Score: 56% Assessment: Fair +8 points since your audit on 30 June 2026');
    expect(all).toContain('Operational Efficiency: 72% (Good) +12 points since your audit on 30 June 2026');
    expect(all).toContain('Compliance & Regulations: 40% (Fair) No change since your audit on 30 June 2026');
    expect(all).toContain('Service Quality: 88% (Excellent) −1 point since your audit on 30 June 2026');
    expect(all).toContain(
      'Data Management: 28% (Needs Improvement) −8 points since your audit on 30 June 2026',
    );
  });
});

describe('the roadmap follows the scores', () => {
  it('every answer 1: one phase of foundations, nothing to "optimise and sustain"', async () => {
    const report = buildReport(everyAnswer(1), GENERATED_AT);
    const { all } = await readPdf(await render(report));
    const roadmap = all.slice(all.lastIndexOf('Your implementation roadmap'), all.lastIndexOf('Next steps'));
    expect(roadmap).toContain('Weakest areas first, in one phase over six months');
    expect(roadmap).toContain('Phase 1: Build the foundations Months 1–6');
    expect(roadmap).not.toMatch(/Phase 2|sustain|optimise/i);
  });

  it('every answer 5: a plan to sustain, its steps the advice to sustain, never "implement"', async () => {
    const report = buildReport(everyAnswer(5), GENERATED_AT);
    const { all } = await readPdf(await render(report));
    expect(all).not.toMatch(/implementation roadmap|most to gain/i);
    // Once in the list of contents on the cover, once as the section's heading.
    expect(all.split('Your plan to sustain your results')).toHaveLength(3);
    const roadmap = all.slice(
      all.lastIndexOf('Your plan to sustain your results'),
      all.lastIndexOf('Next steps'),
    );
    expect(roadmap).toContain(normalise(report.roadmap.intro));
    expect(roadmap).toContain('Phase 1: Sustain and optimise Months 1–6');
    for (const area of report.roadmap.phases[0].areas)
      expect(roadmap).toContain(normalise(`${area.title} (100%): ${area.step}`));
    expect(roadmap).not.toMatch(/\bimplement/i);
    // Nor does the offer of a consultation speak of what to put in place first.
    expect(all).toContain('a free consultation to agree how to keep them where they are.');
    expect(all).not.toContain('put in place first');
  });

  it('says "people you support", never "patients", in our own words', async () => {
    const report = buildReport(MIXED, GENERATED_AT);
    const { all } = await readPdf(await render(report));
    // The spec's recommendation "Deploy patient progress tracking system" stays word for word.
    expect(all).toContain('Deploy patient progress tracking system');
    expect(all.split('Deploy patient progress tracking system').join('')).not.toMatch(/patient/i);
  });
});

describe('reportFileName', () => {
  it.each([
    ['2026-11-22T10:00:00Z', 'care-management-audit-report-2026-11-22.pdf'],
    ['2026-01-05T23:59:59Z', 'care-management-audit-report-2026-01-05.pdf'],
  ])('%s → %s', (iso, expected) => {
    expect(reportFileName(new Date(iso))).toBe(expected);
  });
});

describe('the action plan', () => {
  const plan = (targetDate: string, status: 'planned' | 'in_progress' | 'done' = 'planned') =>
    buildReport(MIXED, GENERATED_AT, {
      plan: [{ key: 'area:data', status, owner: 'Sam Patel', targetDate }],
    });
  const text = async (report: Report, today: string) =>
    normalise((await readPdf(await renderReportPdf(report, CONTACT, { today }))).all);

  it('is printed after the roadmap with its day, summary, owner and date, and nothing is when nothing is marked', async () => {
    const all = await text(plan('2026-12-24'), '2026-11-26');
    expect(all).toContain(
      'Your action plan What you marked on your results page, as it stood on 26 November 2026: 1 planned, 0 in progress, 0 done.',
    );
    expect(all).toContain('Action Area/Type Status Owner Target date');
    expect(all).toContain(
      'Data Management: Build the foundations Area advice Planned Sam Patel 24 December 2026',
    );
    // The section itself, not its line in the cover's contents.
    const section = all.lastIndexOf('Your action plan');
    expect(section).toBeGreaterThan(all.lastIndexOf('Your implementation roadmap'));
    expect(section).toBeLessThan(all.lastIndexOf('Next steps'));
    expect(all).not.toContain('Overdue');
    // No marks, no plan: not even its heading.
    const none = await text(buildReport(MIXED, GENERATED_AT, { plan: [] }), '2026-11-26');
    expect(none).not.toMatch(/Your action plan|Overdue|Area\/Type/);
  });

  it('says "Overdue" from the day after the target date, not on it, and never once done', async () => {
    expect(await text(plan('2026-11-26'), '2026-11-26')).not.toContain('Overdue');
    expect(await text(plan('2026-11-25'), '2026-11-26')).toContain('25 November 2026 (Overdue)');
    expect(await text(plan('2026-11-25', 'in_progress'), '2026-11-26')).toContain('(Overdue)');
    expect(await text(plan('2020-01-01', 'done'), '2026-11-26')).not.toContain('Overdue');
  });

  it('marks each item carried from an earlier result, and says which result, only when one is', async () => {
    const report = buildReport(MIXED, GENERATED_AT, {
      plan: [
        { key: 'area:data', status: 'done', owner: 'Sam Patel', carriedFrom: '2026-11-03' },
        { key: 'area:quality', status: 'planned' },
      ],
    });
    const all = await text(report, '2026-11-26');
    expect(all).toContain(
      '1 planned, 0 in progress, 1 done. Actions marked “carried” come from your results of 3 November 2026, unchanged since.',
    );
    expect(all).toContain('Data Management: Build the foundations Area advice Done, carried Sam Patel');
    expect(all).toMatch(/Service Quality: \S+ \S+ \S+ Area advice Planned Not set/);
    expect(await text(plan('2026-12-24'), '2026-11-26')).not.toContain('carried');
  });

  it('prints an owner and a date left empty as "Not set"', async () => {
    const report = buildReport(MIXED, GENERATED_AT, { plan: [{ key: 'area:quality', status: 'done' }] });
    expect(await text(report, '2026-11-26')).toContain(
      'Service Quality: Sustain and optimise Area advice Done Not set Not set',
    );
  });
});

describe('the progress page of a retake chain', () => {
  const entry = (takenOn: string, score: number) => {
    const scores = Object.fromEntries(AREA_IDS.map((id) => [id, score])) as Record<
      (typeof AREA_IDS)[number],
      number
    >;
    return { takenOn, scores, overall: score };
  };
  const mixedScores = buildReport(MIXED, GENERATED_AT).areas;
  const last = {
    takenOn: '2026-11-22',
    scores: Object.fromEntries(mixedScores.map((area) => [area.id, area.score])) as Record<
      (typeof AREA_IDS)[number],
      number
    >,
    overall: 56,
  };
  const chain = (
    entries: ReturnType<typeof entry>[],
    extra: { total?: number; laterResults?: boolean } = {},
  ) =>
    buildReport(MIXED, GENERATED_AT, {
      earlier: entries.at(-1),
      history: {
        entries: [...entries, last],
        total: extra.total ?? entries.length + 1,
        laterResults: extra.laterResults ?? false,
      },
    });

  it('comes right after the summary, on a page of its own, before the priorities', async () => {
    const { pages } = await readPdf(await render(chain([entry('2026-06-30', 0), entry('2026-09-15', 100)])));
    // The page each heading begins (the cover lists the sections too).
    const at = (heading: string) => pages.findIndex((page) => page.text.startsWith(heading));
    expect(at('Summary')).toBe(1);
    expect(at('Your progress')).toBe(2);
    expect(at('Your priorities')).toBe(3);
    const progress = pages[2]!.text;
    expect(progress).toContain(
      'Your 3 results, from 30 June 2026 to 22 November 2026, each taken with “Retake with these answers” from the one before.',
    );
    expect(progress).toContain('Change since your first result');
    // From every area at 0, then 100, to the mixed answers: the change is from the first, in words.
    expect(progress).toContain('Overall: 0% → 56%, +56 points');
    expect(progress).toContain('Compliance & Regulations: 0% → 40%, +40 points');
    expect(progress).toContain('30 June 2026 0% 0% 0% 0% 0% 0%');
    expect(progress).toContain('15 September 2026 100% 100% 100% 100% 100% 100%');
    expect(progress).toContain('22 November 2026 (this result) 56% 72% 40% 88% 52% 28%');
    expect(progress).not.toContain('Showing your');
  });

  it('says only the latest 12 of a longer chain are shown, keeps clear of the footer, and says a later result exists', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) =>
      entry(`2025-${String(i + 2).padStart(2, '0')}-01`, 56),
    );
    const { pages, all } = await readPdf(await render(chain(eleven, { total: 30, laterResults: true })));
    expect(all).toContain('Showing your 12 latest results of 30.');
    expect(all).toContain(
      'You have taken the audit again since this one: the link in your latest e-mail shows your newest results.',
    );
    expect(all).toContain('Change since the first result shown');
    expect(all).toContain('Overall: 56% → 56%, no change');
    expect(all).toContain('1 February 2025 56%');
    expect(all).toContain('1 December 2025 56%');
    for (const page of pages)
      for (const line of page.lines.filter((l) => !/^Page \d+ of \d+$|^Care Audit · /.test(l.text)))
        expect(line.mmFromTop).toBeLessThan(280);
  });

  it('is left out for a result on its own', async () => {
    const alone = buildReport(MIXED, GENERATED_AT, {
      history: { entries: [last], total: 1, laterResults: false },
    });
    expect(alone.progress).toBeUndefined();
    const { all } = await readPdf(await render(alone));
    expect(all).not.toContain('Your progress');
    expect(all).not.toContain('Change since');
  });
});

describe('the team’s view page', () => {
  /** `count` respondents, each rating every statement `rating`, the roles taken in turn. */
  const team = (count: number, rating: Rating | ((respondent: number) => Rating), roles: TeamRole[] = []) =>
    Array.from({ length: count }, (_, respondent) => ({
      responses: everyAnswer(typeof rating === 'number' ? rating : rating(respondent)),
      ...(roles.length > 0 ? { role: roles[respondent % roles.length] } : {}),
    }));
  const viewOf = (answers: ReturnType<typeof team>, own: Responses = MIXED) => {
    const view = teamView(answers, own, CONTENT_V1);
    if (!view) throw new Error('too few respondents for a view');
    return view;
  };
  /** Ratings 1, 3, 5, 3, 1, … : a spread from 20% to 100% in every area, the median 60%. */
  const spreadOut = (respondent: number) => ([1, 3, 5, 3] as const)[respondent % 4]!;
  const pageOf = (pages: PdfText['pages'], heading: string) =>
    pages.findIndex((p) => p.text.startsWith(heading));

  it('follows the progress page, with who answered, every area’s median, spread and own score, the statements and the roles', async () => {
    const view = viewOf(team(12, spreadOut, ['care-worker', 'care-worker', 'office-or-admin']));
    const history = {
      entries: [
        {
          takenOn: '2026-09-01',
          scores: buildReport(everyAnswer(2)).areas.reduce((s, a) => ({ ...s, [a.id]: a.score }), {}),
          overall: 40,
        },
        {
          takenOn: '2026-11-22',
          scores: Object.fromEntries(buildReport(MIXED).areas.map((a) => [a.id, a.score])),
          overall: 56,
        },
      ] as HistoryEntry[],
      total: 2,
      laterResults: false,
    };
    const report = buildReport(MIXED, GENERATED_AT, { history, team: view });
    const { pages } = await readPdf(await render(report));
    expect(pageOf(pages, 'Your progress')).toBe(2);
    expect(pageOf(pages, 'Your team’s view')).toBe(3);
    const text = pages
      .slice(3, pageOf(pages, 'Your priorities'))
      .map((p) => p.text)
      .join(' ');
    expect(text).toContain('12 respondents from your team answered the same 25 statements, anonymously');
    // The figures' table: the median, lowest, highest and own score of each row.
    expect(text).toContain('Area Team’s median Lowest Highest Your score');
    expect(text).toContain('Overall 60% 20% 100% 56%');
    expect(text).toContain('Operational Efficiency 60% 20% 100% 72%');
    expect(text).toContain('Data Management 60% 20% 100% 28%');
    // The drawing's column of figures and its key.
    expect(text).toContain('Spread, lowest to highest');
    expect(text).toContain('Team’s median');
    // In words.
    expect(text).toContain(
      'Data Management: the team’s median is 60%, from 20% to 100% (a spread of 80 points); yours is 28%, 32 points below the team’s median.',
    );
    // The statements rated least alike: the audit's first five, as every statement is spread alike.
    expect(text).toContain('Where answers differ most');
    expect(text).toContain(
      'Our day-to-day care workflows are planned and managed in one digital system rather than on paper or spreadsheets. (Operational Efficiency) 3 0 6 0 3 4',
    );
    // Care workers are 8: shown. Office or admin are 4: shown too. No role given by fewer.
    expect(text).toContain('Care worker, 8 respondents 60% (20–100%)');
    expect(text).toContain('Office or admin, 4 respondents');
    expect(text).not.toMatch(/Manager,|Other,|Senior carer/);
  });

  it('comes after "About this report" when there is no progress, and is listed on the cover', async () => {
    const { pages } = await readPdf(
      await render(buildReport(MIXED, GENERATED_AT, { team: viewOf(team(3, 4)) })),
    );
    expect(pageOf(pages, 'Summary')).toBe(1);
    expect(pageOf(pages, 'Your team’s view')).toBe(2);
    expect(pageOf(pages, 'Your priorities')).toBeGreaterThan(2);
    expect(pages[0]!.text).toContain('Your team’s view page 3');
  });

  it('is left out without a team, and with fewer than 3 respondents (nothing of the team at all)', async () => {
    const three = viewOf(team(3, 4));
    const tooFew = { ...three, respondents: 2 };
    for (const report of [
      buildReport(MIXED, GENERATED_AT),
      buildReport(MIXED, GENERATED_AT, { team: tooFew }),
    ]) {
      expect(report.team).toBeUndefined();
      const { all } = await readPdf(await render(report));
      expect(all).not.toContain('Your team’s view');
      expect(all).not.toContain('respondents');
    }
    expect(teamView(team(2, 4), MIXED, CONTENT_V1)).toBeUndefined();
  });

  it('every respondent alike: a spread of none in words, and no statement where answers differ', async () => {
    const { all } = await readPdf(
      await render(buildReport(MIXED, GENERATED_AT, { team: viewOf(team(3, 3)) })),
    );
    expect(all).toContain(
      'Overall: every respondent scored 60%; yours is 56%, 4 points below the team’s median, and lower than any of theirs.',
    );
    expect(all).toContain('Service Quality 60% 60% 60% 88%');
    expect(all).toContain(
      'Your team agreed on every statement: each was given the same rating by every respondent.',
    );
    expect(all).toContain('No role was given by at least 3 respondents');
  });

  it.each([1, 5] as const)(
    'every answer %i, the team’s and the manager’s: every figure the same',
    async (rating) => {
      const score = `${rating * 20}%`;
      const report = buildReport(everyAnswer(rating), GENERATED_AT, {
        team: viewOf(team(200, rating), everyAnswer(rating)),
      });
      const { all } = await readPdf(await render(report));
      expect(all).toContain('200 respondents from your team');
      for (const area of AREAS) {
        expect(all).toContain(`${area.title} ${score} ${score} ${score} ${score}`);
        expect(all).toContain(
          `${area.title}: every respondent scored ${score}; yours is ${score}, the same as the team’s median.`,
        );
      }
      expect(all).toContain('Your team agreed on every statement');
    },
  );

  it('200 respondents of every role: each role apart, and the counts of a statement add up to 200', async () => {
    const view = viewOf(team(200, spreadOut, [...TEAM_ROLES]));
    expect(view.roles).toHaveLength(5);
    const started = performance.now();
    const { all } = await readPdf(await render(buildReport(MIXED, GENERATED_AT, { team: view })));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(all).toContain('200 respondents from your team');
    for (const label of Object.values(TEAM_ROLE_LABELS))
      expect(all).toContain(`${label}, 40 respondents 60% (20–100%)`);
    // 50 each of 1 and 5, 100 of 3.
    expect(all).toContain('(Operational Efficiency) 50 0 100 0 50 4');
  });
});

describe('a team audit in the progress page', () => {
  const scores = (score: number) =>
    Object.fromEntries(AREA_IDS.map((id) => [id, score])) as Record<(typeof AREA_IDS)[number], number>;
  const own = (takenOn: string, score: number): HistoryEntry => ({
    takenOn,
    scores: scores(score),
    overall: score,
  });
  const teamAudit = (takenOn: string, score: number, respondents: number): HistoryEntry => ({
    ...own(takenOn, score),
    team: { respondents },
  });
  const mixed: HistoryEntry = {
    takenOn: '2026-11-22',
    scores: Object.fromEntries(
      buildReport(MIXED).areas.map((a) => [a.id, a.score]),
    ) as HistoryEntry['scores'],
    overall: 56,
  };
  const progressText = async (entries: HistoryEntry[]) => {
    const report = buildReport(MIXED, GENERATED_AT, {
      earlier: entries.filter((entry) => !entry.team).at(-2),
      history: { entries, total: entries.length, laterResults: false },
    });
    const { pages } = await readPdf(await render(report));
    return pages.find((page) => page.text.startsWith('Your progress'))!.text;
  };

  it.each([
    ['at the start', [teamAudit('2026-05-01', 80, 12), own('2026-06-30', 40), mixed]],
    ['in the middle', [own('2026-06-30', 40), teamAudit('2026-08-01', 80, 12), mixed]],
    ['at the end', [own('2026-06-30', 40), mixed, teamAudit('2026-12-20', 80, 12)]],
  ])(
    '%s: named "Team audit, 12 respondents" with the day it closed, and left out of what changed',
    async (_name, entries) => {
      const text = await progressText(entries);
      const team = entries.find((entry) => entry.team)!;
      expect(text).toContain(
        `Team audit, 12 respondents (closed ${formatDay(team.takenOn)}) 80% 80% 80% 80% 80% 80%`,
      );
      expect(text).toContain('30 June 2026 40% 40%');
      expect(text).toContain('22 November 2026 (this result) 56% 72% 40% 88% 52% 28%');
      expect(text).toContain(
        '2 of your own, each taken with “Retake with these answers” from the one before, and a team audit your colleagues answered',
      );
      // Her own results compared, 40% to the mixed answers: never the team's 80%.
      expect(text).toContain('Change since your first result');
      expect(text).toContain('Overall: 40% → 56%, +16 points');
      expect(text).toContain('Service Quality: 40% → 88%, +48 points');
      expect(text).not.toContain('80% →');
      // The chart's key says which mark is which.
      expect(text).toContain('Your results');
      expect(text).toContain('Team audit (the team’s median)');
    },
  );

  it('after the only own result: no change to show, the result and the team audit in the table', async () => {
    const text = await progressText([mixed, teamAudit('2026-12-20', 64, 3)]);
    expect(text).toContain('your own result and a team audit your colleagues answered');
    expect(text).not.toContain('Change since');
    expect(text).toContain('22 November 2026 (this result) 56%');
    expect(text).toContain('Team audit, 3 respondents (closed 20 December 2026) 64%');
  });

  it('without a team audit: no key to the marks', async () => {
    const text = await progressText([own('2026-06-30', 40), mixed]);
    expect(text).not.toContain('Team audit');
    expect(text).not.toContain('Your results');
  });
});
