import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { hasAnswers, hasProfile, overallScore as overallOf, scoreAreas } from '../../../core';
import { emailAddressProblem } from '../../../shared/email-address';
import { tooManyRequestsMessage } from '../../../shared/api-errors';
import { EMAIL_REQUEST_MESSAGES } from '../../../shared/email-request-rules';
import { HONEYPOT_FIELD, PROOF_FIELD } from '../../../shared/bot-check';
import { LINK_PLACEHOLDERS } from '../../../shared/site-links';
import { ApiError, requestEmailResults } from '../../api/client';
import { NewAuditButton } from '../../audit-state/new-audit-button';
import { NoAuditNotice } from '../../audit-state/no-audit-notice';
import {
  earlierFromState,
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
import { EmailForm, type EmailFormValues } from './email-form';
import { useProofOfWork } from '../../../browser/bot-check/proof-of-work';
import { reportUsage } from '../../usage/report-usage';

/** What "Send Results to Email" can show: the spec's three notices, and two of our own. */
export const NOTICES = {
  emailMissing: { variant: 'error', title: 'Error', text: EMAIL_REQUEST_MESSAGES.emailMissing },
  emailInvalid: { variant: 'error', title: 'Error', text: EMAIL_REQUEST_MESSAGES.emailInvalid },
  noAnswers: { variant: 'error', title: 'Error', text: EMAIL_REQUEST_MESSAGES.noAnswers },
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

/** The e-mail screen: form, then sending, then sent or back with a notice. */
export function EmailPage() {
  const location = useLocation();
  const responses = useMemo(() => responsesFromState(location.state), [location.state]);
  // The score alone, not the whole report: this screen shows nothing else of it.
  const overallScore = useMemo(() => overallOf(scoreAreas(responses)), [responses]);
  const profile = useMemo(() => profileFromState(location.state), [location.state]);
  const earlier = useMemo(() => earlierFromState(location.state), [location.state]);
  const auditTaken = hasAnswers(responses);
  // Back to the results with everything they came with: the profile's comparison, a retake's change.
  const resultsState = resultsStateFor(responses, profile, earlier);
  const [phase, setPhase] = useState<Phase>({ name: 'form' });
  const [notice, setNotice] = useNotice();
  const [fieldError, setFieldError] = useState<string | null>(null);
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

  async function send(event: FormEvent<HTMLFormElement>, values: EmailFormValues) {
    event.preventDefault();
    setNotice(null);
    const address = values.email.trim();
    if (emailAddressProblem(address) !== undefined) {
      const missing = address === '';
      setFieldError(missing ? FIELD_ERRORS.emailMissing : FIELD_ERRORS.emailInvalid);
      setInvalidSubmits((n) => n + 1);
      setNotice(missing ? NOTICES.emailMissing : NOTICES.emailInvalid);
      return;
    }
    setFieldError(null);
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
            <strong className="sent__address">{phase.email}</strong>. They can take a few minutes to arrive:
            please check your inbox and your spam folder.
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
            invalidSubmits={invalidSubmits}
            onEmailInput={emailInput}
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
