import { describe, expect, it } from 'vitest';
import {
  composeTimeline,
  messageRecipientWords,
  NOTE_EXCERPT_LENGTH,
  noteExcerpt,
  type TimelineFacts,
  type TimelineMessage,
} from './lead-timeline';

const at = (time: string) => new Date(`2026-11-20T${time}Z`);
const SAM = 'sam@care-audit.example';

const NO_FACTS: Omit<TimelineFacts, 'results'> = {
  messages: [],
  changes: [],
  notes: [],
};

const FIRST = { createdAt: at('09:00:00'), consent: false, overallScore: 48 };

function message(overrides: Partial<TimelineMessage>): TimelineMessage {
  return {
    kind: 'visitor',
    recipient: 'lead@example.org',
    status: 'queued',
    attempts: 0,
    createdAt: at('09:00:00'),
    sentAt: null,
    lastAttemptDueAt: at('09:00:00'),
    ...overrides,
  };
}

/** The timeline of a request at 09:00 with `facts`, as [time, kind, actor, summary]. */
function timeline(facts: Partial<TimelineFacts>) {
  return composeTimeline({
    results: [FIRST],
    ...NO_FACTS,
    ...facts,
  }).map((e) => [e.at.toISOString().slice(11, 19), e.kind, e.actor, e.summary]);
}

describe('messageRecipientWords', () => {
  it('says who a message went to in words, a webhook by no address at all', () => {
    expect(messageRecipientWords('visitor', 'lead@example.org')).toBe('E-mail to the visitor');
    expect(messageRecipientWords('team', 'leads@care-audit.example')).toBe('E-mail to the team (LEADS_TO)');
    expect(messageRecipientWords('webhook', 'https://hooks.example.test/catch/secret')).toBe('Webhook');
    expect(messageRecipientWords('lead_alert', SAM)).toBe(`Alert to ${SAM}`);
    expect(messageRecipientWords('lead_alert')).toBe('Alert to a team member');
  });
});

describe('noteExcerpt', () => {
  it('keeps a note of up to 80 characters whole, on one line', () => {
    expect(noteExcerpt('x'.repeat(NOTE_EXCERPT_LENGTH))).toBe('x'.repeat(80));
    expect(noteExcerpt('  Called.\n\nNo answer;\tleft a message.  ')).toBe(
      'Called. No answer; left a message.',
    );
  });

  it('cuts a longer one after 80 characters (as people count them) with …', () => {
    expect(noteExcerpt('x'.repeat(81))).toBe(`${'x'.repeat(80)}…`);
    expect(noteExcerpt('😀'.repeat(81))).toBe(`${'😀'.repeat(80)}…`);
    expect(noteExcerpt(`${'word '.repeat(40)}`)).toBe(`${'word '.repeat(16).trimEnd()}…`);
  });
});

