import { useEffect, useRef, type MouseEvent } from 'react';
import './error-summary.css';

export interface Problem {
  text: string;
  /** The id of the control it is about, when it is about one: the problem links to it. */
  target?: string;
}

/**
 * The problems that stopped an action, at the top of what they are about: focused when they
 * appear (a keyboard or screen reader user lands on them), each linked to its control. Following a
 * link opens any closed <details> the control sits in, then moves focus to it.
 */
export function ErrorSummary({ title, problems }: { title: string; problems: readonly Problem[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems.length > 0) box.current?.focus();
  }, [problems]);
  if (problems.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={box} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        {title}
      </h2>
      <ul className="error-summary__list">
        {problems.map((problem, index) => (
          <li key={`${index}-${problem.text}`}>
            {problem.target ? (
              <a href={`#${problem.target}`} onClick={(event) => goTo(event, problem.target ?? '')}>
                {problem.text}
              </a>
            ) : (
              problem.text
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  for (
    let details = target.closest('details');
    details;
    details = details.parentElement?.closest('details') ?? null
  ) {
    details.open = true;
  }
  target.focus();
  target.scrollIntoView?.({ block: 'center' });
}
