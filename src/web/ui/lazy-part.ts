import { lazy, type ComponentType } from 'react';

/**
 * A part of a page whose script loads only when it is first shown, so the page's own script stays
 * inside its budget (scripts/budgets.ts). Should the chunk fail to load (a dropped connection, a
 * deploy that replaced it), `unavailable` is shown in its place rather than an error boundary.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  unavailable: ComponentType<Props>,
) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: unavailable }),
    ),
  );
}
