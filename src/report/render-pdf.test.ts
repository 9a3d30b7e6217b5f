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
  reportFileName,
  statementCount,
  type Benchmark,
  type Rating,
  type Report,
  type Responses,
} from '../core';
import { readPdf, readPdfInfo, type PdfText } from '../../test/support/pdf/pdf-text';
import { runPoppler } from '../../test/support/pdf/pdfinfo';
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
