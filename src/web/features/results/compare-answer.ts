import { describeSegment, hasProfile, type ServiceProfile } from '../../../core';
import type { BenchmarkLookup } from './use-benchmark';

/** Said when "Compare" is pressed with neither question answered: there is nothing to narrow. */
export const CHOOSE_FIRST =
  'Choose what type of service you run, how many people you support, or both, then press Compare.';

/**
 * What "Compare" answers under the button, so pressing it is never silent: still looking, compared
 * with providers like yours, too few of them (how many it needs, and whom the areas are compared with
 * instead), or no comparison at all yet. Undefined before a profile is given: there is no question
 * to answer yet.
 */
export function compareAnswer(
  profile: ServiceProfile,
  lookup: BenchmarkLookup | undefined,
): string | undefined {
  if (!hasProfile(profile) || lookup === undefined) return undefined;
  const like = describeSegment(profile);
  switch (lookup.status) {
    case 'loading':
      return `Looking for ${like}…`;
    case 'failed':
      return 'The comparison could not be loaded just now. Your results are unchanged; reload the page to try again.';
    case 'too_few':
      return `Too few providers have taken part yet: a comparison needs at least ${providers(lookup.minResponses)}, so there is none for now.`;
    case 'available': {
      if (lookup.basis === 'segment')
        return `Each area below is now compared with ${lookup.responses} ${like}.`;
      const needed =
        lookup.minResponses === undefined
          ? ''
          : `: comparing with them alone needs at least ${providers(lookup.minResponses)}`;
      return `Too few ${like} have taken part yet${needed}. Each area is compared with all ${lookup.responses} care providers instead.`;
    }
  }
}

function providers(count: number): string {
  return `${count} ${count === 1 ? 'provider' : 'providers'}`;
}
