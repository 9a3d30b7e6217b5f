import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';
import { activityLog, storeLead } from '../../../test/support/lead-fixtures';
import { leadDetail } from './lead-detail';
import { addLeadNote, noteBodyProblem, setFollowUpStatus } from './lead-follow-up';
import { eraseAddress } from './lead-records';

const SAM = 'sam@care-audit.example';
const ALEX = 'alex@care-audit.example';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

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
});

describe.each(DATABASE_KINDS)('follow-up on %s', (kind) => {
  const t = useTestDatabase(kind);
  let lead: string;
  beforeEach(async () => {
    lead = await storeLead(t.db, { email: 'lead@example.org' });
  });

  describe('setFollowUpStatus', () => {
    it('changes the status and records who changed it from what to what', async () => {
      expect(await setFollowUpStatus(t.db, lead, 'contacted', SAM)).toEqual({
        outcome: 'changed',
        followUpStatus: 'contacted',
        previous: 'new',
      });
      expect(await setFollowUpStatus(t.db, lead, 'closed', ALEX)).toMatchObject({ previous: 'contacted' });
      expect((await leadDetail(t.db, lead))?.followUpStatus).toBe('closed');
      expect(await activityLog(t.db)).toEqual([
        { actor: SAM, action: 'status_change', subject: lead, detail: 'new → contacted' },
        { actor: ALEX, action: 'status_change', subject: lead, detail: 'contacted → closed' },
      ]);
    });

    it('records nothing when the status is already the one asked for', async () => {
      expect(await setFollowUpStatus(t.db, lead, 'new', SAM)).toEqual({
        outcome: 'unchanged',
        followUpStatus: 'new',
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
      // The log says a note was added, not what it says.
      expect(await activityLog(t.db)).toEqual([
        { actor: SAM, action: 'note_added', subject: lead, detail: null },
        { actor: ALEX, action: 'note_added', subject: lead, detail: null },
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
