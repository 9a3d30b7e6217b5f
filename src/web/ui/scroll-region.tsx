import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './scroll-region.css';

/** Which sides of a scrolling box have more to show. */
export interface HiddenSides {
  start: boolean;
  end: boolean;
}

/** What a sideways-scrolling box hides, from its measures; a pixel of rounding is not "more". */
export function hiddenSides(box: {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}): HiddenSides {
  const left = Math.abs(box.scrollLeft);
  return { start: left > 1, end: left + box.clientWidth < box.scrollWidth - 1 };
}

const NONE: HiddenSides = { start: false, end: false };

/**
 * A wide thing (a table of many columns) in a box that scrolls sideways when the page is narrower,
 * with a cue that it does: a shade at each edge with more beyond it, and a line saying so, both
 * shown only while something is hidden. The box is a named region in the tab order, so a keyboard
 * reaches it and scrolls it with the arrow keys; the line describes it.
 */
export function ScrollRegion({
  labelledBy,
  hint = 'Scroll sideways to see the whole table.',
  children,
}: {
  /** The id of the heading that names the region. */
  labelledBy: string;
  hint?: string;
  children: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [hidden, setHidden] = useState<HiddenSides>(NONE);

  // Measured before the paint, so the cue does not appear a frame after the table.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const measure = () =>
      setHidden((before) => {
        const now = hiddenSides(box);
        return now.start === before.start && now.end === before.end ? before : now;
      });
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    // The box narrows with the window, and its content widens with text zoom: either changes what fits.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);

  const scrolls = hidden.start || hidden.end;
  return (
    <div
      className="scroll-region"
      data-hidden-start={hidden.start || undefined}
      data-hidden-end={hidden.end || undefined}
    >
      {scrolls ? (
        <p id={hintId} className="scroll-region__hint">
          {hint}
        </p>
      ) : null}
      <div className="scroll-region__frame">
        <div
          ref={scroller}
          className="scroll-region__box"
          role="region"
          aria-labelledby={labelledBy}
          aria-describedby={scrolls ? hintId : undefined}
          tabIndex={0}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
