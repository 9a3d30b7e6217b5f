/**
 * The key a browser answers one team audit under: 32 random bytes in base64url (43 characters),
 * made the first time this browser answers that team audit and kept in localStorage under its join
 * token, so answering again (later, in another tab) replaces the earlier answer instead of counting
 * a second colleague. It names no one: the server keeps only its hash, and it is never sent anywhere
 * else. Where storage is refused (some private windows), the key lives as long as the page.
 */

const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const storageKey = (joinToken: string) => `care-audit:team-respondent:${joinToken}`;
const kept = new Map<string, string>();

function newRespondentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's key for the team audit behind `joinToken`, made and kept on first use. */
export function respondentKeyFor(joinToken: string): string {
  try {
    const stored = window.localStorage.getItem(storageKey(joinToken));
    if (stored && KEY_PATTERN.test(stored)) return stored;
  } catch {
    // Storage refused: the key below is kept for this page only.
  }
  const key = kept.get(joinToken) ?? newRespondentKey();
  kept.set(joinToken, key);
  try {
    window.localStorage.setItem(storageKey(joinToken), key);
  } catch {
    // As above.
  }
  return key;
}
