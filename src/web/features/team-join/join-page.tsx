import { Suspense, useEffect, useRef, useState } from 'react';
import {
  AREAS,
  AREA_IDS,
  MIN_TEAM_RESPONDENTS,
  TEAM_ROLES,
  TEAM_ROLE_LABELS,
  isAreaComplete,
  withAnswer,
  type Rating,
  type Responses,
  type TeamRole,
} from '../../../core';
import { tooManyRequestsMessage } from '../../../shared/api-errors';
import { HONEYPOT_FIELD, PROOF_FIELD } from '../../../shared/bot-check';
import {
  JOIN_PATH,
  TEAM_AUDIT_MESSAGES,
  joinTokenFromPath,
  teamAuditOwner,
  type TeamAuditInvitation,
} from '../../../shared/team-audit';
import { Honeypot } from '../../../browser/bot-check/honeypot';
import { useProofOfWork } from '../../../browser/bot-check/proof-of-work';
import { Link, useLocation, useNavigate } from '../../../browser/router';
import { ApiError } from '../../api/client';
import { ContentUnavailable } from '../../content/content-unavailable';
import { useContentVersion } from '../../content/use-content-version';
import { QUESTIONS_VERSION_1 } from '../../../core/content/questions-v1';
import { fetchInvitation, sendTeamAnswer, type InvitationAnswer } from '../../api/colleague-team-audit';
import { RATING_INSTRUCTION, SectionForm, SectionProgress } from '../../audit-flow/section-form';
import { useSectionFlow } from '../../audit-flow/section-flow';
import { BackLink } from '../../ui/back-link';
import { lazyPart } from '../../ui/lazy-part';
import { LoadFailed } from '../../ui/load-failed';
import { SiteLayout } from '../../ui/site-chrome';
import { respondentKeyFor } from './respondent-key';
import { isTeamRole, sentFromState, useTeamAnswers, type Sent } from './team-answers';
import './team-join.css';

type PageState = InvitationAnswer | { status: 'loading' };

/**
 * The role radios: the team audit's short fixed list, after "Prefer not to say", which is chosen
 * until the colleague picks a role and leaves the role out of the answer.
 */
const NO_ROLE = 'unsaid';
type RoleChoice = TeamRole | typeof NO_ROLE;
const ROLE_OPTIONS: { id: RoleChoice; label: string }[] = [
  { id: NO_ROLE, label: 'Prefer not to say' },
  ...TEAM_ROLES.map((role) => ({ id: role, label: TEAM_ROLE_LABELS[role] })),
];

/**
 * The role's radio group (the results page's ChoiceGroup) and the colleague's own results load
 * after the page: they are the results pages' own parts, which vite.config.ts keeps in those pages'
 * chunks, and this page's script has a budget. Both are fetched as soon as the sections show, long
 * before the last section needs them.
 */
const loadChoiceGroup = () => import('../../../browser/forms/choice-group');
const ChoiceGroup = lazyPart(() => loadChoiceGroup().then((m) => m.ChoiceGroup<RoleChoice>), RoleUnavailable);
const loadResults = () => import('./own-results');
const OwnResults = lazyPart(() => loadResults().then((m) => m.OwnResults), ResultsUnavailable);

const PAGE_TITLE = 'AI Care Management Audit';
const UNREACHABLE =
  'Your answers could not be sent. Please check your connection and try again: they are kept on this page.';

/**
 * A colleague's page for a team audit, /audit-tool/join/<token> (PRODUCT.md part 4, "The whole
 * team answers"), opened from the link their manager sent. The server sends it for an open or a
 * closed team audit; it asks the API which, then says whose team audit it is and that the answers
 * are anonymous, and asks the audit's 25 statements in the audit's own section flow, with an
 * optional role at the end. Sent, the colleague sees their own results. Nothing here touches the
 * tab's own audit, and no usage is counted: a colleague's answers are not a visitor's audit.
 */
