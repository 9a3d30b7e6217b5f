import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ManagerTeamAudit, TeamAuditSummary } from '../../../shared/team-audit';
import {
  closeTeamAudit,
  fetchTeamAudit,
  openTeamAudit,
  type TeamAuditAnswer,
} from '../../api/manager-team-audit';
import { LoadFailed } from '../../ui/load-failed';
import { ShareLink } from './share-link';
import {
  ASK_AGAIN_BUTTON,
  ASK_AGAIN_NOTE,
  ASK_BUTTON,
  CLOSE_BUTTON,
  CLOSE_QUESTION,
  CONFIRM_CLOSE_BUTTON,
  GONE_MESSAGE,
  INTRO,
  KEEP_OPEN_BUTTON,
  PRIVACY_NOTE,
  REFRESH_BUTTON,
  TEAM_SECTION_HEADING,
  answeredSentence,
  closedSentence,
  closedTooFewSentence,
  ukDayInWords,
  viewPendingSentence,
} from './team-audit-words';
import { TeamViewPart } from './team-view-part';
import './team-audit.css';

type Loaded =
  { kind: 'loading' } | { kind: 'ready'; answer: ManagerTeamAudit } | { kind: 'failed' } | { kind: 'gone' };

type Action = 'open' | 'close' | 'refresh';

/**
 * What each change says while it waits and when it failed (the server's reason follows). Opening
 * and closing need no word once done: the section changes, and focus moves to what is new.
 */
const ACTION_WORDS: Record<Action, { pending: string; failed: string }> = {
  open: { pending: 'Opening your team audit…', failed: 'Your team audit could not be opened.' },
  close: { pending: 'Closing your team audit…', failed: 'Your team audit could not be closed.' },
  refresh: { pending: 'Checking for new answers…', failed: 'New answers could not be checked.' },
};

const CALLS: Record<Action, (token: string) => Promise<TeamAuditAnswer>> = {
  open: openTeamAudit,
  close: closeTeamAudit,
  refresh: fetchTeamAudit,
};

/**
 * "Ask your team" on the private results page (PRODUCT.md part 4, "The whole team answers";
 * decision 0071): before the first team audit, the button that opens one; while one is open, its
 * link to pass on, how many have answered and when it closes, and Close (after a confirming step);
 * once closed, when and with how many, and a new one. The team's view shows whenever the server
 * sends it (at least three answers). A change that fails says so with a way to try again, and
 * leaves what is shown as it was. Loaded only once the results are in (results-link-page.tsx).
 */
