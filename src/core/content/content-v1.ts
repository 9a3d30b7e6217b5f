import { AREAS } from '../areas';
import { AREA_ADVICE } from '../insight/area-advice';
import { BANDS } from '../insight/bands';
import { STATEMENT_INSIGHTS } from '../insight/statements';
import { CQC_QUALITY_STATEMENTS } from './cqc-quality-statements';
import { AUDIT_CONTENT_SCHEMA, type AuditContent, type ContentVersion } from './audit-content';

/**
 * Version 1: the audit's words as the code held them before they became data, the spec's strings
 * unchanged. The database is seeded with it at first start (and on migrating an existing one), and
 * every result stored before versions existed is read in it. Its statements are keyed
 * `<area>-<1–5>`; the framework is CQC's quality statements, with no statement mapped to them yet,
 * so a version 1 result shows exactly what it showed before.
 */
export const CONTENT_V1: AuditContent = {
  schema: AUDIT_CONTENT_SCHEMA,
  bandHeadings: {
    foundations: BANDS[0].heading,
    next_steps: BANDS[1].heading,
    sustain: BANDS[2].heading,
  },
  recommendationsIntro: {
    improve: 'What we recommend you put in place:',
    sustain: 'You score well here. Check that each of these is in place and working well:',
  },
  framework: { name: 'CQC quality statements', items: CQC_QUALITY_STATEMENTS },
  areas: AREAS.map((area) => ({
    id: area.id,
    intro: '',
    statements: area.questions.map((text, index) => {
      const insight = STATEMENT_INSIGHTS[area.id][index];
      return {
        key: `${area.id}-${index + 1}`,
        text,
        label: insight.label,
        nextStep: insight.nextStep,
        keyQuestions: [...insight.keyQuestions],
        ...(insight.dspt !== undefined ? { dspt: insight.dspt } : {}),
        frameworkItems: [],
      };
    }),
    recommendations: [...area.recommendations],
    advice: { ...AREA_ADVICE[area.id] },
  })),
};

/** Version 1 with its number, as results and pages name a version. */
export const CONTENT_VERSION_1: ContentVersion = { version: 1, content: CONTENT_V1 };
