import { Suspense, use, useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import type { ReportInput } from './report-view';

type ReportViewModule = typeof import('./report-view');

let loaded: ReportViewModule | undefined;
let loading: Promise<ReportViewModule> | undefined;

/**
 * The report and its view (the written advice for every statement and area, the key questions)
 * are a chunk of their own, fetched once a results page has started rather than before it can be
 * used: the page's buttons work, and its pre-rendered HTML shows, while it arrives.
 */
export function loadReportView(): Promise<ReportViewModule> {
  loading ??= import('./report-view').then((module) => (loaded = module));
  return loading;
}

const noSubscription = () => () => {};

/**
 * The report view for the input, once its code has arrived. While the code is on its way the page
 * shows what it already has: during hydration the pre-rendered HTML, after an in-page navigation
 * nothing in this place.
 */
export function ReportViewSlot({ input }: { input: ReportInput }) {
  // True only while React hydrates the pre-rendered page; the first render's value is kept.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [startedHydrating] = useState(hydrating);
  const [hydrated, setHydrated] = useState(false);
  // A suspended boundary keeps the server's HTML until its code arrives, then hydrates it with the
  // input it was rendered from. It is one element for the component's life, so an update of the
  // page (its navigation state arriving) never reaches the boundary before it has hydrated.
  const [placeholder] = useState<ReactElement>(() => (
    <Suspense fallback={null}>
      <WhenLoaded input={input} onShown={() => setHydrated(true)} />
    </Suspense>
  ));
  if (startedHydrating && !hydrated) return placeholder;
  return (
    <Suspense fallback={null}>
      <WhenLoaded input={input} />
    </Suspense>
  );
}

function WhenLoaded({ input, onShown }: { input: ReportInput; onShown?: () => void }) {
  const { ReportView } = loaded ?? use(loadReportView());
  useEffect(() => onShown?.(), [onShown]);
  return <ReportView input={input} />;
}
