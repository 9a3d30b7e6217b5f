export type Encoding = 'br' | 'gzip' | 'identity';

/** The compressed encodings we precompute, in the order we prefer them when a client likes both equally. */
export const COMPRESSED_ENCODINGS = ['br', 'gzip'] as const;
export type CompressedEncoding = (typeof COMPRESSED_ENCODINGS)[number];

/**
 * The best encoding the client accepts among those available, from its Accept-Encoding header
 * (q-values, `*`, and `q=0` as "not acceptable"). Identity when nothing better is acceptable.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: ReadonlySet<CompressedEncoding>,
): Encoding {
  if (!acceptEncoding || available.size === 0) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    if (Number.isFinite(q)) weights.set(name, q);
  }
  const wildcard = weights.get('*');
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const encoding of COMPRESSED_ENCODINGS) {
    if (!available.has(encoding)) continue;
    const weight =
      weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? wildcard ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
