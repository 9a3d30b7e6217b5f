import { useContext, useEffect, useState } from 'react';
import type { AuditContent, ContentVersion } from '../../core/content/audit-content';
import { PageContent } from './page-content';

/** Versions never change once published, so one fetched is kept for the page's life. */
const fetched = new Map<number, Promise<ContentVersion>>();

/** What a view shows while the words of its version are on their way, or if they never come. */
export type ContentLookup<Words = AuditContent> = ContentVersion<Words> | 'loading' | 'failed';

/**
 * The words of a given version (`undefined`: the version the page was served with): a stored
 * result, an audit begun before a publish, a team audit or a saved audit is shown in the version it
 * was answered with. The page's own version is at hand, and version 1 as the caller's chunk carries
 * it (`versionOne`: all its words for the results, its statements alone for the audit); another is
 * fetched once from `/api/content/<n>`, which browsers keep for good.
 */
export function useContentVersion<Words>(
  version: number | undefined,
  versionOne: ContentVersion<Words>,
): ContentLookup<Words> {
  // A whole version is every view's words (a view takes a part of AuditContent).
  const page = useContext(PageContent) as ContentVersion<Words> | undefined;
  const wanted = version ?? page?.version ?? 1;
  const atHand = wanted === page?.version ? page : wanted === 1 ? versionOne : undefined;
  const [loaded, setLoaded] = useState<{ version: number; lookup: ContentLookup<Words> } | undefined>();
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
      (found) => current && setLoaded({ version: wanted, lookup: found as ContentVersion<Words> }),
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
