/** The five questions CQC asks of every service. */
export const KEY_QUESTIONS = ['Safe', 'Effective', 'Caring', 'Responsive', 'Well-led'] as const;
export type KeyQuestion = (typeof KEY_QUESTIONS)[number];

/**
 * The Data Security and Protection Toolkit's ten standards (the National Data Guardian's), by
 * number, as a care provider sees them named in the toolkit.
 */
export const DSPT_STANDARDS = {
  1: 'Personal confidential data',
  2: 'Staff responsibilities',
  3: 'Training',
  4: 'Managing data access',
  5: 'Process reviews',
  6: 'Responding to incidents',
  7: 'Continuity planning',
  8: 'Unsupported systems',
  9: 'IT protection',
  10: 'Accountable suppliers',
} as const;
export type DsptStandardNumber = keyof typeof DSPT_STANDARDS;

/** "DSPT standard 9: IT protection". */
export function dsptStandardName(standard: DsptStandardNumber): string {
  return `DSPT standard ${standard}: ${DSPT_STANDARDS[standard]}`;
}
