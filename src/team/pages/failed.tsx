import type { FailedMessage } from '../../shared/team-api';
import { Link } from '../../browser/router';
import { teamApi } from '../api';
import { Address } from '../../browser/address';
import { DataTable, type Column } from '../ui/data-table';
import { formatDateTime, KIND_LABELS, plural } from '../ui/format';
import { LoadError } from '../ui/notice';
import { usePage } from '../ui/page-title';
import { RetryButton } from '../ui/retry-button';
import { useLoad } from '../ui/use-load';

/** Every message the outbox gave up on (results, lead e-mails, sign-in links, webhooks), to retry. */
export function FailedPage() {
  const heading = usePage('Failed deliveries');
  const failed = useLoad(teamApi.failed);
  const messages = failed.data?.messages;
  const columns: Column<FailedMessage>[] = [
    { header: 'Message', cell: (m) => KIND_LABELS[m.kind] },
    { header: 'To', cell: (m) => <Address value={m.recipient} />, className: 'address', rowHeader: true },
    { header: 'Queued', cell: (m) => formatDateTime(m.createdAt), className: 'nowrap' },
    { header: 'Attempts', cell: (m) => m.attempts, className: 'num' },
    { header: 'Last error', cell: (m) => m.lastError ?? '–' },
    {
      header: 'Lead',
      cell: (m) =>
        m.requestId ? <Link to={`/team/leads/${encodeURIComponent(m.requestId)}`}>Open lead</Link> : '–',
    },
    {
      header: 'Action',
      // A sign-in link would have expired by now: the person asks for a new one instead.
      cell: (m) =>
        m.kind === 'sign_in' ? (
          <span className="muted">Ask for a new link</span>
        ) : (
          <RetryButton message={m} onDone={failed.reload} />
        ),
    },
  ];
  return (
    <>
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Failed deliveries
        </h1>
        {messages ? <p className="page-head__meta">{plural(messages.length, 'message')}</p> : null}
      </div>
      <p className="muted">
        Messages the server stopped trying to deliver after its retries. Retry one once the cause is fixed (a
        full mailbox, a webhook receiver that was down).
      </p>
      {failed.error ? <LoadError message={failed.error.message} onRetry={failed.reload} /> : null}
      {!messages && !failed.error ? <p className="loading">Loading…</p> : null}
      {messages && messages.length === 0 ? (
        <div className="card empty">
          <h2>Nothing has failed</h2>
          <p className="muted">Every message so far was delivered or is still being tried.</p>
        </div>
      ) : null}
      {messages && messages.length > 0 ? (
        <div className="card card--flush">
          <DataTable
            caption="Failed deliveries, newest first"
            columns={columns}
            rows={messages}
            rowKey={(m) => m.id}
            busy={failed.loading}
          />
        </div>
      ) : null}
    </>
  );
}
