import { LINK_PLACEHOLDERS } from '../../../shared/site-links';
import { SiteLayout } from '../../ui/site-chrome';
import './legal.css';

const CONTACT = LINK_PLACEHOLDERS.contactEmail;

/** What we hold, why, for how long, who sees it and how to have it erased (UK GDPR, Articles 13–14). */
export function PrivacyPage() {
  return (
    <SiteLayout>
      <div className="prose">
        <h1>Privacy notice</h1>
        <p className="updated">Last updated: 26 November 2026</p>
        <p>
          This notice explains what Care Audit does with personal data when you use the AI care management
          audit on this website. Care Audit, Birmingham, United Kingdom, is the controller of that data. You
          can reach us at <a href={`mailto:${CONTACT}`}>{CONTACT}</a>.
        </p>

        <h2>Taking the audit</h2>
        <p>
          The audit runs in your browser. Your answers are kept in your browser for this tab only, so that a
          reload does not lose them, and are gone when you close the tab, unless you save the audit to finish
          later (see &ldquo;Saving an audit to finish later&rdquo; below). When you complete the audit, your
          browser sends us your ratings without anything that identifies you, for the anonymous comparison
          with other providers described below. We receive nothing else unless you download the report, ask us
          to e-mail your results or save the audit to finish later. We set no cookies and use no analytics or
          advertising trackers.
        </p>
        <p>
          When you download the report, your browser sends us your ratings (and your type of service and size,
          if you gave them) so that our server can make the PDF; we send it straight back and keep nothing of
          what you sent.
        </p>
        <p>
          To see how the audit is used, your browser tells us when a step happens (an audit started, a section
          reached, results shown, a report downloaded or e-mailed), and we add one to that day’s count. No
          cookie is used and nothing that identifies you or your browser is kept with it.
        </p>
        <p>
          To know which of our campaigns and which other websites bring people to the audit, your browser
          notes two things on the first page of this website that you open in a tab: the campaign tags in the
          address you arrived by, if any (utm_source, utm_medium and utm_campaign, which our own adverts and
          newsletters add), and the name of the website whose link brought you here (such as www.example.com:
          never the page you were on or what you searched for). It keeps them in that tab’s storage, not in a
          cookie, and forgets them when you close the tab. They reach us only if you ask for your results by
          e-mail, with that request. Nothing else that identifies you or your browser is recorded with them.
          If your browser blocks this storage, the site works just the same.
        </p>

        <h2>Comparing your results with other providers</h2>
        <p>
          When you complete the audit, your browser sends us your 25 ratings so that we can show each provider
          how its scores compare with others. We store only:
        </p>
        <ul>
          <li>the date (the day only, not the time);</li>
          <li>your 25 ratings and the scores worked out from them;</li>
          <li>
            your type of service and how many people you support, if you answered that optional question.
          </li>
        </ul>
        <p>
          We do not store your e-mail address, your internet (IP) address, the time, your browser’s details or
          anything else that identifies you or your organisation. These audits contain nothing that identifies
          anyone, so we keep them indefinitely as anonymous statistics, to work out the comparisons.
        </p>
        <p>
          Your browser adds a random number made for that one audit, which we keep with it. It says nothing
          about you: an audit sent twice (for example after a lost connection) is counted once, your type of
          service and size given on the results page are added to the same audit, and when you retake the
          audit (&ldquo;Retake Audit&rdquo;, or &ldquo;Retake with these answers&rdquo;) your browser sends
          the earlier audit&rsquo;s number with the new one, so that we count each provider once, by its
          latest audit, and the earlier one no longer counts.
        </p>
        <p>
          If you ask for your results by e-mail, that number is kept with your request (see below), so that a
          retake from your private results link can name the earlier audit. The audit holds nothing your
          request does not already hold. When your request is deleted, the number goes with it, and nothing
          links the audit to you any more: we then cannot find or delete it on request.
        </p>
        <p>
          Comparisons show only figures across many audits (the middle score and the quarters of others),
          never one provider’s answers, and appear only once enough providers have taken part. As with the
          e-mail form, we use your IP address for a short time to stop abuse (see below).
        </p>

        <h2>What we store when you ask for your results by e-mail</h2>
        <ul>
          <li>your e-mail address;</li>
          <li>the note you add, if any;</li>
          <li>your answers, your score for each area and your overall score;</li>
          <li>your type of service and how many people you support, if you answered that question;</li>
          <li>a code that opens your private results link (described below), kept only as a hash;</li>
          <li>
            whether you ticked “The team may contact me about a free consultation”, and if you did, that
            wording and when you ticked it;
          </li>
          <li>
            only if you ticked that box, the contact details you chose to give: your name, organisation, role
            and phone number, each of them optional;
          </li>
          <li>
            where your visit came from, if your browser noted it: the campaign tags and the name of the
            website that linked to ours (see “Taking the audit” above);
          </li>
          <li>
            if you reached these results through &ldquo;Retake with these answers&rdquo;, which earlier
            results they follow (see &ldquo;Your private results link&rdquo; below);
          </li>
          <li>
            the random number of the audit your browser sent for the comparison (see above), so that a retake
            from your private results link replaces that audit there;
          </li>
          <li>
            your action plan, if you make one on your private results page: the status you chose for each
            priority or area, and the owner&rsquo;s name and target date you added, if any;
          </li>
          <li>when you made the request, and whether each message was delivered.</li>
        </ul>
        <p>
          We also use your internet (IP) address for a short time to stop abuse of the form. We do not store
          it with your request. To count how often one address sends a form, we keep a scrambled form of it (a
          hash, not the address itself) for at most 20 minutes, then delete it. To stop programs sending the
          form, your browser also does a short calculation in the background before it sends; this uses no
          cookie and nothing that identifies you.
        </p>
        <p>
          Your e-mail address is used only to send your audit results. Our team contacts you about anything
          else, such as a free consultation, only if you ticked that box on the form. If you did not, the team
          is told not to contact you beyond the results you asked for. The form asks for your name,
          organisation, role and phone number only once you tick the box, and we keep them only if it is
          ticked when you send: the team uses them to contact you about the consultation, and for nothing
          else.
        </p>
        <p>
          When you ask for your results again from the same e-mail address (in any upper or lower case, or
          with a &ldquo;+&rdquo; tag after your name), our team sees your requests together, as one person,
          with each set of results in order. Your latest answer to the consultation box is the one that
          counts: if you leave it unticked, we delete any contact details you gave before, from every request.
        </p>

        <h2>Your private results link</h2>
        <p>
          The e-mail we send you contains a link, “View your results online”, that opens your results on this
          website: your scores, priorities and comparison, and a way to retake the audit with your answers.
          The link ends in a long random code. We store only a hash of that code with your request (a
          fingerprint from which the code cannot be worked out), so the link cannot be rebuilt from our
          records. Anyone who has the link can see those results, so keep the e-mail as you would any other
          private message. The page asks search engines not to list it and does not pass its address on to
          other websites.
        </p>
        <p>
          The link stops working when your request is erased: when you ask us to erase it, or automatically{' '}
          {LINK_PLACEHOLDERS.retentionPeriod}. After that it shows “page not found”.
        </p>
        <p>
          Results you reach through &ldquo;Retake with these answers&rdquo; are linked to the earlier results
          that private link showed, and those to the ones before them, so that your latest private results
          page can show how each area has changed over time, and its PDF report a page on your progress. We
          link them only when you retake from a private link (or finish an audit you saved during such a
          retake), never by your e-mail address or anything else. When earlier results are erased or deleted
          at the end of their time, later ones simply stop showing them.
        </p>
        <p>
          On your private results page you can also keep an action plan: mark each priority, or an
          area&rsquo;s advice, as planned, in progress or done, with the name of the person who owns it and a
          target date if you wish. The link is the key, with no account or password, so anyone who has it can
          see and change the plan. We save the plan with your request and print it in your PDF report; it is
          erased and deleted with the request. When you retake the audit from that page, your new results
          start with a copy of the plan, for the actions they still have, and the earlier page keeps its plan
          to read; the copy is kept with the new request, and erased and deleted with it. Our team sees only
          how many actions are planned, in progress or done, and when the plan last changed: not what they
          are, who owns them or when they are due.
        </p>

        <h2>Asking your team to answer</h2>
        <p>
          From your private results page you can open a team audit: a link you copy, or send from your own
          e-mail program, to colleagues so that they answer the same 25 statements. We send nothing to your
          colleagues and never ask for or keep their e-mail addresses or names. The link ends in a long random
          code worked out from your own results link; we store only a hash of it.
        </p>
        <p>
          For each colleague who answers, we keep their 25 ratings, the role they chose if they chose one
          (manager, senior carer or nurse, care worker, office or admin, or other), when they answered, and a
          hash of a random key their browser made for this team audit, so that answering again from the same
          browser replaces their answers instead of adding new ones. We do not keep their IP address with
          their answers; as with every form on this site, we use it for a short time to stop abuse.
        </p>
        <p>
          Answers are anonymous. You see the team&rsquo;s figures on your private results page and in your PDF
          report only once at least 3 colleagues have answered, and then only figures over at least 3 of them:
          the middle score of each area, the lowest and highest, how many gave each rating to the statements
          where answers differ most, and the same for a role only when at least 3 chose it. No one, you and
          our team included, ever sees one colleague&rsquo;s answers. Our team sees only how many team audits
          you opened, when, and how many colleagues answered each.
        </p>
        <p>
          A team audit closes when you close it, or 30 days after it opened. It is kept with the results it
          was opened from, erased with them, and deleted with them at the end of their time; its link then
          shows &ldquo;page not found&rdquo;.
        </p>

        <h2>Saving an audit to finish later</h2>
        <p>
          On any section of the audit you can choose &ldquo;Save and continue later&rdquo; and give your
          e-mail address. We then keep, until you complete the audit or for 30 days from your first save (to
          the end of the 30th day after it, UK time), whichever comes first:
        </p>
        <ul>
          <li>your e-mail address;</li>
          <li>your answers so far, and the section where you stopped;</li>
          <li>your type of service and how many people you support, if you gave them;</li>
          <li>
            for a retake, which earlier results it came from, and their date and area scores, to show the
            change when you finish, and the random number of the earlier audit it replaces in the comparison;
          </li>
          <li>
            whether you ticked &ldquo;The team may contact me about a free consultation&rdquo; when saving,
            and if you did, that wording and when you ticked it;
          </li>
          <li>when you first and last saved it;</li>
          <li>a code that opens your link to continue, kept only as a hash.</li>
        </ul>
        <p>
          We use them to e-mail you a private link to continue, and to reopen the audit where you stopped when
          you open that link, on any device. The link ends in a long random code. Until the e-mail is sent (or
          we give up sending it), the link waits with it in our queue of outgoing e-mail; after that we keep
          only a hash of the code (a fingerprint from which the code cannot be worked out), so the link cannot
          be rebuilt from our records. Anyone who has the link can open the audit, see your answers and change
          them, so keep the e-mail as you would any other private message. Saving again from the link replaces
          the answers saved before.
        </p>
        <p>
          The link works for 30 days from your first save: saved on 28 November, it works until the end of 28
          December, UK time, and the e-mail and the page name that day (saving again does not make it last
          longer), or until you complete the audit. When you complete it, we delete your e-mail address and
          your answers at once, and keep only an empty marker, with nothing that identifies you, until the 30
          days end, so that the link can say it has already been used. At the end of the 30 days everything is
          deleted, and the link says it has expired.
        </p>
        <p>
          Saving sends nothing to our team. The team sees only how many audits are saved to finish later,
          unless you tick &ldquo;The team may contact me about a free consultation&rdquo; when you save: then
          it also sees your e-mail address, when you saved, how many statements you have rated, the section
          where you stopped and when your link ends, and may contact you about a free consultation. It never
          sees your answers. As with the e-mail form, we use your IP address for a short time to stop abuse,
          and we limit how many links one e-mail address can be sent.
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
              <td>Showing your results again through the private link in your e-mail</td>
              <td>Taking steps at your request (Article 6(1)(b))</td>
            </tr>
            <tr>
              <td>
                Keeping an audit you saved to finish later, e-mailing you its link and reopening it from there
              </td>
              <td>Taking steps at your request (Article 6(1)(b))</td>
            </tr>
            <tr>
              <td>
                Showing your results over time, and keeping the action plan you make on your private results
                page
              </td>
              <td>Taking steps at your request (Article 6(1)(b))</td>
            </tr>
            <tr>
              <td>
                Collecting your colleagues&rsquo; anonymous answers to a team audit you opened and showing you
                the team&rsquo;s figures
              </td>
              <td>
                Our legitimate interest, and yours, in showing how your team sees your service (Article
                6(1)(f)); no one&rsquo;s answers are shown as theirs
              </td>
            </tr>
            <tr>
              <td>Our team reading your note and replying to it, about your results only</td>
              <td>Our legitimate interest in answering people who write to us (Article 6(1)(f))</td>
            </tr>
            <tr>
              <td>
                Our team contacting you about a free consultation, by e-mail or on the phone number you gave,
                only if you ticked the box; keeping the contact details you gave for that
              </td>
              <td>
                Your consent (Article 6(1)(a)). You can withdraw it at any time by writing to{' '}
                <a href={`mailto:${CONTACT}`}>{CONTACT}</a>; we then contact you no more.
              </td>
            </tr>
            <tr>
              <td>
                Showing our team the address of an audit you saved to finish later, how far it got and when
                its link ends, so that it can contact you about a free consultation, only if you ticked the
                box when saving
              </td>
              <td>
                Your consent (Article 6(1)(a)). You can withdraw it at any time by writing to{' '}
                <a href={`mailto:${CONTACT}`}>{CONTACT}</a>; we then contact you no more and no longer show
                your address.
              </td>
            </tr>
            <tr>
              <td>
                Our team seeing how many actions of your plan are planned, in progress or done, to know how
                its advice is used
              </td>
              <td>Our legitimate interest in knowing whether our advice helps (Article 6(1)(f))</td>
            </tr>
            <tr>
              <td>
                Knowing which campaigns and websites bring people to the audit, from the campaign tags and the
                name of the website that linked to ours
              </td>
              <td>
                Our legitimate interest in knowing which of our efforts reach care providers (Article 6(1)(f))
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
          decisions about you: the scores, priorities and advice come only from the ratings you gave, and the
          comparison only from anonymous audits.
        </p>

        <h2>Who sees it</h2>
        <p>
          Our small team that follows up audit requests, and the companies that host this website and deliver
          our e-mail, who act only on our instructions and keep the data in the UK or under UK adequacy
          arrangements.
        </p>
        <p>
          If we have set it up, your request is also passed to the system our team uses to follow up leads
          (our CRM), which keeps it on our behalf: with your contact details if you gave them with the box
          ticked, and where your visit came from.
        </p>
        <p>
          Of the audits saved to finish later, our team sees only how many there are, unless you ticked the
          box when saving (see &ldquo;Saving an audit to finish later&rdquo; above). Of an action plan, it
          sees with your request only how many actions are planned, in progress or done, and when it last
          changed. Of a team audit, it sees only when it opened and closed and how many colleagues answered,
          never an answer or a role.
        </p>

        <h2>How long we keep it</h2>
        <p>
          We keep each request, with any contact details you gave and where your visit came from, for{' '}
          {LINK_PLACEHOLDERS.retentionPeriod}, then delete it automatically, and its results link stops
          working. Your action plan, the link between your results, and any team audit with your
          colleagues&rsquo; answers are kept with the request and deleted with it. You can ask us to delete it
          sooner at any time. The anonymous audits used for comparisons are kept indefinitely, as they
          identify no one.
        </p>
        <p>
          An audit saved to finish later is kept until you complete it or for 30 days from its first save,
          whichever comes first, then deleted; a completed one leaves only an empty marker until the 30 days
          end (see &ldquo;Saving an audit to finish later&rdquo; above).
        </p>

        <h2>Your rights</h2>
        <p>
          You can ask for a copy of your data, for corrections, for it to be erased, or object to our use of
          it. To have everything we hold about your e-mail address erased, write to{' '}
          <a href={`mailto:${CONTACT}`}>{CONTACT}</a> from that address (or tell us the address). We erase
          every request from that address in any of its forms (any upper or lower case, with or without a
          &ldquo;+&rdquo; tag), with our team&rsquo;s notes and follow-up of it, the contact details, the
          source of the visit, the action plan and any team audit with its answers stored with it, every audit
          saved to finish later with that address (its link then stops working), and any message still waiting
          to be sent, and confirm within one month. Results sent to another address that follow erased ones
          keep their own results, without the erased ones.
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
