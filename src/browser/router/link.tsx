import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from './router';

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  state?: unknown;
};

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A real link (it works without script, opens in a new tab on middle-click) that navigates
 * in-page on a plain click and can carry navigation state.
 */
export function Link({ to, state, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event) || rest.target) return;
        event.preventDefault();
        navigate(to, { state });
      }}
    />
  );
}
