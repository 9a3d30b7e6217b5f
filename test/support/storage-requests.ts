import type { ServerProcess } from './server-process';
import { validBody } from './requests';

/**
 * Requests for the tests that take a server's storage away (a read-only or full data folder):
 * each e-mail request carries a long note, so the tables grow and the database soon needs space.
 */

/** POSTs e-mail request number `i` with a note of about 2 KB; resolves with the status. */
export async function postGrowingRequest(server: ServerProcess, i: number): Promise<number> {
  const res = await fetch(`${server.url}/api/email-results`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Long notes make the table grow, and PostgreSQL soon needs a file it has not yet created.
    body: JSON.stringify(
      validBody({ email: `visitor${i}@example.org`, message: `${i} ${'n'.repeat(1_900)}` }),
    ),
  });
  await res.arrayBuffer();
  return res.status;
}

/** GET /api/health's status. */
export async function healthStatus(server: ServerProcess): Promise<number> {
  const res = await fetch(`${server.url}/api/health`);
  await res.arrayBuffer();
  return res.status;
}
