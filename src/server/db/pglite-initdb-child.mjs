// Run by pglite-initdb.ts as a process of its own: creates PGlite's files in the folder given as
// the only argument (PGlite runs initdb when the folder holds no database), then exits, and the
// memory initdb grew goes with the process.
import { PGlite } from '@electric-sql/pglite';

const [dataDir] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: pglite-initdb-child.mjs <data folder>');
  process.exit(2);
}
const db = await PGlite.create(dataDir);
await db.close();
