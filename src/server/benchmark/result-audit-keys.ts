import type { Queryable } from '../db/database';

/**
 * The key of a result's anonymous audit (table result_audit_keys, decision 0062): an e-mail request
 * keeps the key its audit was sent to the benchmark with, so that "Retake with these answers" on its
 * private results page, on any device, can name that audit and the retake replaces it in the
 * comparison. The row goes with its request (erased or purged), and the audit is anonymous again.
 */

/**
 * Keeps `auditKey` for the request `requestId`. Nothing is kept when the request is already gone
 * (erased between its storing and this), or when it has a key already (the first one stands).
 */
export async function keepResultAuditKey(db: Queryable, requestId: string, auditKey: string): Promise<void> {
  await db.query(
    `INSERT INTO result_audit_keys (request_id, audit_key)
     SELECT id, $2::uuid FROM email_requests WHERE id = $1::uuid
     ON CONFLICT (request_id) DO NOTHING`,
    [requestId, auditKey],
  );
}

/** The key of the audit behind the request `requestId`, or undefined when it kept none. */
export async function findResultAuditKey(db: Queryable, requestId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ audit_key: string }>(
    'SELECT audit_key::text AS audit_key FROM result_audit_keys WHERE request_id = $1::uuid',
    [requestId],
  );
  return rows[0]?.audit_key;
}
