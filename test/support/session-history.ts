import { act } from '@testing-library/react';

/**
 * Back (`-1`) or Forward (`1`), as the browser's buttons do, with the page's answer to it inside
 * act(). jsdom moves through the session history in a later task (a timer), so an act() that only
 * called `history.back()` ended before the `popstate` it causes, and the router's update came
 * outside it: React's "not wrapped in act" error whenever the file ran where
 * IS_REACT_ACT_ENVIRONMENT was set. This waits inside act() for the `popstate` itself.
 */
export async function traverseHistory(delta: -1 | 1): Promise<void> {
  await act(async () => {
    const popped = new Promise<void>((resolve) => {
      window.addEventListener('popstate', () => resolve(), { once: true });
    });
    window.history.go(delta);
    await popped;
  });
}
