// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouterLocation } from './history';

// React's act() warns unless told that this environment is a test. Put back after the file: the
// next file in the same worker shares the global.
const actGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let actBefore: boolean | undefined;
beforeAll(() => {
  actBefore = actGlobal.IS_REACT_ACT_ENVIRONMENT;
  actGlobal.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  actGlobal.IS_REACT_ACT_ENVIRONMENT = actBefore;
});

// The router keeps the location in module state, as a page load does: each test gets fresh modules.
let router: typeof import('./index');
let roots: Root[] = [];
/** Every location Probe rendered in the browser (not in the pre-render). */
let seen: RouterLocation[] = [];

beforeEach(async () => {
  vi.resetModules();
  router = await import('./index');
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  act(() => roots.forEach((root) => root.unmount()));
  roots = [];
  document.body.innerHTML = '';
});

/** Pre-renders `children` at `pathname` as the build does, then hydrates it with the browser router. */
function hydrate(pathname: string, children: ReactNode, preload?: (path: string) => Promise<unknown>) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <router.StaticRouter location={{ pathname, state: null, key: 'initial' }}>
      {children}
    </router.StaticRouter>,
  );
  document.body.append(container);
  seen = [];
  act(() => {
    roots.push(
      hydrateRoot(container, <router.BrowserRouter preload={preload}>{children}</router.BrowserRouter>),
    );
  });
  return container;
}

function Probe() {
  const location = router.useLocation();
  seen.push(location);
  return <p>{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

/** A preload the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('hydrating a pre-rendered page', () => {
  it('renders once when the location has no navigation state, as the pre-render had none', () => {
    window.history.replaceState(null, '', '/audit-tool');
    const container = hydrate('/audit-tool', <Probe />);
    // A second render here would be the whole page again, in one task React cannot interrupt.
    expect(seen).toHaveLength(1);
    expect(container.textContent).toBe('/audit-tool null');
  });

  it('hydrates without the state, then shows the state the history entry carries', () => {
    window.history.replaceState({ key: 'k1', usr: { overallScore: 80 } }, '', '/audit-results');
    const container = hydrate('/audit-results', <Probe />);
    expect(seen[0]).toMatchObject({ state: null, key: 'initial' });
    expect(seen.at(-1)).toMatchObject({ pathname: '/audit-results', state: { overallScore: 80 }, key: 'k1' });
    expect(container.textContent).toBe('/audit-results {"overallScore":80}');
  });
});

describe('navigating', () => {
  function page(preload: (path: string) => Promise<unknown>) {
    window.history.replaceState(null, '', '/');
    const container = hydrate(
      '/',
      <>
        <Probe />
        <router.Link to="/audit-results?from=home" state={{ overallScore: 40 }}>
          Results
        </router.Link>
      </>,
      preload,
    );
    const link = container.querySelector('a');
    if (!link) throw new Error('no link');
    return { container, link };
  }

  it("waits for the next screen's preload, asked with the path alone, then moves with the state", async () => {
    const load = deferred();
    const preload = vi.fn(() => load.promise);
    const { container, link } = page(preload);
    act(() => link.click());
    expect(preload).toHaveBeenCalledWith('/audit-results');
    expect(container.textContent).toContain('/ null');
    await act(async () => load.resolve());
    expect(window.location.pathname + window.location.search).toBe('/audit-results?from=home');
    expect(container.textContent).toContain('/audit-results {"overallScore":40}');
  });

  it('moves when the preload fails too, so the error screen can explain', async () => {
    const load = deferred();
    const { container, link } = page(() => load.promise);
    act(() => link.click());
    await act(async () => load.reject(new Error('chunk failed')));
    expect(container.textContent).toContain('/audit-results');
  });

  it('keeps a modified click for the browser (a new tab), without preloading', () => {
    const preload = vi.fn(() => Promise.resolve());
    const { link } = page(preload);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    act(() => link.dispatchEvent(event));
    expect(preload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('prefetching the next screen', () => {
  function Prefetcher({ path }: { path: string }) {
    const prefetch = router.usePrefetch();
    return (
      <button type="button" onClick={() => prefetch(path)}>
        prefetch
      </button>
    );
  }

  it('asks for the screen by its path and stays where it is, even when the load fails', async () => {
    const load = deferred();
    const preload = vi.fn(() => load.promise);
    const container = hydrate('/', <Prefetcher path="/audit-results" />, preload);
    act(() => container.querySelector('button')?.click());
    expect(preload).toHaveBeenCalledWith('/audit-results');
    // A rejected prefetch is swallowed: no unhandled rejection, no navigation.
    await act(async () => load.reject(new Error('chunk failed')));
    expect(window.location.pathname).toBe('/');
  });
});
