import type { AreaId } from '../core';

/**
 * What the team workspace's API answers, as the browser app reads it and the server's routes
 * send it. Times are ISO 8601 strings; scores are whole percentages (0–100).
 */

/** Where a lead stands with the team. */
export const FOLLOW_UP_STATUSES = ['new', 'contacted', 'qualified', 'closed'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

/** A lead's messages taken together: failed if any failed, else pending if any waits, else sent. */
export const DELIVERY_STATES = ['sent', 'pending', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Leads, messages, activity: one page of a list is this long. */
export const TEAM_PAGE_SIZE = 50;

export interface TeamSetup {
  /** False while TEAM_EMAILS names nobody: no one can sign in. */
  signInEnabled: boolean;
}

export interface SignInAccepted {
  status: 'sent_if_on_team';
}

export interface TeamSession {
  email: string;
  expiresAt: string;
}

export interface ActivityEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  subject: string | null;
  detail: string | null;
}

interface Page {
  total: number;
  page: number;
  pageSize: number;
}

export interface ActivityPage extends Page {
  entries: ActivityEntry[];
}

export interface LeadSummary {
  id: string;
  createdAt: string;
  email: string;
  overallScore: number;
  followUpStatus: FollowUpStatus;
  delivery: DeliveryState;
  consent: boolean;
  hasNote: boolean;
}

export interface LeadPage extends Page {
  leads: LeadSummary[];
}

/** What the list is asked for; an absent filter means "any". */
export interface LeadQuery {
  page: number;
  q?: string;
  status?: FollowUpStatus;
  delivery?: DeliveryState;
}

export interface LeadAnswer {
  areaId: AreaId;
  areaTitle: string;
  statement: string;
  /** 1–5, or null when the statement was left unrated. */
  rating: number | null;
}

export type MessageKind = 'visitor' | 'team' | 'sign_in' | 'webhook';
export type MessageStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface LeadMessage {
  id: string;
  kind: MessageKind;
  recipient: string;
  status: MessageStatus;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface LeadNote {
  id: string;
  author: string;
  body: string;
  createdAt: string;
}

export interface LeadDetail {
  id: string;
  createdAt: string;
  email: string;
  note: string | null;
  consent: { wording: string; givenAt: string } | null;
  overallScore: number;
  scores: Record<AreaId, number>;
  followUpStatus: FollowUpStatus;
  answers: LeadAnswer[];
  messages: LeadMessage[];
  notes: LeadNote[];
}

/** A team note's body, after trimming, is 1 to this many characters. */
export const NOTE_MAX_LENGTH = 2000;

export interface EraseResult {
  requests: number;
  messages: number;
  messagesBeingSent: number;
}

export interface FailedMessage {
  id: string;
  requestId: string | null;
  kind: MessageKind;
  recipient: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

export interface FailedMessages {
  messages: FailedMessage[];
}

export interface OverviewDay {
  date: string;
  started: number;
  completed: number;
  pdfDownloaded: number;
  emailRequested: number;
}

export interface OverviewSection {
  section: number;
  title: string;
  reached: number;
}

export interface OverviewAreaAverage {
  areaId: AreaId;
  title: string;
  /** Whole percentage, or null when no e-mail request of the period scored the area. */
  average: number | null;
  count: number;
}

export interface Overview {
  days: OverviewDay[];
  sections: OverviewSection[];
  areaAverages: OverviewAreaAverage[];
}
