import type { AuditContent } from '../core/content';
import type { Band } from '../core/insight/bands';
import { request } from './api';

/**
 * The team's routes for the audit's words (issue 34): reads for every member, edits for editors
 * (TEAM_EDITORS) only. The shapes are the brief's contract with the server's content routes.
 */

/** A published version as the list shows it, newest first. */
export interface ContentVersionSummary {
  version: number;
  note: string;
  /** The editor who published it; null for version 1, which the code inserted. */
  publishedBy: string | null;
  publishedAt: string;
  /** The version it is a copy of, when it was restored. */
  restoredFrom: number | null;
}

export interface ContentDraftSummary {
  revision: number;
  baseVersion: number;
  savedBy: string | null;
  savedAt: string | null;
}

export interface ContentOverview {
  live: number;
  canEdit: boolean;
  versions: ContentVersionSummary[];
  draft: ContentDraftSummary | null;
}

export interface ContentVersionDetail extends ContentVersionSummary {
  content: AuditContent;
}

/** The draft to edit: revision 0 and the live words when nobody has saved one yet. */
export interface ContentDraft extends ContentDraftSummary {
  content: AuditContent;
}

export interface EmailPreview {
  subject: string;
  text: string;
  html: string;
}

/** A version's file, as the browser downloads it (a plain link: the server names the file). */
export function contentExportPath(version: number): string {
  return `/api/team/content/versions/${version}/export`;
}

export const contentApi = {
  overview: () => request<ContentOverview>('/api/team/content'),
  version: (version: number) => request<ContentVersionDetail>(`/api/team/content/versions/${version}`),
  draft: () => request<ContentDraft>('/api/team/content/draft'),
  saveDraft: (revision: number, content: AuditContent) =>
    request<{ revision: number; savedAt: string }>('/api/team/content/draft', {
      method: 'PUT',
      body: { revision, content },
    }),
  publish: (revision: number, note: string) =>
    request<{ version: number }>('/api/team/content/publish', { method: 'POST', body: { revision, note } }),
  restore: (version: number, note: string) =>
    request<{ version: number }>(`/api/team/content/versions/${version}/restore`, {
      method: 'POST',
      body: { note },
    }),
  /** A version's file as exported (format, schema, version, content), with the draft's revision. */
  importFile: (file: Record<string, unknown>, revision: number) =>
    request<{ revision: number }>('/api/team/content/import', {
      method: 'POST',
      body: { ...file, revision },
    }),
  previewEmail: (content: AuditContent, band: Band) =>
    request<EmailPreview>('/api/team/content/preview/email', { method: 'POST', body: { content, band } }),
  previewPdf: (content: AuditContent, band: Band) =>
    request<Blob>('/api/team/content/preview/pdf', { method: 'POST', body: { content, band }, as: 'blob' }),
};
