import { register } from 'node:module';

/**
 * The site's components import their own stylesheets (`import './home.css'`), which Vite bundles
 * for the browser; Node cannot load a .css file. Where Node renders those components (the build's
 * pre-render, and the server for a page in another version of the audit's words), a stylesheet
 * import is an empty module: the page's CSS reaches it from the build, inlined by scripts/build.ts.
 * Registered once, before the first import of web code.
 */
const HOOKS = `export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && new URL(url).pathname.endsWith('.css')) {
    return { format: 'module', source: '', shortCircuit: true };
  }
  return nextLoad(url, context);
}`;

let registered = false;

export function ignoreStylesheetImports(): void {
  if (registered) return;
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);
  registered = true;
}
