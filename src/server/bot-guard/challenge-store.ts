/**
 * Where the bot guard keeps what every server instance must agree on: the secret that signs its
 * challenges, and the challenges already used. In the database, so a challenge issued by one
 * instance is accepted by another, and accepted once in all. The tables come with the app's
 * migrations (`bot_guard_secret`, `bot_guard_used_challenges`); this module is handed a way to
 * query and knows nothing else of the app.
 */
import { randomBytes } from 'node:crypto';

/** The least of a database client the store needs (numbered parameters, PostgreSQL dialect). */
export interface SqlClient {
  query<Row extends object>(
    sql: string,
    params?: readonly (string | number | null)[],
  ): Promise<{ rows: Row[]; rowCount: number }>;
}

export interface ChallengeStore {
  /** The secret that signs challenges: made once by whichever instance asks first, then shared. */
  signingSecret(): Promise<string>;
  /** Records a challenge as used until it expires; false when it had been used already. */
  markUsed(id: string, expiresAt: Date): Promise<boolean>;
  /**
   * Forgets used challenges that have expired (an expired challenge is refused anyway): run by the
   * used-challenges job (used-challenges-job.ts), not by the requests.
   */
  purgeExpired(): Promise<number>;
}

export function sqlChallengeStore(db: SqlClient): ChallengeStore {
  let secret: Promise<string> | undefined;
  const store: ChallengeStore = {
    signingSecret() {
      secret ??= (async () => {
        // ON CONFLICT: two instances starting together both insert; the first one's secret stays.
        await db.query(
          'INSERT INTO bot_guard_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING',
          [randomBytes(32).toString('hex')],
        );
        const { rows } = await db.query<{ secret: string }>(
          'SELECT secret FROM bot_guard_secret WHERE id = 1',
        );
        if (!rows[0]) throw new Error('bot_guard_secret has no row');
        return rows[0].secret;
      })();
      // A database that was down is asked again next time, rather than failing for ever.
      secret.catch(() => (secret = undefined));
      return secret;
    },
    async markUsed(id, expiresAt) {
      // The primary key decides: of two requests with one challenge, at any instances, one inserts.
      const { rowCount } = await db.query(
        `INSERT INTO bot_guard_used_challenges (id, expires_at) VALUES ($1, $2::timestamptz)
         ON CONFLICT (id) DO NOTHING`,
        [id, expiresAt.toISOString()],
      );
      return rowCount === 1;
    },
    async purgeExpired() {
      const { rowCount } = await db.query('DELETE FROM bot_guard_used_challenges WHERE expires_at < now()');
      return rowCount;
    },
  };
  return store;
}
