import type { AreaId, ServiceProfile, ServiceType, SizeBand } from '../core';
import type { FunnelStepId } from './usage-events';

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

/**
 * `GET /api/team/session`: whether this browser is signed in, and as whom. Always a 200 (decision
 * 0084); signed out it says nothing more, whatever cookie was sent.
 */
export type TeamSessionState = { signedIn: false } | ({ signedIn: true } & TeamSession);

/**
 * The lead an activity entry is about: its address masked ("j•••@example.org"), and its id while
 * the lead is still held (null once erased or expired), for a link. Never shown as a raw id.
 */
export interface ActivityLead {
  id: string | null;
  label: string;
}

export interface ActivityEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  /** The lead it is about, if any. */
  lead: ActivityLead | null;
  /** What it was done to when that is not a lead (a masked address for an erasure), else null. */
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

/**
 * Contact details a visitor gave with consent (`POST /api/email-results`'s `contact`): each part
 * optional, trimmed; absent parts are left out.
 */
export interface LeadContact {
  name?: string;
  organisation?: string;
  role?: string;
  phone?: string;
}

/**
 * Where the visit came from, as the browser kept it from the visit's first page
 * (`POST /api/email-results`'s `source`): the utm_* values and the referring site's host name.
 */
export interface LeadSource {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  referrerHost?: string;
}

/** The one name a lead's source goes by in the list, its filter and the overview. */
export const DIRECT_SOURCE = 'direct';

/** How a team member hears of new leads. */
export const ALERT_CHOICES = ['each_lead', 'daily_digest', 'none'] as const;
export type AlertChoice = (typeof ALERT_CHOICES)[number];
/** What a team member gets until they choose. */
export const DEFAULT_ALERT_CHOICE: AlertChoice = 'each_lead';

/** `GET`/`PUT /api/team/me/alerts`. */
export interface AlertPreference {
  alert: AlertChoice;
  /**
   * Whether the member also hears of results requests without consent to contact (the visitor left
   * the consent box unticked): not leads, never to be followed up. Off until the member turns it on.
   */
  requestsWithoutConsent: boolean;
}

/** A `PUT /api/team/me/alerts` body: either choice or both; what is left out stays as it is. */
export type AlertPreferenceChange = Partial<AlertPreference>;

/**
 * The activity log's detail when a member turns hearing of requests without consent on or off
 * (action alert_preference, as for the alert choice, whose detail is the choice's id).
 */
export const WITHOUT_CONSENT_DETAIL = {
  on: 'requests_without_consent_on',
  off: 'requests_without_consent_off',
} as const;

/** `GET /api/team/members`: who may own a lead (TEAM_EMAILS), and who is asking. */
export interface TeamMembers {
  members: string[];
  me: string;
}

export interface LeadSummary {
  id: string;
  /** When the lead's latest result came (the list's order). */
  createdAt: string;
  /** How many results the person has asked for (1 for a first visit). */
  results: number;
  /** When the person last came back with a new result; null while there is only one. */
  returnedAt: string | null;
  email: string;
  /** The contact's name and organisation, when given with consent. */
  name: string | null;
  organisation: string | null;
  overallScore: number;
  followUpStatus: FollowUpStatus;
  delivery: DeliveryState;
  consent: boolean;
  hasNote: boolean;
  serviceType: ServiceType | null;
  size: SizeBand | null;
  /** utm_source, else the referring host, else DIRECT_SOURCE. */
  source: string;
  /** The team member who owns the lead, or null. */
  owner: string | null;
  /** The next follow-up day (YYYY-MM-DD, UK), or null. */
  followUpOn: string | null;
  /**
   * When the lead's wait began (its first request with consent) while it waits: not contacted within
   * one UK working day of it and still new (FirstContact.waiting); null otherwise.
   */
  waitingSince: string | null;
}

export interface LeadPage extends Page {
  leads: LeadSummary[];
}

/** `GET /api/team/leads/sources`: each source name the leads came from and how many, most first. */
export interface LeadSources {
  sources: { name: string; count: number }[];
}

/** What the list is asked for; an absent filter means "any". */
export interface LeadQuery {
  page: number;
  q?: string;
  status?: FollowUpStatus;
  delivery?: DeliveryState;
  serviceType?: ServiceType;
  size?: SizeBand;
  /** A source name as LeadSummary.source gives it. */
  source?: string;
  /** "mine": owned by the signed-in member; "unassigned": owned by nobody. */
  owner?: 'mine' | 'unassigned';
  /** Only leads whose follow-up day is today or earlier (UK time). */
  due?: boolean;
  /** Only the waiting leads: with consent, still new, not contacted within one UK working day. */
  waiting?: boolean;
}

export interface LeadAnswer {
  areaId: AreaId;
  areaTitle: string;
  statement: string;
  /** 1–5, or null when the statement was left unrated. */
  rating: number | null;
}

