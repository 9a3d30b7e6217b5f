import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { hasAnswers, hasProfile, overallScore as overallOf, scoreAreas } from '../../../core';
import { emailAddressProblem } from '../../../shared/email-address';
import { tooManyRequestsMessage } from '../../../shared/api-errors';
import {
  CONTACT_FIELDS,
  contactFieldProblem,
  EMAIL_REQUEST_MESSAGES,
  type ContactField,
} from '../../../shared/email-request-rules';
import type { LeadContact } from '../../../shared/team-api';
import { HONEYPOT_FIELD, PROOF_FIELD } from '../../../shared/bot-check';
import { LINK_PLACEHOLDERS } from '../../../shared/site-links';
import { ApiError, requestEmailResults } from '../../api/client';
import { NewAuditButton } from '../../audit-state/new-audit-button';
import { NoAuditNotice } from '../../audit-state/no-audit-notice';
import {
  contentVersionFromState,
  earlierFromState,
  idempotencyKeyFromState,
  retakesAuditFromState,
  originFromState,
  profileFromState,
  responsesFromState,
  resultsStateFor,
} from '../../audit-state/results-state';
import { useLocation, useNavigate } from '../../../browser/router';
import { BackLink } from '../../ui/back-link';
import { ExternalLink } from '../../ui/external-link';
import { CheckIcon } from '../../ui/icons';
import { NoticeRegion, useNotice, type NoticeContent } from '../../ui/notice';
import { SiteLayout } from '../../ui/site-chrome';
import { EmailForm, type ContactErrors, type ContactValues, type EmailFormValues } from './email-form';
import { useProofOfWork } from '../../../browser/bot-check/proof-of-work';
import { reportUsage } from '../../usage/report-usage';
import { visitSource } from '../../visit-source/visit-source';
import { Address } from '../../../browser/address';

/** What "Send Results to Email" can show: the spec's three notices, and two of our own. */
export const NOTICES = {
  emailMissing: { variant: 'error', title: 'Error', text: EMAIL_REQUEST_MESSAGES.emailMissing },
  emailInvalid: { variant: 'error', title: 'Error', text: EMAIL_REQUEST_MESSAGES.emailInvalid },
  noAnswers: { variant: 'error', title: 'Error', text: EMAIL_REQUEST_MESSAGES.noAnswers },
  contactInvalid: {
    variant: 'error',
    title: 'Error',
    text: 'Please check your contact details: the note beside each one says what to change.',
  },
  sendFailed: { variant: 'error', title: 'Error', text: 'Failed to send email. Please try again.' },
  sent: { variant: 'success', title: 'Success!', text: 'Your audit results have been sent to your email' },
} as const satisfies Record<string, NoticeContent>;

/**
 * Beside the field, what to do about it. Worded differently from the notice above the form, which
 * already says what is wrong: the two together tell the person where and how, not the same twice.
 */
export const FIELD_ERRORS = {
  emailMissing: 'Enter the address your results should go to.',
  emailInvalid: 'Check the address: it should look like name@example.com.',
} as const;

type Phase = { name: 'form' } | { name: 'sending' } | { name: 'sent'; email: string };

