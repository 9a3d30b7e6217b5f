import { AREA_IDS, overallScore, scoreAreas, type AreaId } from '../../core';
import { areaContent, areaTitle, type AuditContent } from '../../core/content';
import type { LeadAnswer } from '../../shared/team-api';
import type { StoredEmailRequest } from '../leads/email-requests';
import type { LeadColumns } from '../leads/lead-columns';

/**
 * The event a receiver (Zapier, a CRM) gets for each result: `lead.created` for a person's first
 * (once per lead), `lead.updated` for each later one, with the same `data.id` (the lead's), so a
 * receiver updates the record it made rather than making a second. The body is the result as the
 * visitor sent it, without the team's own follow-up, owner, notes or delivery history (a retry must
 * carry the same body). Times are ISO 8601; scores whole percentages, scored from the answers by
 * the same functions as the visitor's e-mail and report. `timestamp` is when the result came, so
 * every retry carries the same body.
 */
export interface LeadCreatedEvent {
  type: 'lead.created' | 'lead.updated';
  timestamp: string;
  data: LeadCreatedData;
}

export interface LeadCreatedData {
  /** The lead's id: the same in its lead.created and every lead.updated. */
  id: string;
  /** This result's own id (for lead.created, the lead's id too). */
  resultId: string;
  /** When this result came. */
  createdAt: string;
  email: LeadColumns['email'];
  note: LeadColumns['note'];
  /** LeadColumns' consent, its time as ISO 8601. */
  consent: { wording: string; givenAt: string } | null;
  /** The parts given with consent; null without consent or when none was given. */
  contact: LeadColumns['contact'];
  /** The utm_* values and referring host the visit came with; {} for a direct visit. */
  source: LeadColumns['source'];
  /** The service type and size the visitor gave; {} when they skipped the question. */
  profile: LeadColumns['profile'];
  overallScore: number;
  scores: Record<AreaId, number>;
  /** The version of the audit's words the result was answered with (1, 2, …). */
  contentVersion: number;
  /**
   * Every statement of the audit in the order it asks them (25), in the words of `contentVersion`,
   * rated 1–5 or null.
   */
  answers: LeadAnswer[];
}

/**
 * The event for one stored request: plain data in, plain data out (no database, no clock). The
 * request that made its lead (whose id the lead took) is the lead's creation; any other, an update.
 * `content` is the version of the audit's words the request names (request.contentVersion): its
 * statements are listed in them.
 */
export function leadCreatedEvent(request: StoredEmailRequest, content: AuditContent): LeadCreatedEvent {
  const createdAt = request.createdAt.toISOString();
  const scores = scoreAreas(request.responses);
  return {
    type: request.id === request.leadId ? 'lead.created' : 'lead.updated',
    timestamp: createdAt,
    data: {
      id: request.leadId,
      resultId: request.id,
      createdAt,
      email: request.email,
      note: request.note,
      consent: request.consent && {
        wording: request.consent.wording,
        givenAt: request.consent.givenAt.toISOString(),
      },
      contact: request.contact,
      source: request.source,
      profile: request.profile,
      overallScore: overallScore(scores),
      scores,
      contentVersion: request.contentVersion,
      answers: AREA_IDS.flatMap((areaId) =>
        areaContent(content, areaId).statements.map((statement, question) => ({
          areaId,
          areaTitle: areaTitle(areaId),
          statement: statement.text,
          rating: request.responses[areaId]?.[question] ?? null,
        })),
      ),
    },
  };
}
