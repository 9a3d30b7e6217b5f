import type { IdleMemoryFigures } from './idle-memory';
import { table } from './markdown-table';
import type { MailThroughput } from './mail-throughput';

/** The `mail` part's figures, as written to the results file. */
export interface MailFigures {
  throughput: MailThroughput;
  idleMemory: IdleMemoryFigures;
}

/** The outbox and memory figures as Markdown, for the terminal and docs/performance.md. */
export function mailMarkdown({ throughput: t, idleMemory: m }: MailFigures): string {
  return [
    `**Outbox under a burst** (PGlite; autocannon ${t.burst.connections} connections for ${t.burst.seconds} s, each request to its own address; two e-mails per accepted request, the visitor's with its PDF, to a local SMTP listener)`,
    '',
    table(
      [
        'accepted',
        'accepted/s (p99)',
        'e-mails sent during the burst',
        'backlog at its end',
        'drained in',
        'e-mails/s after',
      ],
      [
        [
          t.burst.accepted,
          `${t.burst.acceptedPerSecond} (${t.burst.p99Ms} ms)`,
          `${t.sentDuringBurst} (${t.sentPerSecondDuringBurst}/s)`,
          t.backlogAfterBurst,
          `${t.drainSeconds} s${t.drained ? '' : ' (**not drained**: stopped waiting)'}`,
          t.sentPerSecondAfterBurst,
        ],
      ],
    ),
    '',
    '**Idle server memory** (PGlite; RSS 3 s after start-up, and the peak)',
    '',
    table(
      ['DATA_DIR', 'RSS', 'peak RSS'],
      [
        [
          'empty (the server creates the database)',
          `${m.freshDataDir.rssMb} MB`,
          `${m.freshDataDir.peakRssMb} MB`,
        ],
        ['holding the database', `${m.existingDataDir.rssMb} MB`, `${m.existingDataDir.peakRssMb} MB`],
      ],
    ),
  ].join('\n');
}
