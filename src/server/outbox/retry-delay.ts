/** Longest wait between two attempts, whatever the base and attempt count. */
export const MAX_RETRY_DELAY_MS = 24 * 60 * 60 * 1000;

/** The wait after failed attempt number `attempt` (1-based): base, 2 × base, 4 × base, … */
export function retryDelayMs(baseMs: number, attempt: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}
