import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { activityLog, storeLead } from '../../../test/support/lead-fixtures';
import { PLAIN_TEXT_MESSAGE } from '../../shared/plain-text';
import type { Database } from '../db/database';
import { leadDetail } from './lead-detail';
import {
  addLeadNote,
  isCalendarDay,
  noteBodyProblem,
  setFollowUpDay,
  setFollowUpStatus,
  setLeadOwner,
} from './lead-follow-up';
import { eraseAddress } from './lead-records';

const SAM = 'sam@care-audit.example';
const ALEX = 'alex@care-audit.example';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The log as the lead desk writes it: each entry's action, lead (link and masked address), subject and detail. */
async function leadActivity(db: Database) {
  const { rows } = await db.query<{
    actor: string;
    action: string;
    lead_id: string | null;
    lead_label: string | null;
    subject: string | null;
    detail: string | null;
  }>('SELECT actor, action, lead_id, lead_label, subject, detail FROM team_activity ORDER BY id');
  return rows;
}

describe('noteBodyProblem', () => {
  it('keeps 1 to 2,000 characters after trimming, counted as people count them', () => {
    expect(noteBodyProblem('x')).toBeUndefined();
    expect(noteBodyProblem('x'.repeat(2_000))).toBeUndefined();
    expect(noteBodyProblem(`  ${'x'.repeat(2_000)}\n`)).toBeUndefined();
    // 2,000 emoji are 4,000 UTF-16 units but 2,000 characters, as the database counts them.
    expect(noteBodyProblem('😀'.repeat(2_000))).toBeUndefined();
    expect(noteBodyProblem('x'.repeat(2_001))).toBe(
      'A note can be at most 2,000 characters (this one has 2,001).',
    );
    expect(noteBodyProblem('')).toBe('Write a note first.');
    expect(noteBodyProblem(' \n\t ')).toBe('Write a note first.');
  });

  it('keeps plain text only, by the visitor’s note’s rule: tabs and new lines yes, other controls and lone surrogates no', () => {
    expect(noteBodyProblem('Line one\n\tLine two\r\n')).toBeUndefined();
    for (const body of [
      'a\u0000b',
      '\u0007bell',
      'del\u007f',
      'half \ud83d of a pair',
      'other half \ude00',
      '\u001b[31m',
    ]) {
      expect(noteBodyProblem(body), JSON.stringify(body)).toBe(PLAIN_TEXT_MESSAGE);
    }
    // Refused before it is counted: a long note with U+0000 is refused for the character.
    expect(noteBodyProblem(`${'x'.repeat(2_001)}\u0000`)).toBe(PLAIN_TEXT_MESSAGE);
  });
});