export function TeamAuditSection({ token }: { token: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // What the last change is doing or did, shown and read out beside the buttons that make changes.
  const [said, setSaid] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ action: Action; message: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Where focus goes once the change it follows has been drawn: the button pressed is gone by then.
  const focusTo = useRef<'link' | 'status' | 'close' | 'question' | null>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const busy = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    void fetchTeamAudit(token, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result.status === 'ok') setLoaded({ kind: 'ready', answer: result.answer });
      else setLoaded({ kind: result.status === 'gone' ? 'gone' : 'failed' });
    });
    return () => controller.abort();
  }, [token, attempt]);

  // After every render: a render that drew what focus was waiting for moves it there, once.
  useEffect(() => {
    if (!focusTo.current) return;
    const target = { link: linkRef, status: statusRef, close: closeRef, question: questionRef }[
      focusTo.current
    ];
    focusTo.current = null;
    target.current?.focus();
  });

  async function act(action: Action) {
    // One change at a time: a second press while the first is on its way does nothing.
    if (busy.current) return;
    busy.current = true;
    setSaid(ACTION_WORDS[action].pending);
    setFailure(null);
    const result = await CALLS[action](token);
    busy.current = false;
    setSaid(
      result.status === 'ok' && action === 'refresh'
        ? `Checked just now. ${answeredSentence(result.answer.teamAudit?.respondents ?? 0)}`
        : null,
    );
    if (result.status === 'gone') {
      setLoaded({ kind: 'gone' });
    } else if (result.status === 'failed') {
      setFailure({ action, message: result.message });
    } else {
      setLoaded({ kind: 'ready', answer: result.answer });
      setConfirming(false);
      if (action === 'open') focusTo.current = 'link';
      else if (action === 'close') focusTo.current = 'status';
    }
  }

  const feedback = (
    <ActionFeedback
      said={said}
      failure={failure && { title: ACTION_WORDS[failure.action].failed, message: failure.message }}
      onRetry={() => failure && void act(failure.action)}
    />
  );

  let content;
  if (loaded.kind === 'loading') {
    content = (
      <p className="team-audit__note" role="status">
        Loading your team audit…
      </p>
    );
  } else if (loaded.kind === 'failed') {
    content = (
      <LoadFailed
        title="Your team audit could not be loaded."
        onRetry={() => {
          setLoaded({ kind: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  } else if (loaded.kind === 'gone') {
    content = <p className="notice notice--error">{GONE_MESSAGE}</p>;
  } else {
    const { teamAudit, organisation } = loaded.answer;
    content = !teamAudit ? (
      <NoTeamAudit onAsk={() => void act('open')} feedback={feedback} />
    ) : teamAudit.status === 'open' ? (
      <OpenTeamAudit
        teamAudit={teamAudit}
        organisation={organisation}
        linkRef={linkRef}
        statusRef={statusRef}
        closeRef={closeRef}
        questionRef={questionRef}
        confirming={confirming}
        feedback={feedback}
        onRefresh={() => void act('refresh')}
        onClose={() => {
          focusTo.current = 'question';
          setConfirming(true);
        }}
        onConfirm={() => void act('close')}
        onKeepOpen={() => {
          focusTo.current = 'close';
          setConfirming(false);
        }}
      />
    ) : (
      <ClosedTeamAudit
        teamAudit={teamAudit}
        statusRef={statusRef}
        feedback={feedback}
        onAskAgain={() => void act('open')}
      />
    );
  }

  return (
    <section className="card team-audit" aria-labelledby="team-audit-title">
      <h2 id="team-audit-title">{TEAM_SECTION_HEADING}</h2>
      {content}
    </section>
  );
}

/**
 * What a change is doing (a status) and that it failed, with a way to try again (an alert): both
 * regions stay in the page while their state is shown, so what appears in them is read out. Each
 * state puts them right after its buttons, where the eye is.
 */
function ActionFeedback({
  said,
  failure,
  onRetry,
}: {
  said: string | null;
  failure: { title: string; message: string } | null;
  onRetry: () => void;
}) {
  return (
    <>
      <p className="team-audit__said" role="status">
        {said}
      </p>
      <div role="alert">
        {failure ? (
          <div className="notice notice--error">
            <p className="notice__title">{failure.title}</p>
            <p className="notice__text">{failure.message}</p>
            <button type="button" className="button button--secondary" onClick={onRetry}>
              Try again
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}

function NoTeamAudit({ onAsk, feedback }: { onAsk: () => void; feedback: ReactNode }) {
  return (
    <>
      <p className="team-audit__intro">{INTRO}</p>
      <p className="team-audit__intro">{PRIVACY_NOTE}</p>
      <button type="button" className="button button--primary" onClick={onAsk}>
        {ASK_BUTTON}
      </button>
      {feedback}
    </>
  );
}

interface OpenTeamAuditProps {
  teamAudit: TeamAuditSummary;
  organisation: string | undefined;
  linkRef: RefObject<HTMLInputElement | null>;
  statusRef: RefObject<HTMLParagraphElement | null>;
  closeRef: RefObject<HTMLButtonElement | null>;
  questionRef: RefObject<HTMLParagraphElement | null>;
  confirming: boolean;
  feedback: ReactNode;
  onRefresh: () => void;
  onClose: () => void;
  onConfirm: () => void;
  onKeepOpen: () => void;
}

function OpenTeamAudit({
  teamAudit,
  organisation,
  linkRef,
  statusRef,
  closeRef,
  questionRef,
  confirming,
  feedback,
  onRefresh,
  onClose,
  onConfirm,
  onKeepOpen,
}: OpenTeamAuditProps) {
  const questionId = useId();
  const { respondents, view } = teamAudit;
  return (
    <>
      <p className="team-audit__status" ref={statusRef} tabIndex={-1}>
        <span className="team-audit__badge">Open</span> {answeredSentence(respondents)} It closes on{' '}
        {ukDayInWords(teamAudit.closesAt)}.
      </p>
      {view ? null : <p className="team-audit__note">{viewPendingSentence(respondents)}</p>}
      <ShareLink
        joinLink={teamAudit.joinLink}
        closesAt={teamAudit.closesAt}
        organisation={organisation}
        inputRef={linkRef}
      />
      {confirming ? (
        <div className="notice notice--info team-audit__confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId} ref={questionRef} tabIndex={-1}>
            {CLOSE_QUESTION}
          </p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={onConfirm}>
              {CONFIRM_CLOSE_BUTTON}
            </button>
            <button type="button" className="button button--secondary" onClick={onKeepOpen}>
              {KEEP_OPEN_BUTTON}
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row team-audit__manage">
          <button type="button" className="button button--ghost" onClick={onRefresh}>
            {REFRESH_BUTTON}
          </button>
          <button type="button" className="button button--ghost" ref={closeRef} onClick={onClose}>
            {CLOSE_BUTTON}
          </button>
        </div>
      )}
      {feedback}
      {view ? <TeamViewPart view={view} /> : null}
    </>
  );
}

function ClosedTeamAudit({
  teamAudit,
  statusRef,
  feedback,
  onAskAgain,
}: {
  teamAudit: TeamAuditSummary;
  statusRef: RefObject<HTMLParagraphElement | null>;
  feedback: ReactNode;
  onAskAgain: () => void;
}) {
  const { respondents, view } = teamAudit;
  return (
    <>
      <p className="team-audit__status" ref={statusRef} tabIndex={-1}>
        <span className="team-audit__badge team-audit__badge--closed">Closed</span>{' '}
        {closedSentence(teamAudit.closedAt ?? teamAudit.closesAt, respondents)}
      </p>
      {view ? (
        <TeamViewPart view={view} />
      ) : (
        <p className="team-audit__note">{closedTooFewSentence(respondents)}</p>
      )}
      <h3>Ask again</h3>
      <p className="team-audit__note">{ASK_AGAIN_NOTE}</p>
      <button type="button" className="button button--primary" onClick={onAskAgain}>
        {ASK_AGAIN_BUTTON}
      </button>
      {feedback}
    </>
  );
}