describe('composeTimeline', () => {
  it('says each later result with its change, and each change of consent, never what was withdrawn', () => {
    const results = [
      { ...FIRST, consent: true },
      { createdAt: at('10:00:00'), consent: false, overallScore: 40 },
      { createdAt: at('11:00:00'), consent: true, overallScore: 40 },
      { createdAt: at('12:00:00'), consent: true, overallScore: 100 },
    ];
    expect(timeline({ results })).toEqual([
      ['09:00:00', 'request', null, 'Asked for the results by e-mail, and agreed to be contacted'],
      ['10:00:00', 'returned', null, 'Came back: a new result, 40% overall (−8 since the last)'],
      [
        '10:00:00',
        'consent_change',
        null,
        'Withdrew consent to be contacted: the contact details were deleted',
      ],
      ['11:00:00', 'returned', null, 'Came back: a new result, 40% overall (no change)'],
      ['11:00:00', 'consent_change', null, 'Agreed to be contacted'],
      ['12:00:00', 'returned', null, 'Came back: a new result, 100% overall (+60 since the last)'],
    ]);
  });

  it('starts with the request, with or without consent to be contacted', () => {
    expect(timeline({})).toEqual([['09:00:00', 'request', null, 'Asked for the results by e-mail']]);
    expect(composeTimeline({ results: [{ ...FIRST, consent: true }], ...NO_FACTS })[0]?.summary).toBe(
      'Asked for the results by e-mail, and agreed to be contacted',
    );
  });

  it('gives each message its queueing and its outcome: sent, failed, still trying, being sent', () => {
    expect(
      timeline({
        messages: [
          message({ status: 'sent', attempts: 1, sentAt: at('09:00:05') }),
          message({
            kind: 'team',
            recipient: 'leads@care-audit.example',
            status: 'failed',
            attempts: 8,
            lastAttemptDueAt: at('11:00:00'),
          }),
          message({
            kind: 'webhook',
            recipient: 'https://hooks.example.test/x',
            status: 'queued',
            attempts: 2,
          }),
          message({ kind: 'lead_alert', recipient: SAM, status: 'sending', attempts: 1 }),
          message({
            kind: 'lead_alert',
            recipient: 'alex@care-audit.example',
            status: 'sent',
            attempts: 3,
            sentAt: at('09:10:00'),
          }),
        ],
      }),
    ).toEqual([
      ['09:00:00', 'request', null, 'Asked for the results by e-mail'],
      ['09:00:00', 'delivery', null, 'E-mail to the visitor queued'],
      ['09:00:00', 'delivery', null, 'E-mail to the team (LEADS_TO) queued'],
      ['09:00:00', 'delivery', null, 'Webhook queued (2 attempts so far; trying again)'],
      ['09:00:00', 'delivery', null, `Alert to ${SAM} queued (being sent now, attempt 1)`],
      ['09:00:00', 'delivery', null, 'Alert to alex@care-audit.example queued'],
      ['09:00:05', 'delivery', null, 'E-mail to the visitor sent'],
      ['09:10:00', 'delivery', null, 'Alert to alex@care-audit.example sent after 3 attempts'],
      ['11:00:00', 'delivery', null, 'E-mail to the team (LEADS_TO) failed after 8 attempts'],
    ]);
  });

  it('never dates a failure before its message was queued', () => {
    expect(
      timeline({
        messages: [
          message({
            status: 'failed',
            attempts: 1,
            createdAt: at('09:00:01'),
            lastAttemptDueAt: at('08:00:00'),
          }),
        ],
      }).at(-1),
    ).toEqual(['09:00:01', 'delivery', null, 'E-mail to the visitor failed after 1 attempt']);
  });

  it('puts the team’s changes, notes and later results in time order with the deliveries, oldest first', () => {
    expect(
      timeline({
        messages: [message({ status: 'sent', attempts: 1, sentAt: at('09:00:05') })],
        changes: [
          { at: at('10:00:00'), actor: SAM, action: 'status_change', detail: 'new → contacted' },
          { at: at('10:05:00'), actor: SAM, action: 'owner_change', detail: `nobody → ${SAM}` },
          { at: at('10:06:00'), actor: SAM, action: 'follow_up_date', detail: '2026-12-01' },
          { at: at('10:07:00'), actor: SAM, action: 'follow_up_date', detail: 'cleared' },
          { at: at('12:00:00'), actor: SAM, action: 'retry', detail: 'team message' },
          { at: at('12:01:00'), actor: SAM, action: 'retry', detail: 'lead_alert message' },
          { at: at('12:02:00'), actor: SAM, action: 'retry', detail: null },
        ],
        notes: [
          { createdAt: at('09:30:00'), author: 'alex@care-audit.example', body: 'Left a voicemail.' },
          { createdAt: at('11:00:00'), author: SAM, body: 'y'.repeat(200) },
        ],
        results: [FIRST, { createdAt: at('13:00:00'), consent: false, overallScore: 56 }],
      }),
    ).toEqual([
      ['09:00:00', 'request', null, 'Asked for the results by e-mail'],
      ['09:00:00', 'delivery', null, 'E-mail to the visitor queued'],
      ['09:00:05', 'delivery', null, 'E-mail to the visitor sent'],
      ['09:30:00', 'note', 'alex@care-audit.example', 'Note: “Left a voicemail.”'],
      ['10:00:00', 'status_change', SAM, 'Status changed: new → contacted'],
      ['10:05:00', 'owner_change', SAM, `Owner changed: nobody → ${SAM}`],
      ['10:06:00', 'follow_up_date', SAM, 'Follow-up date set to 1 December 2026'],
      ['10:07:00', 'follow_up_date', SAM, 'Follow-up date cleared'],
      ['11:00:00', 'note', SAM, `Note: “${'y'.repeat(80)}…”`],
      ['12:00:00', 'delivery', SAM, 'E-mail to the team (LEADS_TO) had failed; queued again'],
      ['12:01:00', 'delivery', SAM, 'Alert to a team member had failed; queued again'],
      ['12:02:00', 'delivery', SAM, 'A message had failed; queued again'],
      ['13:00:00', 'returned', null, 'Came back: a new result, 56% overall (+8 since the last)'],
    ]);
  });

  it('orders entries given out of order, keeping those of one instant in their listed order', () => {
    const entries = timeline({
      changes: [
        { at: at('10:00:00'), actor: SAM, action: 'status_change', detail: 'contacted → closed' },
        { at: at('09:30:00'), actor: SAM, action: 'status_change', detail: 'new → contacted' },
      ],
      notes: [{ createdAt: at('09:30:00'), author: SAM, body: 'Same instant as the change' }],
    });
    expect(entries.map((e) => e[3])).toEqual([
      'Asked for the results by e-mail',
      'Status changed: new → contacted',
      'Note: “Same instant as the change”',
      'Status changed: contacted → closed',
    ]);
  });
});
