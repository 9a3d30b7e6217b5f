/** The words for a percentage: 80+ "Excellent", 60–79 "Good", 40–59 "Fair", below 40 "Needs Improvement". */
export type RatingLabel = 'Excellent' | 'Good' | 'Fair' | 'Needs Improvement';

/** The rating label for a percentage: 80+ Excellent, 60–79 Good, 40–59 Fair, below 40 Needs Improvement. */
export function ratingFor(percent: number): RatingLabel {
  if (percent >= 80) return 'Excellent';
  if (percent >= 60) return 'Good';
  if (percent >= 40) return 'Fair';
  return 'Needs Improvement';
}

/** The colour band for a percentage on the results screen: 80+ green, 60+ yellow, otherwise red. */
export type Tone = 'green' | 'yellow' | 'red';

/** The colour band of a percentage: 80+ green, 60+ yellow, otherwise red. */
export function toneFor(percent: number): Tone {
  if (percent >= 80) return 'green';
  if (percent >= 60) return 'yellow';
  return 'red';
}
