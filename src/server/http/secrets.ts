import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets the server hands out in links and cookies (a team sign-in link, a team session, a
 * visitor's private results link): 32 random bytes (256 bits, far past guessing) in base64url. The
 * database keeps only a secret's SHA-256 hash, so a copy of it (a backup, an export) opens nothing.
 */

/** 32 random bytes in base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A well-formed secret as newSecret() makes them; anything else is refused without a query. */
export function isWellFormedSecret(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/**
 * SHA-256 of a secret: base64url for the team's text columns; hex for a bytea column, which a query
 * fills with `decode($n, 'hex')`.
 */
export function secretHash(secret: string, encoding: 'base64url' | 'hex' = 'base64url'): string {
  return createHash('sha256').update(secret).digest(encoding);
}