describe('isCalendarDay', () => {
  it('takes a day that exists, written YYYY-MM-DD, and nothing else', () => {
    for (const day of ['2026-11-24', '2028-02-29', '2026-12-31', '1970-01-01', '9999-12-31']) {
      expect(isCalendarDay(day), day).toBe(true);
    }
    for (const day of [
      '2026-02-29',
      '2026-13-01',
      '2026-11-31',
      '2026-1-5',
      '26-11-24',
      '',
      '2026-11-24T00:00:00Z',
      'tomorrow',
      '0000-01-01',
    ]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });
});

describe.each(DATABASE_KINDS)('follow-up on %s', (kind) => {
  const t = useTestDatabase(kind);
  let lead: string;
  beforeEach(async () => {
    lead = await storeLead(t.db, { email: 'lead@example.org' });
  });

  describe('setFollowUpStatus', () => {
    it('changes the status and records who changed it from what to what, naming the lead', async () => {
      expect(await setFollowUpStatus(t.db, lead, 'contacted', SAM)).toEqual({
        outcome: 'changed',
        value: 'contacted',
        previous: 'new',
      });
      expect(await setFollowUpStatus(t.db, lead, 'closed', ALEX)).toMatchObject({ previous: 'contacted' });
      expect((await leadDetail(t.db, lead))?.followUpStatus).toBe('closed');
      const named = { lead_id: lead, lead_label: 'l•••@example.org', subject: null };
      expect(await leadActivity(t.db)).toEqual([
        { actor: SAM, action: 'status_change', ...named, detail: 'new → contacted' },
        { actor: ALEX, action: 'status_change', ...named, detail: 'contacted → closed' },
      ]);
    });

    it('records nothing when the status is already the one asked for', async () => {
      expect(await setFollowUpStatus(t.db, lead, 'new', SAM)).toEqual({
        outcome: 'unchanged',
        value: 'new',
        previous: 'new',
      });
      expect(await activityLog(t.db)).toEqual([]);
    });

    it('finds no lead for an unknown id or a non-id, and changes nothing', async () => {
      expect(await setFollowUpStatus(t.db, UNKNOWN_ID, 'closed', SAM)).toEqual({ outcome: 'not_found' });
      expect(await setFollowUpStatus(t.db, 'not-an-id', 'closed', SAM)).toEqual({ outcome: 'not_found' });
      await expect(setFollowUpStatus(t.db, lead, 'won' as 'closed', SAM)).rejects.toThrow(RangeError);
      expect((await leadDetail(t.db, lead))?.followUpStatus).toBe('new');
      expect(await activityLog(t.db)).toEqual([]);
    });
  });

  describe('setLeadOwner', () => {
    it('sets, changes and clears the owner, each change recorded from whom to whom, naming the lead', async () => {
      expect(await setLeadOwner(t.db, lead, SAM, SAM)).toEqual({
        outcome: 'changed',
        value: SAM,
        previous: null,
      });
      expect(await setLeadOwner(t.db, lead, ALEX, SAM)).toEqual({
        outcome: 'changed',
        value: ALEX,
        previous: SAM,
      });
      expect(await setLeadOwner(t.db, lead, null, ALEX)).toEqual({
        outcome: 'changed',
        value: null,
        previous: ALEX,
      });
      expect((await leadDetail(t.db, lead))?.owner).toBeNull();
      const named = {
        action: 'owner_change',
        lead_id: lead,
        lead_label: 'l•••@example.org',
        subject: null,
      };
      expect(await leadActivity(t.db)).toEqual([
        { actor: SAM, ...named, detail: `nobody → ${SAM}` },
        { actor: SAM, ...named, detail: `${SAM} → ${ALEX}` },
        { actor: ALEX, ...named, detail: `${ALEX} → nobody` },
      ]);
    });

    it('records nothing when the owner is already the one asked for, nobody included', async () => {
      expect(await setLeadOwner(t.db, lead, null, SAM)).toEqual({
        outcome: 'unchanged',
        value: null,
        previous: null,
      });
      await setLeadOwner(t.db, lead, SAM, SAM);
      expect(await setLeadOwner(t.db, lead, SAM, ALEX)).toEqual({
        outcome: 'unchanged',
        value: SAM,
        previous: SAM,
      });
      expect((await activityLog(t.db)).map((e) => e.actor)).toEqual([SAM]);
    });

    it('finds no lead for an unknown id, a non-id or an erased lead, and records nothing', async () => {
      expect(await setLeadOwner(t.db, UNKNOWN_ID, SAM, SAM)).toEqual({ outcome: 'not_found' });
      expect(await setLeadOwner(t.db, 'not-an-id', SAM, SAM)).toEqual({ outcome: 'not_found' });
      await eraseAddress(t.db, 'lead@example.org', SAM);
      expect(await setLeadOwner(t.db, lead, SAM, SAM)).toEqual({ outcome: 'not_found' });
      expect((await activityLog(t.db)).map((e) => e.action)).toEqual(['erase']);
    });
  });

  describe('setFollowUpDay', () => {
    it('sets a day (a past one too), changes and clears it, each recorded with the day or "cleared"', async () => {
      expect(await setFollowUpDay(t.db, lead, '2026-12-01', SAM)).toEqual({
        outcome: 'changed',
        value: '2026-12-01',
        previous: null,
      });
      expect((await leadDetail(t.db, lead))?.followUpOn).toBe('2026-12-01');
      expect(await setFollowUpDay(t.db, lead, '2020-01-31', SAM)).toMatchObject({
        value: '2020-01-31',
        previous: '2026-12-01',
      });
      expect(await setFollowUpDay(t.db, lead, null, ALEX)).toEqual({
        outcome: 'changed',
        value: null,
        previous: '2020-01-31',
      });
      expect((await leadDetail(t.db, lead))?.followUpOn).toBeNull();
      const named = {
        action: 'follow_up_date',
        lead_id: lead,
        lead_label: 'l•••@example.org',
        subject: null,
      };
      expect(await leadActivity(t.db)).toEqual([
        { actor: SAM, ...named, detail: '2026-12-01' },
        { actor: SAM, ...named, detail: '2020-01-31' },
        { actor: ALEX, ...named, detail: 'cleared' },
      ]);
    });

    it('keeps the latest day there is and a leap day as written', async () => {
      for (const day of ['9999-12-31', '2028-02-29']) {
        await setFollowUpDay(t.db, lead, day, SAM);
        expect((await leadDetail(t.db, lead))?.followUpOn).toBe(day);
      }
      // There is no year 0 (PostgreSQL would refuse it): not a day.
      await expect(setFollowUpDay(t.db, lead, '0000-01-01', SAM)).rejects.toThrow(RangeError);
    });

    it('records nothing for the day it already has, or clearing none', async () => {
      expect(await setFollowUpDay(t.db, lead, null, SAM)).toMatchObject({ outcome: 'unchanged' });
      await setFollowUpDay(t.db, lead, '2026-12-01', SAM);
      expect(await setFollowUpDay(t.db, lead, '2026-12-01', SAM)).toMatchObject({ outcome: 'unchanged' });
      expect(await activityLog(t.db)).toHaveLength(1);
    });

    it('refuses what is not a day, and finds no lead for an unknown id', async () => {
      await expect(setFollowUpDay(t.db, lead, '2026-02-29', SAM)).rejects.toThrow(RangeError);
      await expect(setFollowUpDay(t.db, lead, '2026-12-1', SAM)).rejects.toThrow(RangeError);
      expect(await setFollowUpDay(t.db, UNKNOWN_ID, '2026-12-01', SAM)).toEqual({ outcome: 'not_found' });
      expect((await leadDetail(t.db, lead))?.followUpOn).toBeNull();
      expect(await activityLog(t.db)).toEqual([]);
    });
  });

  describe('addLeadNote', () => {
    it('keeps the note trimmed, with its author and time, oldest first, and records that one was added', async () => {
      const before = Date.now();
      const first = await addLeadNote(t.db, lead, '  Called, no answer.\n', SAM);
      // Notes are ordered by their time, and PGlite's clock counts whole milliseconds: let one pass,
      // or two quick notes could share an instant and be ordered by their random ids instead.
      await new Promise((resolve) => setTimeout(resolve, 2));
      const second = await addLeadNote(t.db, lead, 'Booked a call for Tuesday', ALEX);
      expect(first).toEqual({
        outcome: 'added',
        note: {
          id: expect.any(String),
          author: SAM,
          body: 'Called, no answer.',
          createdAt: expect.any(Date),
        },
      });
      if (first.outcome !== 'added' || second.outcome !== 'added') throw new Error('not added');
      expect(first.note.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(first.note.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      expect((await leadDetail(t.db, lead))?.notes).toEqual([first.note, second.note]);
      // The log says a note was added to which lead, not what it says.
      const named = { action: 'note_added', lead_id: lead, lead_label: 'l•••@example.org', subject: null };
      expect(await leadActivity(t.db)).toEqual([
        { actor: SAM, ...named, detail: null },
        { actor: ALEX, ...named, detail: null },
      ]);
    });

    it('keeps 2,000 characters and refuses 2,001 or a blank note, storing nothing', async () => {
      expect((await addLeadNote(t.db, lead, 'n'.repeat(2_000), SAM)).outcome).toBe('added');
      expect(await addLeadNote(t.db, lead, 'n'.repeat(2_001), SAM)).toEqual({
        outcome: 'invalid',
        problem: 'A note can be at most 2,000 characters (this one has 2,001).',
      });
      expect(await addLeadNote(t.db, lead, '   ', SAM)).toEqual({
        outcome: 'invalid',
        problem: 'Write a note first.',
      });
      expect((await leadDetail(t.db, lead))?.notes.map((n) => n.body.length)).toEqual([2_000]);
      expect(await activityLog(t.db)).toHaveLength(1);
    });

    it('refuses U+0000 and a lone surrogate, storing nothing (the database would fail on the first)', async () => {
      for (const body of ['a\u0000b', 'half \ud83d of a pair']) {
        expect(await addLeadNote(t.db, lead, body, SAM)).toEqual({
          outcome: 'invalid',
          problem: PLAIN_TEXT_MESSAGE,
        });
      }
      expect((await leadDetail(t.db, lead))?.notes).toEqual([]);
      expect(await activityLog(t.db)).toEqual([]);
    });

    it('finds no lead for an unknown id or a non-id; an erased lead takes its notes with it', async () => {
      expect(await addLeadNote(t.db, UNKNOWN_ID, 'hello', SAM)).toEqual({ outcome: 'not_found' });
      expect(await addLeadNote(t.db, "'; DROP TABLE lead_notes; --", 'hello', SAM)).toEqual({
        outcome: 'not_found',
      });
      await addLeadNote(t.db, lead, 'about to go', SAM);
      await eraseAddress(t.db, 'lead@example.org', SAM);
      const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_notes');
      expect(rows[0]?.n).toBe(0);
    });
  });
});
