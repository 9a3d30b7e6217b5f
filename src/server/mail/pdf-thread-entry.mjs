// The worker thread's entry, in plain JavaScript: Node 20 loads a worker's entry file without the
// loader hooks that `--import tsx` installed in the main thread, so a .ts entry fails there. tsx's
// own API loads the TypeScript module (and whatever it imports) instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pdf-thread-worker.ts', import.meta.url);
