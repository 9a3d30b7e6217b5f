/**
 * `npm run leads -- <command>`: the team's commands for the stored requests (export, erase,
 * failed, retry, purge, audit-log). `npm run leads -- --help` lists them; leads-cli.ts does the work.
 */
import { runLeads } from './leads-cli';

process.exitCode = await runLeads(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
