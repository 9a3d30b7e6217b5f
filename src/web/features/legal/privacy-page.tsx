import { LINK_PLACEHOLDERS } from '../../../shared/site-links';
import { SiteLayout } from '../../ui/site-chrome';

const CONTACT = LINK_PLACEHOLDERS.contactEmail;

/** What we hold, why, for how long, who sees it and how to have it erased (UK GDPR, Articles 13–14). */
export function PrivacyPage() {
  return (
    <SiteLayout>
      <div className="prose">
        <h1>Privacy notice</h1>
        <p className="updated">Last updated: 23 November 2026</p>
        <p>
          This notice explains what Care Audit does with personal data when you use the AI care management
          audit on this website. Care Audit, Birmingham, United Kingdom, is the controller of that data. You
          can reach us at <a href={`mailto:${CONTACT}`}>{CONTACT}</a>.
        </p>

        <h2>Taking the audit</h2>
        <p>
          The audit runs in your browser. Your answers are kept in your browser for this tab only, so that a
          reload does not lose them, and are gone when you close the tab. We do not receive them unless you
          ask us to e-mail your results. We set no cookies and use no analytics or advertising trackers.
        </p>
        <p>
          To see how the audit is used, your browser tells us when a step happens (an audit started, a section
          reached, results shown, a report downloaded or e-mailed), and we add one to that day’s count. No
          cookie is used and nothing that identifies you or your browser is kept with it.
        </p>

        <h2>What we store when you ask for your results by e-mail</h2>
        <ul>
          <li>your e-mail address;</li>
          <li>the note you add, if any;</li>
          <li>your answers, your score for each area and your overall score;</li>
          <li>
            whether you ticked “The team may contact me about a free consultation”, and if you did, that
            wording and when you ticked it;
          </li>
          <li>when you made the request, and whether each message was delivered.</li>
        </ul>
        <p>
          We also use your internet (IP) address for a short time to stop abuse of the form. We do not store
          it with your request. To stop programs sending the form, your browser also does a short calculation
          in the background before it sends; this uses no cookie and nothing that identifies you.
        </p>
        <p>
          Your e-mail address is used only to send your audit results. Our team contacts you about anything
          else, such as a free consultation, only if you ticked that box on the form. If you did not, the team
          is told not to contact you beyond the results you asked for.
        </p>

        <h2>Why we use it</h2>
        <table>
          <caption className="visually-hidden">Purposes and lawful bases</caption>
          <thead>
            <tr>
              <th scope="col">Purpose</th>
              <th scope="col">Lawful basis</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Sending you the results and the PDF report you asked for</td>
              <td>Taking steps at your request (Article 6(1)(b))</td>
            </tr>
            <tr>
              <td>Our team reading your note and replying to it, about your results only</td>
              <td>Our legitimate interest in answering people who write to us (Article 6(1)(f))</td>
            </tr>
            <tr>
              <td>Our team contacting you about a free consultation, only if you ticked the box</td>
              <td>
                Your consent (Article 6(1)(a)). You can withdraw it at any time by writing to{' '}
                <a href={`mailto:${CONTACT}`}>{CONTACT}</a>; we then contact you no more.
              </td>
            </tr>
            <tr>
              <td>Keeping a record of what was sent and whether it arrived</td>
              <td>Our legitimate interest in running a reliable service (Article 6(1)(f))</td>
            </tr>
          </tbody>
        </table>
        <p>
          We do not add you to a mailing list, sell your data or share it for marketing. We make no automated
          decisions about you: the scores come only from the ratings you gave.
        </p>

        <h2>Who sees it</h2>
        <p>
          Our small team that follows up audit requests, and the companies that host this website and deliver
          our e-mail, who act only on our instructions and keep the data in the UK or under UK adequacy
          arrangements.
        </p>
        <p>
          If we have set it up, your request is also passed to the system our team uses to follow up leads
          (our CRM), which keeps it on our behalf.
        </p>

        <h2>How long we keep it</h2>
        <p>
          We keep each request for {LINK_PLACEHOLDERS.retentionPeriod}, then delete it automatically. You can
          ask us to delete it sooner at any time.
        </p>

        <h2>Your rights</h2>
        <p>
          You can ask for a copy of your data, for corrections, for it to be erased, or object to our use of
          it. To have everything we hold about your e-mail address erased, write to{' '}
          <a href={`mailto:${CONTACT}`}>{CONTACT}</a> from that address (or tell us the address). We erase
          every request and any message still waiting to be sent, and confirm within one month.
        </p>
        <p>
          If you are unhappy with how we handle your data, please tell us first. You can also complain to the
          Information Commissioner’s Office: <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a>,
          0303 123 1113.
        </p>
      </div>
    </SiteLayout>
  );
}