export function JoinPage() {
  const { pathname } = useLocation();
  const token = joinTokenFromPath(pathname);
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void fetchInvitation(token, controller.signal).then((answer) => {
      if (!controller.signal.aborted) setState(answer);
    });
    return () => controller.abort();
  }, [token, attempt]);

  if (!token || state.status === 'not_found') {
    return <JoinEnded title="Team audit not found" text={TEAM_AUDIT_MESSAGES.notFound} />;
  }
  if (state.status === 'found' && state.invitation.status === 'closed') {
    return <JoinEnded title="Team audit closed" text={TEAM_AUDIT_MESSAGES.closed} />;
  }
  if (state.status === 'found') return <TeamAnswering token={token} invitation={state.invitation} />;
  return (
    <SiteLayout>
      <BackLink to="/">Back to Home</BackLink>
      <h1>{PAGE_TITLE}</h1>
      {state.status === 'failed' ? (
        <LoadFailed
          title="The team audit could not be opened."
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <p className="page__intro" role="status">
          Opening the team audit…
        </p>
      )}
    </SiteLayout>
  );
}

type Sending = { name: 'idle' } | { name: 'sending' } | { name: 'failed'; text: string; key: number };

/** An open team audit: the sections, then (in a history entry of its own) the colleague's results. */
function TeamAnswering({ token, invitation }: { token: string; invitation: TeamAuditInvitation }) {
  const path = `${JOIN_PATH}/${token}`;
  const location = useLocation();
  const navigate = useNavigate();
  const [draft, saveDraft] = useTeamAnswers(token);
  const { responses, role } = draft;
  const { section, goToSection, moveOn, headingRef } = useSectionFlow(path, responses, 0);
  const complete = AREA_IDS.every((id) => isAreaComplete(responses, id));
  const sent = complete && location.pathname === path ? sentFromState(location.state) : undefined;
  const isLast = section === AREAS.length - 1;
  const honeypot = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending>({ name: 'idle' });
  const failures = useRef(0);
  // Solved in the background from the moment the sections show, usually long before the end.
  const { takeProof, prepare } = useProofOfWork();
  // Colleagues answer the statements their manager answered, in that version's words.
  const words = useContentVersion(invitation.contentVersion, QUESTIONS_VERSION_1);

  useEffect(() => {
    for (const load of [loadChoiceGroup, loadResults]) void load().catch(() => undefined);
  }, []);

  // Back from the results to the sections (or "Change your answers"): start at the section's heading.
  const wasSent = useRef(false);
  useEffect(() => {
    if (wasSent.current && !sent) headingRef.current?.focus();
    wasSent.current = sent !== undefined;
  }, [sent, headingRef]);

  function rate(question: number, rating: Rating) {
    saveDraft({ ...draft, responses: withAnswer(responses, AREAS[section].id, question, rating) });
  }

  async function send() {
    setSending({ name: 'sending' });
    try {
      const proof = await takeProof();
      const stored = await sendTeamAnswer(token, {
        respondentKey: respondentKeyFor(token),
        ...(role ? { role } : {}),
        responses,
        [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
        [PROOF_FIELD]: proof,
      });
      setSending({ name: 'idle' });
      moveOn({ sent: stored });
      // Ready for "Change your answers" and a second send, which replaces this one.
      prepare();
    } catch (error) {
      failures.current += 1;
      setSending({ name: 'failed', text: sendFailureMessage(error), key: failures.current });
      // Each challenge is accepted once: get the next one ready for another try.
      prepare();
    }
  }

  if (sent) {
    return (
      <SentView
        sent={sent}
        responses={responses}
        onChange={() => navigate(path, { state: { section: 0 }, samePage: true })}
      />
    );
  }
  return (
    <SiteLayout>
      <BackLink to="/">Back to Home</BackLink>
      <h1>{PAGE_TITLE}</h1>
      <div className="card team-join__note">
        <p className="team-join__owner">You are answering {teamAuditOwner(invitation.organisation)}.</p>
        <p>
          Your answers are anonymous: they join your colleagues’ answers, and no one is shown them as yours.
          We do not ask for your name or e-mail address.
        </p>
      </div>
      <p className="page__intro">{RATING_INSTRUCTION}</p>
      <SectionProgress section={section} />
      {typeof words === 'string' ? (
        <ContentUnavailable lookup={words} />
      ) : (
        <SectionForm
          content={words.content}
          section={section}
          responses={responses}
          headingRef={headingRef}
          onRate={rate}
          onPrevious={() => goToSection(section - 1)}
          onNext={() => goToSection(section + 1)}
          finish={{
            label:
              sending.name === 'sending' ? (
                <>
                  <span className="spinner" aria-hidden="true" />
                  Sending…
                </>
              ) : (
                'Send my answers'
              ),
            onFinish: () => void send(),
            busy: sending.name === 'sending',
          }}
        >
          {isLast ? (
            <>
              <Suspense fallback={<p className="team-join__loading">Loading the last question…</p>}>
                <ChoiceGroup
                  legend="Your role (optional)"
                  name="team-role"
                  hint={`Your manager sees answers by role only where at least ${MIN_TEAM_RESPONDENTS} colleagues give the same role.`}
                  options={ROLE_OPTIONS}
                  value={role ?? NO_ROLE}
                  onChange={(chosen) =>
                    saveDraft({ responses, ...(isTeamRole(chosen) ? { role: chosen } : {}) })
                  }
                />
              </Suspense>
              <Honeypot ref={honeypot} />
              <div role="alert" aria-atomic="true">
                {sending.name === 'failed' ? (
                  <p key={sending.key} className="notice notice--error team-join__failed">
                    {sending.text}
                  </p>
                ) : null}
              </div>
            </>
          ) : null}
        </SectionForm>
      )}
    </SiteLayout>
  );
}

/** What a failed send says; the answers stay on the page, so trying again needs nothing re-entered. */
export function sendFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return UNREACHABLE;
  if (error.status === 409)
    return error.code === 'full' ? TEAM_AUDIT_MESSAGES.full : TEAM_AUDIT_MESSAGES.closed;
  if (error.status === 404) return TEAM_AUDIT_MESSAGES.notFound;
  if (error.status === 429) return tooManyRequestsMessage(error.retryAfterSeconds);
  // The bot check's own words, say (a 4xx with the API's error body; a proxy's page has none).
  if (error.status >= 400 && error.status < 500 && error.code !== 'internal_error') return error.message;
  return UNREACHABLE;
}

