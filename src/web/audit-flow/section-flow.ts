import { useEffect, useRef, type RefObject } from 'react';
import type { Responses } from '../../core';
import { useLocation, useNavigate } from '../../browser/router';
import { sectionFromState, sectionOnScreen } from './sections';

export interface SectionFlow {
  /** The section on screen: the one the entry names (or `unmarked`), never past where one can carry on. */
  section: number;
  /** The section this history entry names, or undefined for an entry not yet marked. */
  entrySection: number | undefined;
  /** Moves to another section in a history entry of its own (Next, Previous). */
  goToSection: (next: number) => void;
  /**
   * Leaves the sections for another step of the same page (the join page's "sent"), in a history
   * entry of its own with `state`, so Back returns to the section it left.
   */
  moveOn: (state: unknown) => void;
  /** The section's heading, which takes focus when the visitor moves between sections. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * The audit's sections as steps of one page at `path`: each section is a history entry of its own
 * (state `{ section }`), so the browser's Back and Forward move between sections and a reload stays
 * on the section it shows. `unmarked` is the section an entry without one shows: the audit's stored
 * section, or the first.
 */
export function useSectionFlow(path: string, responses: Responses, unmarked: number): SectionFlow {
  const location = useLocation();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The section this history entry names. None on the hydration render (the pre-render knew no
  // entry) and on an entry not yet marked (opened from a link); Next marks it before moving on, so
  // coming Back to it shows the section it showed. Marking it on load instead would re-render the
  // whole page just after hydration, a long task on a slow phone.
  const entrySection = location.pathname === path ? sectionFromState(location.state) : undefined;
  const section = sectionOnScreen(responses, entrySection ?? unmarked);

  // Moving between sections (Next, Previous, Back, Forward) starts keyboard and screen-reader users
  // at the new section's heading; the first section an entry shows keeps the browser's own focus.
  const focusedEntrySection = useRef<number>(undefined);
  useEffect(() => {
    if (entrySection === undefined) return;
    const moved = focusedEntrySection.current !== undefined && focusedEntrySection.current !== entrySection;
    focusedEntrySection.current = entrySection;
    if (moved) headingRef.current?.focus();
  }, [entrySection]);

  function moveOn(state: unknown) {
    if (entrySection === undefined) {
      // Mark the entry this section was shown in, and count it as shown, so the move is a move.
      focusedEntrySection.current = section;
      navigate(path, { state: { section }, replace: true, samePage: true });
    }
    navigate(path, { state, samePage: true });
  }

  return {
    section,
    entrySection,
    goToSection: (next) => moveOn({ section: next }),
    moveOn,
    headingRef,
  };
}
