import type { Database, Queryable } from '../db/database';

/**
 * The Database a job's run is given: every statement goes into the run's one transaction (`tx`),
 * and a transaction the job opens itself (purgeExpiredRequests, the digest's record-and-queue)
 * becomes a savepoint inside it. So the job's queries keep their usual interface and their own
 * all-or-nothing steps, while the whole run commits with its job_runs row, or not at all.
 *
 * A job's statements run one after another (a transaction is one connection): a job must not run
 * two of its steps at once (Promise.all) on this Database, or their savepoints would interleave.
 */
export function databaseInTransaction(tx: Queryable, kind: Database['kind']): Database {
  let depth = 0;
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    runScript: (sql) => tx.runScript(sql),
    async transaction(work) {
      // A savepoint per level, named by its depth, so a nested one never releases its parent's.
      const savepoint = `job_step_${++depth}`;
      try {
        await tx.query(`SAVEPOINT ${savepoint}`);
        try {
          const result = await work(tx);
          await tx.query(`RELEASE SAVEPOINT ${savepoint}`);
          return result;
        } catch (error) {
          // Undoes this step only; the job decides whether its run goes on (the error is rethrown).
          // If even that fails (the connection is gone), the step's own error is the one to report:
          // the run's transaction cannot commit anyway.
          await tx.query(`ROLLBACK TO SAVEPOINT ${savepoint}`).catch(() => undefined);
          throw error;
        }
      } finally {
        depth -= 1;
      }
    },
    close() {
      return Promise.reject(new Error('a job cannot close the database: the server closes it after stop()'));
    },
  };
}
