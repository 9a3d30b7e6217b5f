import { describe, expect, it } from 'vitest';
import { DIRECT_SOURCE, OVERVIEW_TOP_SOURCES } from '../../shared/team-api';
import { DATABASE_KINDS } from '../../../test/support/databases';
import { storeLead } from '../../../test/support/lead-fixtures';
import { useTestDatabase } from '../../../test/support/suite-database';
import type { Database } from '../db/database';
import { overviewPeriods } from '../usage/overview';
import { readLeadFigures } from './lead-figures';

const TODAY = new Date('2026-11-23T15:00:00.000Z');
const INSIDE = new Date('2026-11-20T09:00:00.000Z');

interface Lead {
  status?: string;
  serviceType?: string | null;
  size?: string | null;
  utmSource?: string | null;
  referrerHost?: string | null;
  createdAt?: Date;
}

let made = 0;
/** A stored request with these columns set as the visitor and the team left them. */
async function lead(
  db: Database,
  {
    status = 'new',
    serviceType = null,
    size = null,
    utmSource = null,
    referrerHost = null,
    createdAt = INSIDE,
  }: Lead,
) {
  const id = await storeLead(db, { email: `lead${++made}@example.org`, createdAt });
  await db.query(
    `UPDATE email_requests SET service_type = $2, size_band = $3, utm_source = $4, referrer_host = $5
      WHERE id = $1`,
    [id, serviceType, size, utmSource, referrerHost],
  );
  await db.query('UPDATE leads SET follow_up_status = $2 WHERE id = $1', [id, status]);
}

describe.each(DATABASE_KINDS)('the leads of the overview on %s', (kind) => {
  const t = useTestDatabase(kind);
  const figures = () => readLeadFigures(t.db, overviewPeriods(TODAY), TODAY);

  it('lists every status, service type and size at zero, "not given" last, and no source, when there are no leads', async () => {
    const { leads, consentGiven } = await figures();
    expect(leads).toEqual({
      total: 0,
      previousTotal: 0,
      byStatus: [
        { key: 'new', count: 0 },
        { key: 'contacted', count: 0 },
        { key: 'qualified', count: 0 },
        { key: 'closed', count: 0 },
      ],
      byServiceType: [
        { key: 'home_care', count: 0 },
        { key: 'residential', count: 0 },
        { key: 'nursing', count: 0 },
        { key: 'supported_living', count: 0 },
        { key: 'other', count: 0 },
        { key: null, count: 0 },
      ],
      bySize: [
        { key: 'under_25', count: 0 },
        { key: '25_99', count: 0 },
        { key: '100_plus', count: 0 },
        { key: null, count: 0 },
      ],
      bySource: [],
      otherSources: null,
    });
    expect(consentGiven).toEqual({ current: 0, previous: 0 });
  });

  it('groups the 30 days’ leads by status, service type, size and source: a null is "not given", no campaign and no referrer is direct', async () => {
    await lead(t.db, {
      status: 'contacted',
      serviceType: 'home_care',
      size: 'under_25',
      utmSource: 'newsletter',
    });
    await lead(t.db, {
      status: 'contacted',
      serviceType: 'home_care',
      size: null,
      utmSource: 'newsletter',
      referrerHost: 'www.google.com',
    });
    await lead(t.db, {
      status: 'closed',
      serviceType: null,
      size: '100_plus',
      referrerHost: 'www.google.com',
    });
    await lead(t.db, { status: 'new', serviceType: 'nursing', size: '100_plus' });
    await lead(t.db, { status: 'new' });
    // Outside the 30 days: counted as the period before, grouped nowhere.
    await lead(t.db, {
      status: 'qualified',
      serviceType: 'other',
      utmSource: 'old-campaign',
      createdAt: new Date('2026-10-24T23:59:59.999Z'),
    });

    const { leads } = await figures();
    expect(leads.total).toBe(5);
    expect(leads.previousTotal).toBe(1);
    expect(leads.byStatus).toEqual([
      { key: 'new', count: 2 },
      { key: 'contacted', count: 2 },
      { key: 'qualified', count: 0 },
      { key: 'closed', count: 1 },
    ]);
    expect(leads.byServiceType).toEqual([
      { key: 'home_care', count: 2 },
      { key: 'residential', count: 0 },
      { key: 'nursing', count: 1 },
      { key: 'supported_living', count: 0 },
      { key: 'other', count: 0 },
      { key: null, count: 2 },
    ]);
    expect(leads.bySize).toEqual([
      { key: 'under_25', count: 1 },
      { key: '25_99', count: 0 },
      { key: '100_plus', count: 2 },
      { key: null, count: 2 },
    ]);
    // The campaign's source wins over the referring host; most leads first, equals by name.
    expect(leads.bySource).toEqual([
      { key: DIRECT_SOURCE, count: 2 },
      { key: 'newsletter', count: 2 },
      { key: 'www.google.com', count: 1 },
    ]);
    expect(leads.otherSources).toBeNull();
  });

  it(`names ${OVERVIEW_TOP_SOURCES} sources and takes the rest together: none at exactly ${OVERVIEW_TOP_SOURCES}, one at one more`, async () => {
    for (let i = 1; i <= OVERVIEW_TOP_SOURCES; i++) {
      await lead(t.db, { utmSource: `source-${String(i).padStart(2, '0')}` });
    }
    await lead(t.db, { utmSource: 'source-05' });
    let { leads } = await figures();
    expect(leads.bySource).toHaveLength(OVERVIEW_TOP_SOURCES);
    expect(leads.bySource[0]).toEqual({ key: 'source-05', count: 2 });
    expect(leads.bySource[1]).toEqual({ key: 'source-01', count: 1 });
    expect(leads.otherSources).toBeNull();

    // An eleventh source with one lead: last by count and by name, so it is the one taken together.
    await lead(t.db, { utmSource: 'source-zz' });
    ({ leads } = await figures());
    expect(leads.bySource).toHaveLength(OVERVIEW_TOP_SOURCES);
    expect(leads.bySource.map((s) => s.key)).not.toContain('source-zz');
    expect(leads.otherSources).toEqual({ sources: 1, count: 1 });
    expect(leads.bySource.reduce((sum, s) => sum + s.count, 0) + 1).toBe(leads.total);
  });

  it('counts consent per lead (a person once, by their latest word in the period), in each period', async () => {
    await storeLead(t.db, { email: 'yes@example.org', consent: true, createdAt: INSIDE });
    await storeLead(t.db, { email: 'Yes+again@example.org', consent: true, createdAt: INSIDE });
    await storeLead(t.db, { email: 'also-yes@example.org', consent: true, createdAt: INSIDE });
    await storeLead(t.db, { email: 'no@example.org', consent: false, createdAt: INSIDE });
    // Yes, then no: a person whose latest word in the period is "no" has not consented.
    await storeLead(t.db, {
      email: 'changed@example.org',
      consent: true,
      createdAt: new Date('2026-11-19T09:00:00Z'),
    });
    await storeLead(t.db, { email: 'changed@example.org', consent: false, createdAt: INSIDE });
    await storeLead(t.db, {
      email: 'before@example.org',
      consent: true,
      createdAt: new Date('2026-09-25T00:00:00Z'),
    });
    const { consentGiven, leads } = await figures();
    expect(consentGiven).toEqual({ current: 2, previous: 1 });
    expect(leads).toMatchObject({ total: 4, previousTotal: 1 });
  });
});
