import type { AreaId } from '../areas';
import type { Band } from '../insight/bands';
import type { DsptStandardNumber, KeyQuestion } from '../insight/key-questions';

/**
 * Everything the audit says, as one document the consultancy's editors change without a developer
 * (issue 34, decision 0073). A published version never changes: every stored result names the
 * version it was answered with and is shown in its words. The shape is the spec's and is fixed:
 * five areas in AREA_IDS order, five statements each, ratings 1–5; scoring and the bands' thresholds
 * stay in code. Area titles are the spec's entity table, so they stay in code too (AREAS).
 */
export interface AuditContent {
  /** The document's shape: a file of a later shape is refused on import, with a message. */
  schema: typeof AUDIT_CONTENT_SCHEMA;
  /** The heading each band's advice is shown under ("Build the foundations", …). */
  bandHeadings: Record<Band, string>;
  /** The words before an area's recommendations: below 80% ("improve"), and at 80% or more. */
  recommendationsIntro: { improve: string; sustain: string };
  /**
   * The framework CQC assesses against (today its quality statements; its 2026 adult social care
   * framework when published): a list the editor keeps, each item under one of the five key
   * questions, which stay fixed.
   */
  framework: { name: string; items: FrameworkItem[] };
  areas: AreaContent[];
}

export interface FrameworkItem {
  /** Stable within a version, named by statements: lower case letters, digits and hyphens. */
  id: string;
  keyQuestion: KeyQuestion;
  name: string;
}

export interface AreaContent {
  id: AreaId;
  /** Shown under the section's heading in the audit; empty shows nothing (version 1 has none). */
  intro: string;
  /** Exactly five, in the order the audit asks them. */
  statements: StatementContent[];
  /** Exactly three, most important first. */
  recommendations: string[];
  /** The area's advice for each band. */
  advice: Record<Band, string>;
}

export interface StatementContent {
  /**
   * Stays the same while the statement's meaning does: progress over time compares a statement
   * only between results whose versions share its key. A new meaning takes a new key.
   */
  key: string;
  /** The statement as the audit asks it. */
  text: string;
  /** A short name for lists and tables. */
  label: string;
  /** A concrete next step for a provider who rated it 1 or 2. */
  nextStep: string;
  /** The CQC key questions it gives evidence for (at least one). */
  keyQuestions: KeyQuestion[];
  /** The Data Security and Protection Toolkit standard it relates to, where one fits. */
  dspt?: DsptStandardNumber;
  /** The ids of the framework items it gives evidence for (may be none). */
  frameworkItems: string[];
}

/** The document shape this code reads and writes. */
export const AUDIT_CONTENT_SCHEMA = 1;

/** A published version: its number (1, 2, …) and its words (all of them, or the part a view needs). */
export interface ContentVersion<Words = AuditContent> {
  version: number;
  content: Words;
}

/**
 * The part of a version the audit asks with: each area's introduction and its statements' keys and
 * texts. A whole version is one; version 1's alone (QUESTIONS_V1) keeps the audit's first load from
 * carrying the advice and next steps only the results show.
 */
export interface AuditQuestions {
  areas: { id: AreaId; intro: string; statements: { key: string; text: string }[] }[];
}

/** Longest texts an editor may write, in characters (the PDF lays out these at most). */
export const CONTENT_LIMITS = {
  statement: 300,
  label: 80,
  nextStep: 600,
  intro: 600,
  recommendation: 120,
  advice: 2000,
  bandHeading: 60,
  recommendationsIntro: 160,
  frameworkName: 120,
  frameworkItemName: 160,
  frameworkItems: 80,
  key: 40,
  publishNote: 300,
} as const;
