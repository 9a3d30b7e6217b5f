import type { ReactNode } from 'react';
import { Link } from '../../browser/router';
import { ArrowLeftIcon } from './icons';

/** The "Back to …" control at the top of a screen. */
export function BackLink({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  return (
    <Link to={to} state={state} className="back-link">
      <ArrowLeftIcon />
      {children}
    </Link>
  );
}
