import { AREAS } from '../areas';
import type { AuditQuestions, ContentVersion } from './audit-content';

/**
 * Version 1's statements as the audit asks them: the spec's statements (AREAS), keyed
 * `<area>-<1–5>`, with no introductions. CONTENT_V1 takes its statements from here, so the two can
 * never disagree; the audit's pages load this alone (see AuditQuestions).
 */
export const QUESTIONS_V1: AuditQuestions = /* @__PURE__ */ questionsOfVersionOne();

// A call marked pure, so a chunk that reaches this module without using it does not keep it.
function questionsOfVersionOne(): AuditQuestions {
  return {
    areas: AREAS.map((area) => ({
      id: area.id,
      intro: '',
      statements: area.questions.map((text, index) => ({ key: `${area.id}-${index + 1}`, text })),
    })),
  };
}

export const QUESTIONS_VERSION_1: ContentVersion<AuditQuestions> = { version: 1, content: QUESTIONS_V1 };
