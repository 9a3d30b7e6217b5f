import type {
  ActivityPage,
  AlertPreference,
  AlertPreferenceChange,
  EraseResult,
  FailedMessages,
  FollowUpStatus,
  LeadDetail,
  LeadNote,
  LeadPage,
  LeadQuery,
  LeadSources,
  Overview,
  SignInAccepted,
  TeamMembers,
  TeamSavedAudits,
  TeamSessionState,
  TeamSetup,
} from '../shared/team-api';
import type { BotCheckFields } from '../shared/bot-check';
// One list of error codes for the whole API, the team's routes included.
import type { ApiErrorBody, ApiErrorCode } from '../shared/api-errors';

/**
 * Any answer other than success, or none at all (code "network"); `message` is fit to show, and
 * `fields` says what is wrong with each field of a refused request, to show by its control.
 */
export class TeamApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | 'network',
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
    /** Every reason a document was refused (the audit content's checks), each a sentence. */
    readonly problems: readonly string[] = [],
  ) {
    super(message);
    this.name = 'TeamApiError';
  }

  /** What a refused request says of one field (its own problem, else the answer's message), or null. */
  problemWith(field: string): string | null {
    if (this.code !== 'invalid_request') return null;
    return this.fields[field] ?? this.message;
  }
}

export const SIGN_IN_PATH = '/team/sign-in';

/**
 * Where a request without a valid session sends the person: the sign-in page. Replaced in
 * component tests, which have no page to leave.
 */
let onUnauthorized = () => window.location.assign(SIGN_IN_PATH);
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  /** The sign-in and token pages expect 401-free answers; elsewhere a 401 means "signed out". */
  redirectOn401?: boolean;
  /** 'blob' for a file the page offers as a download (a preview PDF); JSON otherwise. */
  as?: 'json' | 'blob';
}

/** One request to the team's API: the answer's JSON (or file), or a TeamApiError. */
export async function request<T>(
  path: string,
  { method = 'GET', body, redirectOn401 = true, as = 'json' }: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      cache: 'no-store',
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new TeamApiError(
      0,
      'network',
      'The server could not be reached. Check your connection and try again.',
    );
  }
  if (response.status === 401 && redirectOn401) {
    onUnauthorized();
    throw new TeamApiError(401, 'unauthorized', 'Your session has ended. Please sign in again.');
  }
  if (response.status === 204) return undefined as T;
  if (response.ok) return (as === 'blob' ? await response.blob() : await response.json()) as T;
  throw await errorFrom(response);
}

async function errorFrom(response: Response): Promise<TeamApiError> {
  try {
    const { error } = (await response.json()) as Partial<ApiErrorBody>;
    if (error)
      return new TeamApiError(response.status, error.code, error.message, error.fields, error.problems);
  } catch {
    // Not JSON (a proxy's error page, say): the status is all we know.
  }
  return new TeamApiError(
    response.status,
    'internal_error',
    `The server answered ${response.status}. Please try again.`,
  );
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const teamApi = {
  setup: () => request<TeamSetup>('/api/team/setup', { redirectOn401: false }),
  signIn: (body: { email: string } & BotCheckFields) =>
    request<SignInAccepted>('/api/team/sign-in', { method: 'POST', body, redirectOn401: false }),
  useToken: (token: string) =>
    request<{ email: string }>('/api/team/auth', { method: 'POST', body: { token }, redirectOn401: false }),
  signOut: () => request<void>('/api/team/sign-out', { method: 'POST', redirectOn401: false }),
  /** Whether this browser is signed in: a 200 either way, so a signed-out visit logs no error. */
  session: () => request<TeamSessionState>('/api/team/session'),
  leads: ({ page, q, status, delivery, serviceType, size, source, owner, due, waiting }: LeadQuery) =>
    request<LeadPage>(
      `/api/team/leads${query({
        page,
        q,
        status,
        delivery,
        serviceType,
        size,
        source,
        owner,
        due: due ? 'true' : undefined,
        waiting: waiting ? 'true' : undefined,
      })}`,
    ),
  /** The source names the leads have, for the list's filter. */
  leadSources: () => request<LeadSources>('/api/team/leads/sources'),
  lead: (id: string) => request<LeadDetail>(`/api/team/leads/${encodeURIComponent(id)}`),
  members: () => request<TeamMembers>('/api/team/members'),
  setOwner: (id: string, owner: string | null) =>
    request<unknown>(`/api/team/leads/${encodeURIComponent(id)}/owner`, { method: 'POST', body: { owner } }),
  setFollowUpOn: (id: string, followUpOn: string | null) =>
    request<unknown>(`/api/team/leads/${encodeURIComponent(id)}/follow-up`, {
      method: 'POST',
      body: { followUpOn },
    }),
  setStatus: (id: string, status: FollowUpStatus) =>
    request<{ followUpStatus: FollowUpStatus }>(`/api/team/leads/${encodeURIComponent(id)}/status`, {
      method: 'POST',
      body: { status },
    }),
  addNote: (id: string, body: string) =>
    request<LeadNote>(`/api/team/leads/${encodeURIComponent(id)}/notes`, { method: 'POST', body: { body } }),
  retry: (messageId: string) =>
    request<{ status: 'queued' }>(`/api/team/messages/${encodeURIComponent(messageId)}/retry`, {
      method: 'POST',
    }),
  erase: (email: string) => request<EraseResult>('/api/team/erase', { method: 'POST', body: { email } }),
  failed: () => request<FailedMessages>('/api/team/failed'),
  overview: () => request<Overview>('/api/team/overview'),
  savedAudits: () => request<TeamSavedAudits>('/api/team/saved-audits'),
  activity: (page: number) => request<ActivityPage>(`/api/team/activity${query({ page })}`),
  alerts: () => request<AlertPreference>('/api/team/me/alerts'),
  setAlerts: (change: AlertPreferenceChange) =>
    request<AlertPreference>('/api/team/me/alerts', { method: 'PUT', body: change }),
};

/** The CSV download is a plain link: the browser saves the attachment the server names. */
export const EXPORT_CSV_PATH = '/api/team/export.csv';
