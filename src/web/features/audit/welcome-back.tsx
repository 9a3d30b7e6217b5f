import { useEffect, useState } from 'react';

/**
 * The continue page opens the audit with `{ section, resumedOn }` as its history entry's state,
 * `resumedOn` the day of the last save in words ("24 November 2026", written there so this page
 * ships no date formatting), so this entry greets the visitor; the next section's entry does not.
 */
export function welcomeBackFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { resumedOn } = state as { resumedOn?: unknown };
  return typeof resumedOn === 'string' && /^\d{1,2} [A-Z][a-z]+ \d{4}$/.test(resumedOn)
    ? resumedOn
    : undefined;
}

/**
 * "Welcome back: your answers are as you left them on <date>." in a status region that is in the
 * page before its words: words put in an existing live region are announced, a region that arrives
 * with its words often is not. The app moves focus to the page's heading, just above it.
 */
export function WelcomeBack({ savedOn }: { savedOn: string | undefined }) {
  const [shown, setShown] = useState<string>();
  useEffect(() => {
    // A second render on purpose: the words must arrive after the region, or they go unannounced.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setShown(savedOn);
  }, [savedOn]);
  return (
    <div role="status" aria-atomic="true">
      {shown ? (
        <p className="notice notice--success welcome-back">
          Welcome back: your answers are as you left them on {shown}.
        </p>
      ) : null}
    </div>
  );
}
