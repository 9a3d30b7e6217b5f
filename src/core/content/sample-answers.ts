import { AREA_IDS, QUESTIONS_PER_AREA } from '../areas';
import type { Band } from '../insight/bands';
import type { Rating, Responses } from '../responses';

/**
 * Answers that land every area in one band, for an editor's preview of the results, the e-mail
 * and the PDF: every statement rated 2 (40%, build the foundations), 3 (60%, the next steps) or
 * 4 (80%, sustain); the lowest rating of each band's range but the first, so a preview shows the
 * band's edge, and rated 2 the foundations preview lists priorities too.
 */
export const SAMPLE_RATING: Record<Band, Rating> = { foundations: 2, next_steps: 3, sustain: 4 };

export function sampleAnswers(band: Band): Responses {
  const rating = SAMPLE_RATING[band];
  return Object.fromEntries(
    AREA_IDS.map((id) => [
      id,
      Object.fromEntries(Array.from({ length: QUESTIONS_PER_AREA }, (_, i) => [i, rating])),
    ]),
  ) as Responses;
}
