import { describe, expect, it } from 'vitest';
import {
  AREA_IDS,
  comparisonPending,
  KEY_QUESTIONS_INTRO,
  NOT_A_CQC_RATING_SENTENCE,
  NO_PRIORITIES,
  PRIORITIES_INTRO,
  buildReport,
  medianText,
  reportFileName,
  statementCount,
  type Benchmark,
  type Rating,
  type Responses,
} from '../../core';
import { COMPLETE_ANSWERS } from '../../../test/support/requests';
import { VIEW_ONLINE, visitorEmail, type RenderedEmail } from './visitor-email';

const GENERATED_AT = new Date('2026-11-22T10:00:00Z');
const report = buildReport(COMPLETE_ANSWERS, GENERATED_AT);
const context = { bookingUrl: 'https://example.org/book?src=email&x="y"', contactEmail: 'hello@example.org' };
const email = visitorEmail(report, context);

function everyAnswer(rating: Rating): Responses {
  return Object.fromEntries(
    AREA_IDS.map((id) => [id, { 0: rating, 1: rating, 2: rating, 3: rating, 4: rating }]),
  );
}

const BENCHMARK: Benchmark = {
  status: 'available',
  basis: 'segment',
  profile: { serviceType: 'residential', size: '25_99' },
  responses: 42,
  areas: {
    operational: { median: 64, lowerQuartile: 52, upperQuartile: 76 }, // 80: top quarter
    compliance: { median: 96, lowerQuartile: 90, upperQuartile: 98 }, // 96: on the median
    quality: { median: 60, lowerQuartile: 48, upperQuartile: 70 }, // 52: second quarter
    training: { median: 64, lowerQuartile: 56, upperQuartile: 80 }, // 68: third quarter
    data: { median: 50, lowerQuartile: 40, upperQuartile: 62 }, // 32: lower quarter
  },
};

const EARLIER = {
  takenOn: '2026-08-01',
  scores: { operational: 60, compliance: 96, quality: 53, training: 60, data: 40 },
  overall: 63,
};

function textOf(html: string): string {
  return (
    html
      .replace(/<style[\s\S]*?<\/style>/g, '')
      .replace(/<title>[\s\S]*?<\/title>/g, '')
      // An address's parts and break points (addressHtml) are inline: they add no space to the text.
      .replace(/<\/?span\b[^>]*>|<wbr>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&middot;/g, '·')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
  );
}

/** The HTML part as it reads, and the text part, each with whitespace folded. */
function bothParts(rendered: RenderedEmail): [string, string][] {
  return [
    ['HTML', textOf(rendered.html)],
    ['text', rendered.text.replace(/\s+/g, ' ')],
  ];
}

