/**
 * The three bands of an area's advice: build the foundations below 60%, take the next steps at
 * 60–79%, sustain and optimise at 80% or more.
 */
export const BANDS = [
  { id: 'foundations', min: 0, heading: 'Build the foundations' },
  { id: 'next_steps', min: 60, heading: 'Take the next steps' },
  { id: 'sustain', min: 80, heading: 'Sustain and optimise' },
] as const;
export type Band = (typeof BANDS)[number]['id'];

/** The band of a percentage: below 60 foundations, 60–79 next steps, 80+ sustain. */
export function bandFor(percent: number): Band {
  // BANDS run from the lowest threshold up: the band is the last one whose threshold is reached.
  let band: Band = BANDS[0].id;
  for (const candidate of BANDS) if (percent >= candidate.min) band = candidate.id;
  return band;
}

/** The heading a band's advice is shown under. */
export function bandHeading(band: Band): string {
  const found = BANDS.find((b) => b.id === band);
  if (!found) throw new Error(`Unknown band ${band}`);
  return found.heading;
}

/** The scores a band covers, as a reader sees them: "Below 60%", "60–79%", "80% and above". */
export function bandRange(band: Band): string {
  const index = BANDS.findIndex((b) => b.id === band);
  if (index < 0) throw new Error(`Unknown band ${band}`);
  const next = BANDS[index + 1];
  if (index === 0) return `Below ${next.min}%`;
  return next ? `${BANDS[index].min}–${next.min - 1}%` : `${BANDS[index].min}% and above`;
}

/**
 * The words that introduce an area's "AI Recommendations" list: at 80% or more the list is what to
 * check is in place; below, what to put in place. The list's own strings never change.
 */
export function recommendationsIntro(band: Band): string {
  return band === 'sustain'
    ? 'You score well here. Check that each of these is in place and working well:'
    : 'What we recommend you put in place:';
}
