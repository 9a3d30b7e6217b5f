import { describe, expect, it } from 'vitest';
import { normalizeEmail } from '../../shared/email-address';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { useTestDatabase } from '../../../test/support/suite-database';

/**
 * The e-mail address rule has one home, shared/email-address.ts; the database repeats two parts of
 * it in SQL: `lower(email)` (the CHECK that email_requests.email_normalized must meet) and
 * `mailbox_key()` (what the per-recipient limit counts by). One table of addresses holds them together.
 * `address` is as typed; the server stores it trimmed, so SQL is given the trimmed address.
 */
const ADDRESSES: { address: string; normalized: string; mailbox: string }[] = [
  {
    address: 'care.manager@example.org',
    normalized: 'care.manager@example.org',
    mailbox: 'care.manager@example.org',
  },
  {
    address: 'Care.Manager@Example.ORG',
    normalized: 'care.manager@example.org',
    mailbox: 'care.manager@example.org',
  },
  {
    address: '  someone@example.test\t',
    normalized: 'someone@example.test',
    mailbox: 'someone@example.test',
  },
  {
    address: 'first.last+audit@gmail.com',
    normalized: 'first.last+audit@gmail.com',
    mailbox: 'firstlast@gmail.com',
  },
  {
    address: 'First.Last@GoogleMail.com',
    normalized: 'first.last@googlemail.com',
    mailbox: 'firstlast@gmail.com',
  },
  {
    address: 'first.last@example.org',
    normalized: 'first.last@example.org',
    mailbox: 'first.last@example.org',
  },
  { address: 'a+b+c@example.org', normalized: 'a+b+c@example.org', mailbox: 'a@example.org' },
  {
    address: 'Manager+Care@Example.org',
    normalized: 'manager+care@example.org',
    mailbox: 'manager@example.org',
  },
  { address: 'x@sub.example.co.uk', normalized: 'x@sub.example.co.uk', mailbox: 'x@sub.example.co.uk' },
];

describe('normalizeEmail', () => {
  it.each(ADDRESSES)('writes $address as $normalized', ({ address, normalized }) => {
    expect(normalizeEmail(address)).toBe(normalized);
  });
});

describe.each(DATABASE_KINDS)('the SQL side of the address rule on %s', (kind) => {
  const t = useTestDatabase(kind);

  it.each(ADDRESSES)('stores $address as $normalized, counted against $mailbox', async (row) => {
    const { rows } = await t.db.query<{ normalized: string; mailbox: string }>(
      'SELECT lower($1) AS normalized, mailbox_key($1) AS mailbox',
      [row.address.trim()],
    );
    expect(rows[0]).toEqual({ normalized: row.normalized, mailbox: row.mailbox });
  });
});
