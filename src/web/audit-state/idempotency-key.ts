/**
 * A random UUID (version 4) naming one completed audit for the benchmark, so a retry is counted
 * once. It identifies the request, never the visitor: a new one is made for every audit.
 * `crypto.randomUUID` exists only in secure contexts (HTTPS or localhost), so a site served over
 * plain HTTP elsewhere falls back to `getRandomValues`, which every browser has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
