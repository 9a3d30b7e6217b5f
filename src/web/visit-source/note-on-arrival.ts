import { keepVisitSource } from './visit-source';

/**
 * The inline script of every pre-rendered page: scripts/build.ts compiles this file (with what it
 * imports) into a few hundred bytes of script written into each page, so the visit's source is
 * noted on whichever page a visit starts, the home page and the others that load no script file
 * included. Campaign links mostly land on the home page; by the time a visitor reaches a page with
 * the app's script, the address has lost its tags and the referrer is our own site.
 *
 * It runs as the page is parsed, while the address and referrer are still the ones the visit
 * arrived with. The app's own entry does not call it again: the page has already done so.
 */
keepVisitSource({
  search: window.location.search,
  ownHost: window.location.hostname,
  referrer: document.referrer,
});
