import type { LeadDetail as LeadDetailJson } from '../../shared/team-api';
import type { LeadDetail } from '../leads/lead-detail';

/**
 * The `lead.created` event as a receiver (Zapier, a CRM) gets it: the lead as the team sees it,
 * without the team's own follow-up, notes or delivery history. Times are ISO 8601; scores whole
 * percentages. `timestamp` is when the lead was made, so every retry carries the same body.
 */
export interface LeadCreatedEvent {
  type: 'lead.created';
  timestamp: string;
  data: Omit<LeadDetailJson, 'followUpStatus' | 'messages' | 'notes'>;
}

export function leadCreatedEvent(lead: LeadDetail): LeadCreatedEvent {
  const createdAt = lead.createdAt.toISOString();
  return {
    type: 'lead.created',
    timestamp: createdAt,
    data: {
      id: lead.id,
      createdAt,
      email: lead.email,
      note: lead.note,
      consent: lead.consent && { wording: lead.consent.wording, givenAt: lead.consent.givenAt.toISOString() },
      overallScore: lead.overallScore,
      scores: lead.scores,
      answers: lead.answers,
    },
  };
}
