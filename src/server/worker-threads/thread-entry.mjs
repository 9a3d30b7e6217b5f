// The entry of every worker thread the server starts, in plain JavaScript: Node 20 loads a
// worker's entry file without the loader hooks that `--import tsx` installed in the main thread,
// so a .ts entry fails there. tsx's own API loads the TypeScript module named in workerData.module
// (a file URL) and whatever it imports.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.module, import.meta.url);
