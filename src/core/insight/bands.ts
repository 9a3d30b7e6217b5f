/**
 * The three bands of an area's advice: build the foundations below 60%, take the next steps at
 * 60–79%, sustain and optimise at 80% or more.
 */
export const BANDS = [
  { id: 'foundations', min: 0, heading: 'Build the foundations' },
  { id: 'next_steps', min: 60, heading: 'Take the next steps' },
  { id: 'sustain', min: 80, heading: 'Sustain and optimise' },
] as const;
// The headings above are version 1's; every view reads a result's own version's words
// (AuditContent.bandHeadings, src/core/content), so only CONTENT_V1 and the checks read them here.
export type Band = (typeof BANDS)[number]['id'];

/** The band of a percentage: below 60 foundations, 60–79 next steps, 80+ sustain. */
export function bandFor(percent: number): Band {
  // BANDS run from the lowest threshold up: the band is the last one whose threshold is reached.
  let band: Band = BANDS[0].id;
  for (const candidate of BANDS) if (percent >= candidate.min) band = candidate.id;
  return band;
}

/** The scores a band covers, as a reader sees them: "Below 60%", "60–79%", "80% and above". */
export function bandRange(band: Band): string {
  const index = BANDS.findIndex((b) => b.id === band);
  if (index < 0) throw new Error(`Unknown band ${band}`);
  const next = BANDS[index + 1];
  if (index === 0) return `Below ${next.min}%`;
  return next ? `${BANDS[index].min}–${next.min - 1}%` : `${BANDS[index].min}% and above`;
}
