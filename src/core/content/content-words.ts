import { AREAS, type AreaId } from '../areas';
import type { Band } from '../insight/bands';
import type { AreaContent, AuditContent, AuditQuestions, StatementContent } from './audit-content';

/** The heading a band's advice is shown under, in a version's words. */
export function bandHeading(content: AuditContent, band: Band): string {
  return content.bandHeadings[band];
}

/**
 * The words that introduce an area's "AI Recommendations" list: at 80% or more the list is what to
 * check is in place; below, what to put in place.
 */
export function recommendationsIntro(content: AuditContent, band: Band): string {
  return band === 'sustain' ? content.recommendationsIntro.sustain : content.recommendationsIntro.improve;
}

/** An area's words in a version. Every version has all five areas (checkContent). */
export function areaContent(content: AuditContent, id: AreaId): AreaContent {
  const area = content.areas.find((candidate) => candidate.id === id);
  if (!area) throw new Error(`The content has no area ${id}`);
  return area;
}

/** An area's introduction and statements as the audit asks them, in a version's words. */
export function areaQuestions(words: AuditQuestions, id: AreaId): AuditQuestions['areas'][number] {
  const area = words.areas.find((candidate) => candidate.id === id);
  if (!area) throw new Error(`The content has no area ${id}`);
  return area;
}

/** One statement (0–4) of an area, in a version's words. */
export function statementContent(content: AuditContent, id: AreaId, index: number): StatementContent {
  const statement = areaContent(content, id).statements[index];
  if (!statement) throw new Error(`The content has no statement ${index} in ${id}`);
  return statement;
}

/** An area's title: the spec's entity table, the same in every version. */
export function areaTitle(id: AreaId): string {
  return AREAS.find((area) => area.id === id)?.title ?? id;
}
