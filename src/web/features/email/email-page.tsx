import { useMemo, useRef, useState, type FormEvent } from 'react';
import { buildReport } from '../../../core';
import { emailAddressSchema, tooManyRequestsMessage } from '../../../shared/email-request';
import { ApiError, requestEmailResults } from '../../api/client';
import { useLocation, useNavigate } from '../../router';
import { BackLink } from '../../ui/back-link';
import { CheckIcon } from '../../ui/icons';
import { NoticeRegion, useNotice, type NoticeContent } from '../../ui/notice';
import { SiteLayout } from '../../ui/site-chrome';
import { NewAuditButton } from '../../audit-state/new-audit-button';
import { responsesFromState, type ResultsState } from '../../audit-state/results-state';
import { EmailForm } from './email-form';

/** What "Send Results to Email" can show (SPEC §8). */
export const NOTICES = {
  emailMissing: { variant: 'error', title: 'Error', text: 'Please enter your email address' },
  sendFailed: { variant: 'error', title: 'Error', text: 'Failed to send email. Please try again.' },
  sent: { variant: 'success', title: 'Success!', text: 'Your audit results have been sent to your email' },
} as const satisfies Record<string, NoticeContent>;

type Phase = { name: 'form' } | { name: 'sending' } | { name: 'sent'; email: string };

/** The e-mail screen (SPEC §2 /email-results): form, then sending, then sent or back with a notice. */
export function EmailPage() {
  const location = useLocation();
  const responses = useMemo(() => responsesFromState(location.state), [location.state]);
  const overallScore = useMemo(() => buildReport(responses).overall.score, [responses]);
  const resultsState: ResultsState = { responses, overallScore };
  const [phase, setPhase] = useState<Phase>({ name: 'form' });
  const [notice, setNotice] = useNotice();
  const [fieldError, setFieldError] = useState<string | null>(null);
  // Counts failed validations, so the form moves focus to the address after each one (and only then).
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  const sentHeading = useRef<HTMLHeadingElement>(null);

  async function send(event: FormEvent<HTMLFormElement>, email: string, message: string) {
    event.preventDefault();
    setNotice(null);
    const address = emailAddressSchema.safeParse(email);
    if (!address.success) {
      const text = address.error.issues[0]?.message ?? NOTICES.emailMissing.text;
      setFieldError(text);
      setInvalidSubmits((n) => n + 1);
      setNotice({ variant: 'error', title: 'Error', text });
      return;
    }
    setFieldError(null);
    setPhase({ name: 'sending' });
    try {
      await requestEmailResults({ email: address.data, message: message.trim() || undefined, responses });
      setNotice(NOTICES.sent);
      setPhase({ name: 'sent', email: address.data });
      requestAnimationFrame(() => sentHeading.current?.focus());
    } catch (error) {
      setPhase({ name: 'form' });
      setNotice(failureNotice(error));
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
            We are sending your audit results to <strong className="sent__address">{phase.email}</strong>.
          </p>
          <p>Please check your inbox and your spam folder. It can take a few minutes to arrive.</p>
          <div className="button-row">
            <BackLinkButton to="/audit-results" state={resultsState} label="Back to Results" />
            <NewAuditButton label="Take Another Audit" className="button button--secondary" />
          </div>
        </section>
      ) : (
        <>
          <h1>Email Your Audit Results</h1>
          <p className="page__intro">
            Your overall score is <strong>{overallScore}%</strong>. Send the full results and your PDF report
            to your inbox.
          </p>
          <EmailForm
            sending={phase.name === 'sending'}
            fieldError={fieldError}
            invalidSubmits={invalidSubmits}
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
    <button type="button" className="button button--primary" onClick={() => navigate(to, { state })}>
      {label}
    </button>
  );
}
