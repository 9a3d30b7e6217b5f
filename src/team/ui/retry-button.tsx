import { useState } from 'react';
import type { LeadMessage } from '../../shared/team-api';
import { teamApi } from '../api';
import { KIND_LABELS } from './format';
import { messageOf, useNotice } from './notice';

/** Retries a failed message and says so; shared by a lead's history and the failed-deliveries page. */
export function RetryButton({
  message,
  onDone,
}: {
  message: { id: string; recipient: string; kind: LeadMessage['kind'] };
  onDone: () => void;
}) {
  const notify = useNotice();
  const [busy, setBusy] = useState(false);
  async function retry() {
    setBusy(true);
    try {
      await teamApi.retry(message.id);
      notify({
        tone: 'success',
        text: `${KIND_LABELS[message.kind]} to ${message.recipient} will be sent again.`,
      });
      onDone();
    } catch (error) {
      notify({ tone: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button--secondary button--small" onClick={retry} disabled={busy}>
      {busy ? 'Retrying…' : 'Retry'}
      <span className="visually-hidden">
        {' '}
        {KIND_LABELS[message.kind].toLowerCase()} to {message.recipient}
      </span>
    </button>
  );
}