export type MessageKind = 'visitor' | 'team' | 'sign_in' | 'webhook' | 'lead_alert' | 'lead_digest';
export type MessageStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface LeadMessage {
  id: string;
  kind: MessageKind;
  /** An e-mail address, or for a webhook its host alone (its URL can hold a secret token). */
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

/** One event in a lead's life, oldest first on the lead's page. */
export interface TimelineEntry {
  at: string;
  kind:
    | 'request'
    | 'returned'
    | 'consent_change'
    | 'delivery'
    | 'status_change'
    | 'owner_change'
    | 'follow_up_date'
    | 'note';
  /** Who did it: a team member, or null for the visitor or the system. */
  actor: string | null;
  /** One line in plain words ("E-mail to the visitor sent", "new → contacted"). */
  summary: string;
}

/** One result of a lead: one e-mail request of the person, with its scores. */
export interface LeadResult {
  id: string;
  createdAt: string;
  overallScore: number;
  scores: Record<AreaId, number>;
}

/**
 * A lead: one person (one mailbox), with every result they asked for. Its contact details,
 * consent, profile, source, scores and answers are its latest result's; `createdAt` is its first.
 */
export interface LeadDetail {
  id: string;
  createdAt: string;
  /** When the person last came back with a new result; null while there is only one. */
  returnedAt: string | null;
  /** Every result, oldest first (the last is the one the scores and answers are from). */
  results: LeadResult[];
  email: string;
  note: string | null;
  consent: { wording: string; givenAt: string } | null;
  /** Given with consent only; null when none was given. */
  contact: LeadContact | null;
  source: LeadSource;
  profile: ServiceProfile;
  overallScore: number;
  scores: Record<AreaId, number>;
  followUpStatus: FollowUpStatus;
  owner: string | null;
  followUpOn: string | null;
  answers: LeadAnswer[];
  messages: LeadMessage[];
  notes: LeadNote[];
  timeline: TimelineEntry[];
  /** How far the action plan kept on the lead's results page has got. */
  actionPlan: LeadActionPlan;
  /** The team audits opened from the lead's results, oldest first: counts and dates, never an answer. */
  teamAudits: LeadTeamAudit[];
  /** How fast the team answered the lead; null when it never gave consent to be contacted. */
  firstContact: FirstContact | null;
}

/**
 * A lead's speed to lead (issue 35): from its first request with consent to contact (a returning
 * lead's clock is its first request's, so coming back does not restart it), to the first time a
 * member set it to contacted, or straight to qualified. Setting it back to new later does not undo
 * that first contact. Working days are UK ones: weekends and England and Wales bank holidays off.
 */
export interface FirstContact {
  /** When the clock started: the lead's first request with consent. */
  since: string;
  /** When one UK working day from `since` ends: contacted by then is in time. */
  dueBy: string;
  /** When a member first marked it contacted; null while none has. */
  contactedAt: string | null;
  /** contactedAt − since, in milliseconds (0 when contacted before it consented); null while not contacted. */
  timeToContactMs: number | null;
  /** Contacted by `dueBy`; null while not contacted. */
  withinOneWorkingDay: boolean | null;
  /** Not contacted, still new, and `dueBy` has passed. */
  waiting: boolean;
}

/** A team audit a lead opened (issue 33), as the desk sees it: no answer, no role, no respondent. */
export interface LeadTeamAudit {
  /** The lead's result (LeadResult.id) it was opened from. */
  resultId: string;
  openedAt: string;
  /** When it closes by itself, 30 days after it opened. */
  closesAt: string;
  /** When it closed (the manager's Close, or its time); null while open. */
  closedAt: string | null;
  /** How many colleagues answered (the manager's own result not counted). */
  respondents: number;
}

/**
 * How many topics of a lead's action plan (issue 23) the care manager marked at each status on
 * their private results page: counts only, never what the topics are, who owns them or when.
 */
export interface LeadActionPlan {
  planned: number;
  inProgress: number;
  done: number;
  /** When the plan last changed (ISO 8601); absent when nothing is marked. */
  updatedAt?: string;
}

/** `POST /api/team/leads/:id/owner`'s body: a team member's address, or null for nobody. */
export interface OwnerChange {
  owner: string | null;
}

/** `POST /api/team/leads/:id/follow-up`'s body: a day (YYYY-MM-DD), or null for none. */
export interface FollowUpChange {
  followUpOn: string | null;
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
  /** An e-mail address, or for a webhook its host alone (its URL can hold a secret token). */
  recipient: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

export interface FailedMessages {
  messages: FailedMessage[];
}

/** Whole days in UTC, as the usage counters keep them: YYYY-MM-DD, both included. */
export interface OverviewPeriod {
  first: string;
  last: string;
}

export interface OverviewDay {
  date: string;
  started: number;
  completed: number;
  pdfDownloaded: number;
  emailRequested: number;
}

/**
 * A funnel step's number in one period: as counted, and as shown, which is never more than the
 * step before shows (an audit's events can fall on both sides of the period's first day, so a
 * period can count more of a step than of the one before it).
 */
export interface FunnelFigure {
  counted: number;
  shown: number;
}

export interface OverviewFunnelStep {
  id: FunnelStepId;
  /** The step this one follows and is a share of; null for the first. */
  after: FunnelStepId | null;
  current: FunnelFigure;
  previous: FunnelFigure;
}

export interface OverviewAreaAverage {
  areaId: AreaId;
  title: string;
  /** Whole percentage, or null when no e-mail request of the period scored the area. */
  average: number | null;
  count: number;
}

/** The period's leads (stored e-mail requests) grouped one way; null is "not given". */
export interface LeadGroup<Key> {
  key: Key | null;
  count: number;
}

export interface OverviewLeads {
  /** Leads stored in the 30 days, and in the 30 before. */
  total: number;
  previousTotal: number;
  /** Every status, every service type and size (then "not given"), in their usual order. */
  byStatus: LeadGroup<FollowUpStatus>[];
  byServiceType: LeadGroup<ServiceType>[];
  bySize: LeadGroup<SizeBand>[];
  /** The most frequent sources (LeadSummary.source), most leads first, at most OVERVIEW_TOP_SOURCES. */
  bySource: LeadGroup<string>[];
  /** The sources after those, taken together; null when there are none. */
  otherSources: { sources: number; count: number } | null;
}

/** The leads-by-source table names this many sources, then the rest together. */
export const OVERVIEW_TOP_SOURCES = 10;

/** `GET /api/team/overview`: the last 30 days (UTC, today so far included) and the 30 before. */
export interface Overview {
  period: OverviewPeriod;
  previousPeriod: OverviewPeriod;
  /** Each day of `period`, oldest first. */
  days: OverviewDay[];
  funnel: OverviewFunnelStep[];
  leads: OverviewLeads;
  areaAverages: OverviewAreaAverage[];
  teamAudits: OverviewTeamAudits;
  /**
   * How fast the team answered the leads with consent of each period, and how many leads wait now
   * whenever they came (what the list's waiting filter shows).
   */
  speedToLead: { current: SpeedToLead; previous: SpeedToLead; waitingNow: number };
}

/**
 * How fast the team answered the leads whose first request with consent came in a period, as
 * things stand now (FirstContact, per lead).
 */
export interface SpeedToLead {
  /** Leads whose first request with consent came in the period. */
  leads: number;
  /** Of those, contacted by now. */
  contacted: number;
  /** The median time from request to first contact of the contacted ones (ms); null when none. */
  medianMs: number | null;
  /**
   * The leads the share is of: those contacted, and those not contacted whose working day is over
   * (a lead still inside its working day is not yet either way).
   */
  settled: number;
  /** Of `settled`, those contacted within one working day. */
  withinOneWorkingDay: number;
  /** Of `leads`, those waiting now. */
  waiting: number;
}

/**
 * The team audits (issue 33) of each period, each counted when it happened: those started, the
 * colleagues' answers given (one per respondent, at their latest answer), and those closed.
 */
export interface OverviewTeamAudits {
  started: { current: number; previous: number };
  respondents: { current: number; previous: number };
  closed: { current: number; previous: number };
}

/** `GET /api/team/saved-audits` lists at most this many saved audits with consent, most recently saved first. */
export const SAVED_AUDITS_LIST_LIMIT = 200;

/**
 * A saved audit ("Save and continue later") whose visitor ticked the consent box when saving: the
 * only kind the team sees an address of.
 */
export interface ConsentedSavedAudit {
  email: string;
  /** The first save, from which the link lasts SAVED_AUDIT_DAYS. */
  createdAt: string;
  /** The last save. */
  savedAt: string;
  /** The last UK day the link opens the audit, until its end (YYYY-MM-DD). */
  expiresOn: string;
  /** Statements rated so far, 0 to 25. */
  answered: number;
  /** The section it stopped at, 1 to 5. */
  section: number;
}

/**
 * `GET /api/team/saved-audits`: how many audits are saved to finish later, and the addresses of
 * only those whose visitor consented. Only saved audits whose link still opens count: until the end of
 * the UK day SAVED_AUDIT_DAYS after the first save, the rule the links open by (an expired one counts
 * nowhere, purged or not).
 */
export interface TeamSavedAudits {
  /** Not completed and not expired. */
  open: number;
  /** Saved in the same 30 days and completed since (the row stays, emptied, until it expires). */
  completed: number;
  /** How many of the open ones have consent: more than `withConsent` holds when the list is cut. */
  withConsentTotal: number;
  /** Open, with consent, most recently saved first, at most SAVED_AUDITS_LIST_LIMIT. */
  withConsent: ConsentedSavedAudit[];
}
