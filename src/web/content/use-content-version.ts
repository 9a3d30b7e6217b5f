import { useEffect, useState } from 'react';
import { CONTENT_VERSION_1, type ContentVersion } from '../../core/content';
import { usePageContent } from './page-content';

/** Versions never change once published, so one fetched is kept for the page's life. */
const fetched = new Map<number, Promise<ContentVersion>>();

/** What a view shows while the words of its version are on their way, or if they never come. */
export type ContentLookup = ContentVersion | 'loading' | 'failed';

/**
 * The words of a given version: a stored result, an audit begun before a publish, a team audit or
 * a saved audit is shown in the version it was answered with. The page's own version and version 1
 * are at hand; another is fetched once from `/api/content/<n>` (cached by the browser for good).
 */
export function useContentVersion(version: number | undefined): ContentLookup {
  const page = usePageContent();
  const wanted = version ?? page.version;
  const atHand = wanted === page.version ? page : wanted === 1 ? CONTENT_VERSION_1 : undefined;
  const [loaded, setLoaded] = useState<{ version: number; lookup: ContentLookup } | undefined>();
  useEffect(() => {
    if (atHand) return;
    let current = true;
    let request = fetched.get(wanted);
    if (!request) {
      request = fetchVersion(wanted);
      fetched.set(wanted, request);
      // A failed fetch may be tried again on the next view that asks.
      request.catch(() => fetched.delete(wanted));
    }
    request.then(
      (found) => current && setLoaded({ version: wanted, lookup: found }),
      () => current && setLoaded({ version: wanted, lookup: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [atHand, wanted]);
  if (atHand) return atHand;
  return loaded?.version === wanted ? loaded.lookup : 'loading';
}

async function fetchVersion(version: number): Promise<ContentVersion> {
  const response = await fetch(`/api/content/${version}`, { headers: { accept: 'application/json' } });
  if (!response.ok)
    throw new Error(`The audit's words (version ${version}) could not be loaded: ${response.status}`);
  return (await response.json()) as ContentVersion;
}