function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe('the visitor’s e-mail', () => {
  it('has the overall score and rating in the subject', () => {
    expect(email.subject).toBe('Your AI care management audit: 66% (Good)');
  });

  it.each(bothParts(email))('holds every part of the report in its %s part', (_, text) => {
    expect(text).toMatch(/Overall score:? 66% \(?Good\)?/);
    for (const area of report.areas) {
      expect(text).toContain(area.title);
      expect(text).toContain(`${area.score}%`);
      expect(text).toContain(area.rating);
      expect(text).toContain(`${area.advice.heading}. ${area.advice.text}`);
      expect(text).toContain(`AI Recommendations. ${area.recommendationsIntro}`);
    }
    expect(text).toContain(report.roadmap.intro);
    for (const phase of report.roadmap.phases) expect(text).toContain(phase.title);
    expect(text).toMatch(/Next steps/i);
    expect(text).toContain(reportFileName(report.generatedAt));
  });

  it.each(bothParts(email))('lists each recommendation exactly once in its %s part', (_, text) => {
    const recommendations = report.areas.flatMap((area) => area.recommendations);
    expect(recommendations).toHaveLength(15);
    for (const recommendation of recommendations) expect(occurrences(text, recommendation)).toBe(1);
  });

  it.each(bothParts(email))(
    'puts the priorities first, with rating and next step, in its %s part',
    (_, text) => {
      expect(report.priorities.map((p) => p.rating)).toEqual([1, 1, 2, 2, 2]);
      expect(text).toContain(PRIORITIES_INTRO);
      let from = text.search(/Your priorities/i);
      for (const priority of report.priorities) {
        const at = text.indexOf(priority.label, from);
        expect(at, priority.label).toBeGreaterThan(0);
        expect(text.slice(at)).toMatch(
          new RegExp(`^${escapeRegExp(priority.label)}.{0,40}Your rating: ${priority.rating} of 5`),
        );
        expect(text.indexOf(priority.nextStep, at)).toBeGreaterThan(at);
        from = at;
      }
      expect(text.indexOf(report.priorities[4].nextStep)).toBeLessThan(text.search(/Your scores by area/i));
      expect(text).not.toContain(NO_PRIORITIES);
    },
  );

  it.each(bothParts(visitorEmail(buildReport(everyAnswer(5), GENERATED_AT), context)))(
    'says so when no statement was rated 1 or 2, in its %s part',
    (_, text) => {
      expect(text).toContain(NO_PRIORITIES);
      expect(text).not.toContain(PRIORITIES_INTRO);
      expect(text).not.toContain('Your rating:');
    },
  );

  it.each(bothParts(email))(
    'shows the view by CQC key question and what it is not, in its %s part',
    (_, text) => {
      expect(text).toContain(`${KEY_QUESTIONS_INTRO} ${NOT_A_CQC_RATING_SENTENCE}`);
      const view = text.slice(text.search(/By CQC key question/i));
      for (const kq of report.keyQuestions)
        expect(view).toMatch(
          new RegExp(`${kq.keyQuestion} \\(${statementCount(kq.statements)}\\):? ${kq.score}%`),
        );
    },
  );

  it.each(bothParts(email))(
    'names phases and areas in the roadmap of its %s part, weakest first',
    (_, text) => {
      const roadmap = text.slice(text.search(/Your implementation roadmap/i), text.search(/Book a free/));
      expect(roadmap).toMatch(
        /Phase 1: Build the foundations \(?·? ?Months 1–2\)?:? Data Management \(32%\), Service Quality \(52%\)/,
      );
      expect(roadmap).toMatch(
        /Phase 2: Take the next steps \(?·? ?Months 3–4\)?:? Staff Training & Support \(68%\)/,
      );
      expect(roadmap).toMatch(
        /Phase 3: Sustain and optimise \(?·? ?Months 5–6\)?:? Operational Efficiency \(80%\), Compliance & Regulations \(96%\)/,
      );
      expect(roadmap.indexOf('Data Management')).toBeLessThan(roadmap.indexOf('Staff Training & Support'));
      expect(roadmap.indexOf('Staff Training & Support')).toBeLessThan(
        roadmap.indexOf('Compliance & Regulations'),
      );
      for (const recommendation of report.areas[4].recommendations)
        expect(roadmap).not.toContain(recommendation);
    },
  );

  describe('the roadmap follows the scores', () => {
    const allOnes = visitorEmail(buildReport(everyAnswer(1), GENERATED_AT), context);
    const allFives = visitorEmail(buildReport(everyAnswer(5), GENERATED_AT), context);

    it.each(bothParts(allOnes))(
      'every answer 1: one phase of foundations, nothing to sustain or optimise (%s)',
      (_, text) => {
        const roadmap = text.slice(text.search(/Your implementation roadmap/i), text.search(/Book a free/));
        expect(roadmap).toContain('in one phase over six months');
        expect(roadmap).toContain('Phase 1: Build the foundations');
        expect(roadmap).not.toMatch(/Phase 2|three phases|sustain|optimise/i);
      },
    );

    it('every answer 5: a plan to sustain, headed so in the HTML part', () => {
      expect(allFives.html).toMatch(/<h2\b[^>]*>Your plan to sustain your results<\/h2>/);
      expect(textOf(allFives.html)).toContain(
        'Every area scores 80% or more, so there is nothing new to put in place.',
      );
    });

    it('every answer 5: a plan to sustain, headed so in the text part', () => {
      expect(allFives.text).toContain(
        '\nYOUR PLAN TO SUSTAIN YOUR RESULTS\nEvery area scores 80% or more, so there is nothing new to put in place.',
      );
      expect(allFives.text).toContain(
        'Phase 1: Sustain and optimise (Months 1–6): Operational Efficiency (100%), Compliance & Regulations (100%)',
      );
    });

    it.each(bothParts(allFives))(
      'every answer 5: no implementation roadmap and nowhere "most to gain" (%s)',
      (_, text) => {
        expect(text).not.toMatch(/implementation roadmap|most to gain|foundations|three phases/i);
      },
    );
  });

  it.each(bothParts(email))(
    'says "people you support", never "patients", in our own words (%s)',
    (_, text) => {
      // The spec's recommendation "Deploy patient progress tracking system" stays word for word.
      const ours = report.areas
        .flatMap((area) => area.recommendations)
        .reduce((rest, recommendation) => rest.split(recommendation).join(''), text);
      expect(text).toContain('Deploy patient progress tracking system');
      expect(ours).not.toMatch(/patient/i);
    },
  );

  describe('comparison with other providers', () => {
    const shown = visitorEmail(
      buildReport(COMPLETE_ANSWERS, GENERATED_AT, { benchmark: BENCHMARK }),
      context,
    );
    const allProviders = visitorEmail(
      buildReport(COMPLETE_ANSWERS, GENERATED_AT, { benchmark: { ...BENCHMARK, basis: 'all', profile: {} } }),
      context,
    );
    const ALL_POSITIONS = [
      'Top quarter',
      'On the median',
      'Second quarter',
      'Third quarter',
      'Lower quarter',
    ];
    const tooFew = visitorEmail(
      buildReport(COMPLETE_ANSWERS, GENERATED_AT, { benchmark: { status: 'too_few', minResponses: 10 } }),
      context,
    );

    it.each(bothParts(shown))('shows each area’s median and position past the threshold (%s)', (_, text) => {
      expect(text).toContain(
        'Each area is compared with 42 residential care providers supporting 25–99 people who have taken this audit. Your position says which quarter of their scores yours falls in, or that it is on their median.',
      );
      const positions = ['Top quarter', 'On the median', 'Second quarter', 'Third quarter', 'Lower quarter'];
      AREA_IDS.forEach((id, i) => {
        const area = report.areas[i];
        const block = text.slice(text.indexOf(`${area.title}`, text.search(/Your scores by area/i)));
        expect(block).toMatch(
          new RegExp(
            `^[^%]+${area.score}%.{0,30}${medianText(BENCHMARK.areas[id].median, 'segment')} · Your position: ${positions[i]}`,
          ),
        );
      });
      expect(text).not.toContain(comparisonPending(10));
    });

    it.each(bothParts(allProviders))(
      'names all providers, never providers like you, when the segment had too few (%s)',
      (_, text) => {
        expect(text).toContain(
          'Too few providers like yours have taken part yet, so each area is compared with all 42 care providers who have taken this audit.',
        );
        report.areas.forEach((area, i) => {
          const block = text.slice(text.indexOf(`${area.title}`, text.search(/Your scores by area/i)));
          expect(block).toMatch(
            new RegExp(
              `^[^%]+${area.score}%.{0,30}All providers: median ${BENCHMARK.areas[area.id].median}% · Your position: ${ALL_POSITIONS[i]}`,
            ),
          );
        });
        expect(text).not.toContain('Providers like you');
      },
    );

    it.each(bothParts(tooFew))(
      'says below the threshold there is no comparison yet and how many it needs (%s)',
      (_, text) => {
        expect(occurrences(text, comparisonPending(10))).toBe(1);
        expect(text).not.toContain('Providers like you');
        expect(text).not.toContain('Your position');
      },
    );

    it.each(bothParts(email))('says nothing comparative without a benchmark (%s)', (_, text) => {
      expect(text).not.toContain(comparisonPending(10));
      expect(text).not.toContain('Providers like you');
      expect(text).not.toContain('compared with');
    });
  });

  it.each(
    bothParts(visitorEmail(buildReport(COMPLETE_ANSWERS, GENERATED_AT, { earlier: EARLIER }), context)),
  )('shows the change since the earlier audit, overall and per area (%s)', (_, text) => {
    expect(text).toMatch(/Overall score:? 66% \(?Good\)? \+3 points since your audit on 1 August 2026/);
    expect(text).toMatch(
      /Operational Efficiency:? 80% \(Excellent\) \+20 points since your audit on 1 August 2026/,
    );
    expect(text).toMatch(
      /Compliance & Regulations:? 96% \(Excellent\) No change since your audit on 1 August 2026/,
    );
    expect(text).toMatch(/Service Quality:? 52% \(Fair\) −1 point since your audit on 1 August 2026/);
    expect(text).toMatch(
      /Data Management:? 32% \(Needs Improvement\) −8 points since your audit on 1 August 2026/,
    );
  });

  it.each(bothParts(email))('shows no change without an earlier audit (%s)', (_, text) => {
    expect(text).not.toMatch(/since your audit|No change/);
  });

  describe('what changed since the earlier audit, a retake’s own section', () => {
    const retake = (responses: Responses, earlier: typeof EARLIER) =>
      visitorEmail(buildReport(responses, GENERATED_AT, { earlier }), context);
    /** The section's lines as each part reads them: the heading, then one line per score. */
    const sectionOf = (text: string): string =>
      text.slice(text.search(/what changed since/i), text.search(/your priorities/i));

    it.each(bothParts(retake(COMPLETE_ANSWERS, EARLIER)))(
      'gives the overall score and every area then and now, up, down and unchanged (%s)',
      (_, text) => {
        const section = sectionOf(text);
        expect(section).toMatch(/^what changed since your audit on 1 august 2026/i);
        const lines = [
          'Overall score: 63% → 66% (+3)',
          'Operational Efficiency: 60% → 80% (+20)',
          'Compliance & Regulations: 96% → 96% (no change)',
          'Service Quality: 53% → 52% (−1)',
          'Staff Training & Support: 60% → 68% (+8)',
          'Data Management: 40% → 32% (−8)',
        ];
        // In this order, each once, and nothing else in the section (the text part's "- " bullets aside).
        const body = section.replace(/^what changed since your audit on 1 august 2026/i, '');
        expect(body.replace(/(^|\s)- /g, '$1').trim()).toBe(lines.join(' '));
      },
    );

    it.each([
      ['every score at 100, from every score at 0', everyAnswer(5), 0, 100, '(+100)'],
      ['every score at 0 (no answers at all counts 0), from every score at 100', {}, 100, 0, '(−100)'],
      ['every score at 100 both times', everyAnswer(5), 100, 100, '(no change)'],
      ['every score at 0 both times', {}, 0, 0, '(no change)'],
    ] as const)('%s', (_, responses, before, after, change) => {
      const earlier = {
        takenOn: '2026-01-31',
        scores: Object.fromEntries(AREA_IDS.map((id) => [id, before])) as typeof EARLIER.scores,
        overall: before,
      };
      for (const [, text] of bothParts(retake(responses, earlier))) {
        const section = sectionOf(text);
        expect(section).toMatch(/^what changed since your audit on 31 january 2026/i);
        expect(occurrences(section, `: ${before}% → ${after}% ${change}`)).toBe(1 + AREA_IDS.length);
      }
    });

    it('says "since your last audit" when the earlier day cannot be read', () => {
      const rendered = retake(COMPLETE_ANSWERS, { ...EARLIER, takenOn: 'not a day' });
      expect(rendered.text).toContain('WHAT CHANGED SINCE YOUR LAST AUDIT\n');
      expect(textOf(rendered.html)).toContain(
        'What changed since your last audit Overall score: 63% → 66% (+3)',
      );
    });

    it('comes after the results link and before the priorities, as a heading and a list in the HTML part', () => {
      const rendered = visitorEmail(buildReport(COMPLETE_ANSWERS, GENERATED_AT, { earlier: EARLIER }), {
        ...context,
        resultsUrl: 'https://care-audit.example/results/abc',
      });
      const html = rendered.html;
      expect(html.indexOf(VIEW_ONLINE)).toBeLessThan(html.indexOf('What changed since'));
      expect(html.indexOf('What changed since')).toBeLessThan(html.indexOf(PRIORITIES_INTRO));
      expect(html).toMatch(/<h2[^>]*>What changed since your audit on 1 August 2026<\/h2>\s*<ul/);
      expect(html).toContain('Compliance &amp; Regulations: 96% → 96% (no change)</li>');
      expect(html.match(/<h2\b/g)?.length).toBe(6);
      const text = rendered.text;
      expect(text.indexOf(VIEW_ONLINE)).toBeLessThan(text.indexOf('WHAT CHANGED SINCE'));
      expect(text.indexOf('WHAT CHANGED SINCE')).toBeLessThan(text.indexOf('YOUR PRIORITIES'));
    });

    it.each(bothParts(email))('is not there for a first audit (%s)', (_, text) => {
      expect(text).not.toMatch(/what changed|→|no change/i);
    });
  });

  describe('the private results link', () => {
    const resultsUrl = 'https://care-audit.example/results/abc_DEF-123?x="y"&z=1';
    const linked = visitorEmail(report, { ...context, resultsUrl });

    it('is a button in the HTML part, its address escaped', () => {
      expect(linked.html).toContain(
        `href="https://care-audit.example/results/abc_DEF-123?x=&quot;y&quot;&amp;z=1" target="_blank"`,
      );
      expect(linked.html).toMatch(
        /<a href="https:\/\/care-audit\.example\/results\/[^>]+>View your results online<\/a>/,
      );
    });

    it('is spelt out in the text part', () => {
      expect(linked.text).toContain(`${VIEW_ONLINE}:\n${resultsUrl}\n`);
    });

    it('is left out when there is no results page', () => {
      expect(email.html).not.toContain(VIEW_ONLINE);
      expect(email.text).not.toContain(VIEW_ONLINE);
    });
  });

  it('links to the booking page, escaped, in both parts', () => {
    expect(email.html).toContain('href="https://example.org/book?src=email&amp;x=&quot;y&quot;"');
    expect(email.text).toContain(context.bookingUrl);
  });

  it('escapes every interpolated value', () => {
    expect(email.html).toContain('Compliance &amp; Regulations');
    expect(email.html).not.toMatch(/Compliance & Regulations/);
  });

  it.each([
    [
      'without consent',
      false,
      /only be used to send your audit results\. You did not ask to be contacted, so we will not contact you about anything else\./,
    ],
    [
      'with consent',
      true,
      /as you agreed on the form, for our team to contact you about a free consultation\. To withdraw that agreement, write to hello@example\.org\./,
    ],
  ])('says in its footer what the address is used for, %s, in both parts', (_, consented, promise) => {
    const rendered = visitorEmail(report, { ...context, consented });
    expect(rendered.text.replace(/\s+/g, ' ')).toMatch(promise);
    expect(textOf(rendered.html)).toMatch(promise);
    expect(rendered.text).toContain(
      'We respect your privacy. Your email will only be used to send your audit results',
    );
  });

  it('is built to be read by everyone', () => {
    expect(email.html).toMatch(/<html lang="en-GB"/);
    const tables = email.html.match(/<table\b[^>]*>/g) ?? [];
    expect(tables.length).toBeGreaterThan(5);
    for (const table of tables) expect(table).toContain('role="presentation"');
    expect(email.html.match(/<h1\b/g)).toHaveLength(1);
    expect(email.html.match(/<h2\b/g)?.length).toBe(5);
    expect(email.html.match(/<h3\b/g)?.length).toBe(report.areas.length + report.roadmap.phases.length);
    for (const img of email.html.match(/<img\b[^>]*>/g) ?? []) expect(img).toMatch(/\salt="/);
    expect(email.html).toContain('max-width:600px');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
