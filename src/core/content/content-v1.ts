import { AREAS } from '../areas';
import { AREA_ADVICE } from '../insight/area-advice';
import { BANDS } from '../insight/bands';
import { STATEMENT_INSIGHTS } from '../insight/statements';
import { CQC_QUALITY_STATEMENTS } from './cqc-quality-statements';
import { QUESTIONS_V1 } from './questions-v1';
import { AUDIT_CONTENT_SCHEMA, type AuditContent, type ContentVersion } from './audit-content';

/**
 * Version 1: the audit's words as the code held them before they became data, the spec's strings
 * unchanged. The database is seeded with it at first start (and on migrating an existing one), and
 * every result stored before versions existed is read in it. Its statements are keyed
 * `<area>-<1–5>`; the framework is CQC's quality statements, with no statement mapped to them yet,
 * so a version 1 result shows exactly what it showed before.
 */
// Built by a call marked pure: a module-level computation the bundler cannot prove free of side
// effects would be kept in every chunk that reaches this module, used or not (decision 0013).
export const CONTENT_V1: AuditContent = /* @__PURE__ */ versionOne();

function versionOne(): AuditContent {
  return {
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
    areas: AREAS.map((area, areaIndex) => ({
      id: area.id,
      intro: QUESTIONS_V1.areas[areaIndex].intro,
      statements: QUESTIONS_V1.areas[areaIndex].statements.map(({ key, text }, index) => {
        const insight = STATEMENT_INSIGHTS[area.id][index];
        return {
          key,
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
}

/** Version 1 with its number, as results and pages name a version. */
export const CONTENT_VERSION_1: ContentVersion = { version: 1, content: CONTENT_V1 };