/** Sent: that the answers joined the team's, the colleague's own results, and a way to change them. */
function SentView({ sent, responses, onChange }: { sent: Sent; responses: Responses; onChange: () => void }) {
  const message = useRef<HTMLParagraphElement>(null);
  // The sections the focus was in are gone: it goes to what happened.
  useEffect(() => message.current?.focus(), []);
  return (
    <SiteLayout>
      <BackLink to="/">Back to Home</BackLink>
      <h1>{PAGE_TITLE}</h1>
      <div role="status" aria-atomic="true">
        <p ref={message} tabIndex={-1} className="notice notice--success team-join__sent">
          {sent.replaced
            ? 'Thank you: your answers have joined the team’s, and replaced your earlier answers.'
            : 'Thank you: your answers have joined the team’s.'}
        </p>
      </div>
      <p className="page__intro">
        Your manager sees the team’s figures once at least {MIN_TEAM_RESPONDENTS} colleagues have answered,
        and never anyone’s answers as theirs. Below are your own results, from your answers alone.
      </p>
      <Suspense fallback={<p className="page__intro">Loading your results…</p>}>
        <OwnResults responses={responses} />
      </Suspense>
      <div className="button-row team-join__actions">
        <button type="button" className="button button--secondary" onClick={onChange}>
          Change your answers
        </button>
      </div>
    </SiteLayout>
  );
}

function RoleUnavailable() {
  return (
    <p className="notice notice--error" role="alert">
      The question of your role could not be loaded. It is optional: you can send your answers without it.
    </p>
  );
}

function ResultsUnavailable() {
  return (
    <p className="notice notice--error" role="alert">
      Your results could not be loaded. Your answers were sent; reload the page to see your results.
    </p>
  );
}

/** A link that opens no team audit to answer: what happened, and the way home. */
function JoinEnded({ title, text }: { title: string; text: string }) {
  return (
    <SiteLayout>
      <div className="not-found">
        <h1 className="results-expired__title">{title}</h1>
        <p className="not-found__text">{text}</p>
        <Link to="/" className="button button--primary">
          Return to Home
        </Link>
      </div>
    </SiteLayout>
  );
}
