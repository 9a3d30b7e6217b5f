/**
 * Every PostgreSQL advisory lock the server takes, in one list, so two capabilities can never pick
 * the same id by chance. Each is held for one transaction (`pg_advisory_xact_lock`) and so released
 * by its commit or rollback, on PGlite as on PostgreSQL.
 *
 * A lock taken with one key (a bigint) and one taken with two keys (two ints: a space, and a hash of
 * the thing locked) never meet, even with equal numbers; the ids differ anyway, so a reader need
 * not know that. A new lock takes the next free id here.
 */
export const ADVISORY_LOCKS = {
  /** One key: one process at a time applies the migrations. */
  migrations: 7_274_001,
  /**
   * Two keys, (this, hashtext(address)): one request at a time per mailbox and per exact address,
   * so the per-recipient limit holds and an erasure sees a request whole or not at all. Passed to
   * store_email_request() too.
   */
  recipient: 7_274_002,
  /** Two keys, (this, hashtext(address)): one sign-in link request at a time per address. */
  signIn: 7_274_016,
  /**
   * One key: one move of a completed audit's benchmark counts at a time: a profile given later
   * (re-filing) or a retake replacing the audit it retakes.
   */
  moveAuditCounts: 7_274_017,
  /**
   * Two keys, (this, hashtext(job name)): one run of a background job at a time across every
   * instance, tried (pg_try_advisory_xact_lock) so another instance skips the job rather than waits.
   */
  jobs: 7_274_018,
  /** One key: one new version of the audit's words at a time (a publish or a restore), numbered max + 1. */
  contentVersions: 7_274_019,
} as const;