/** What is wrong with each contact detail as typed, by the rule the server applies too. */
function contactProblems(contact: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const problem = contactFieldProblem(field, contact[field].trim());
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** The details filled in, trimmed; undefined when none is, so the request carries no contact. */
function contactToSend(contact: ContactValues): LeadContact | undefined {
  const filled = CONTACT_FIELDS.filter((field) => contact[field].trim() !== '');
  if (filled.length === 0) return undefined;
  return Object.fromEntries(filled.map((field) => [field, contact[field].trim()]));
}

/** The e-mail screen: form, then sending, then sent or back with a notice. */
export function EmailPage() {
  const location = useLocation();
  const responses = useMemo(() => responsesFromState(location.state), [location.state]);
  // The score alone, not the whole report: this screen shows nothing else of it.
  const overallScore = useMemo(() => overallOf(scoreAreas(responses)), [responses]);
  const profile = useMemo(() => profileFromState(location.state), [location.state]);
  const earlier = useMemo(() => earlierFromState(location.state), [location.state]);
  const idempotencyKey = idempotencyKeyFromState(location.state);
  const retakesAudit = retakesAuditFromState(location.state);
  const origin = useMemo(() => originFromState(location.state), [location.state]);
  const contentVersion = contentVersionFromState(location.state);
  const auditTaken = hasAnswers(responses);
  // Back to the results with everything they came with: the profile's comparison, a retake's change.
  const resultsState = resultsStateFor(responses, {
    profile,
    earlier,
    idempotencyKey,
    retakesAudit,
    origin,
    contentVersion,
  });
  const [phase, setPhase] = useState<Phase>({ name: 'form' });
  const [notice, setNotice] = useNotice();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [contactErrors, setContactErrors] = useState<ContactErrors>({});
  // Counts failed validations, so the form moves focus to the address after each one (and only then).
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  // Once the sent screen is committed, its heading takes focus. An effect, not the next animation
  // frame: under load React may not have rendered the heading by then, and focus would stay behind.
  useEffect(() => {
    if (phase.name === 'sent') sentHeading.current?.focus();
  }, [phase.name]);
  const { takeProof, prepare } = useProofOfWork();

  function emailInput(email: string) {
    // An address that has become valid clears its error at once, beside the field and above it.
    if (fieldError && emailAddressProblem(email.trim()) === undefined) {
      setFieldError(null);
      setNotice(null);
    }
  }

  function contactInput(field: ContactField, value: string) {
    // A detail that has become valid clears its error at once, as the address does.
    if (contactErrors[field] && contactFieldProblem(field, value.trim()) === undefined) {
      setContactErrors(({ [field]: _fixed, ...others }) => others);
    }
  }

  async function send(event: FormEvent<HTMLFormElement>, values: EmailFormValues) {
    event.preventDefault();
    setNotice(null);
    const address = values.email.trim();
    const addressProblem = emailAddressProblem(address);
    // Unticked, the details are neither sent nor checked: they are hidden and not asked for.
    const contactErrorsNow = values.consent ? contactProblems(values.contact) : {};
    setContactErrors(contactErrorsNow);
    if (addressProblem !== undefined) {
      const missing = address === '';
      setFieldError(missing ? FIELD_ERRORS.emailMissing : FIELD_ERRORS.emailInvalid);
      setInvalidSubmits((n) => n + 1);
      setNotice(missing ? NOTICES.emailMissing : NOTICES.emailInvalid);
      return;
    }
    setFieldError(null);
    if (Object.keys(contactErrorsNow).length > 0) {
      setInvalidSubmits((n) => n + 1);
      setNotice(NOTICES.contactInvalid);
      return;
    }
    const contact = values.consent ? contactToSend(values.contact) : undefined;
    const source = visitSource();
    if (!auditTaken) {
      setNotice(NOTICES.noAnswers);
      return;
    }
    setPhase({ name: 'sending' });
    try {
      // Usually solved while the person typed; if not, the button says "Sending..." until it is.
      const proof = await takeProof();
      await requestEmailResults({
        email: address,
        message: values.message.trim() || undefined,
        responses,
        ...(hasProfile(profile) ? { profile } : {}),
        consent: values.consent,
        ...(contact ? { contact } : {}),
        ...(source ? { source } : {}),
        // The links the audit came through, so its stored result joins the chain it belongs to.
        ...origin,
        // The key the audit was sent to the benchmark with: kept with the result, so a retake from
        // its results link names that audit and replaces it in the comparison.
        ...(idempotencyKey ? { auditKey: idempotencyKey } : {}),
        // The words it was answered with: the e-mail, the stored result and its PDF keep them.
        contentVersion,
        [HONEYPOT_FIELD]: values.honeypot,
        [PROOF_FIELD]: proof,
      });
      reportUsage('email_requested');
      setNotice(NOTICES.sent);
      setPhase({ name: 'sent', email: address });
    } catch (error) {
      setPhase({ name: 'form' });
      setNotice(failureNotice(error));
      // Each challenge is accepted once: get the next one ready for another try.
      prepare();
    }
  }

  return (
    <SiteLayout>
      <BackLink to="/audit-results" state={resultsState}>
        Back to Results
      </BackLink>
      <NoticeRegion notice={notice} />
      {phase.name === 'sent' ? (
        <section className="card sent" aria-labelledby="sent-title">
          <CheckIcon className="sent__icon" />
          <h1 id="sent-title" ref={sentHeading} tabIndex={-1}>
            Email Sent Successfully!
          </h1>
          <p>
            Your results and PDF report are addressed to{' '}
            <strong>
              <Address value={phase.email} />
            </strong>
            . They can take a few minutes to arrive: please check your inbox and your spam folder.
          </p>
          <h2 className="sent__next-title">Next step</h2>
          <p>Talk your results through with our implementation team in a free consultation.</p>
          <div className="button-row">
            <ExternalLink href={LINK_PLACEHOLDERS.bookingUrl} className="button button--primary">
              Book a free consultation
            </ExternalLink>
            <BackLinkButton to="/audit-results" state={resultsState} label="Back to Results" />
            <NewAuditButton label="Take Another Audit" className="button button--secondary" />
          </div>
        </section>
      ) : (
        <>
          <h1>Email Your Audit Results</h1>
          {auditTaken ? null : (
            <NoAuditNotice>Take the audit first: there are no results to e-mail yet.</NoAuditNotice>
          )}
          <p className="page__intro">
            Your overall score is <strong>{overallScore}%</strong>. Send the full results and your PDF report
            to your inbox.
          </p>
          <EmailForm
            sending={phase.name === 'sending'}
            fieldError={fieldError}
            contactErrors={contactErrors}
            invalidSubmits={invalidSubmits}
            onEmailInput={emailInput}
            onContactInput={contactInput}
            onSubmit={send}
          />
        </>
      )}
    </SiteLayout>
  );
}

function failureNotice(error: unknown): NoticeContent {
  if (error instanceof ApiError && error.status === 429) {
    return { variant: 'error', title: 'Error', text: tooManyRequestsMessage(error.retryAfterSeconds) };
  }
  return NOTICES.sendFailed;
}

function BackLinkButton({ to, state, label }: { to: string; state: unknown; label: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" className="button button--secondary" onClick={() => navigate(to, { state })}>
      {label}
    </button>
  );
}
