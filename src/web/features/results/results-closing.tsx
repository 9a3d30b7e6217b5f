import { LINK_PLACEHOLDERS } from '../../../shared/site-links';
import { ExternalLink } from '../../ui/external-link';

/**
 * The closing invitation to talk to the implementation team, under the results: a real booking
 * link. `bookingUrl` is the private results page's, as its API gives it (filled in with the
 * visitor's name and address when they consented); without it, the configured link.
 */
export function ResultsClosing({ bookingUrl = LINK_PLACEHOLDERS.bookingUrl }: { bookingUrl?: string }) {
  return (
    <section className="card closing" aria-labelledby="closing-title">
      <h2 id="closing-title">Ready to put these recommendations into practice?</h2>
      <p>
        Our implementation team can help you plan and deliver the changes that matter most to your service.
        Book a free consultation and we will go through your results with you, or email your results to
        yourself and tick the box on the next page if you would like us to contact you.
      </p>
      <p className="closing__action">
        {/* BOOKING_URL: the server puts the configured address in place of the placeholder. */}
        <ExternalLink href={bookingUrl} className="button button--primary">
          Book a free consultation
        </ExternalLink>
      </p>
    </section>
  );
}
