import { AUDIT_CONTENT_SCHEMA, checkContent, type AuditContent, type ContentCheck } from '../../core/content';

/**
 * The file an editor exports a version as and imports a draft from: the words with what they are,
 * so a file of another kind, or of a later shape, is refused with a message rather than misread.
 */
export const CONTENT_FILE_FORMAT = 'care-audit-content';

export interface ContentFile {
  format: typeof CONTENT_FILE_FORMAT;
  schema: typeof AUDIT_CONTENT_SCHEMA;
  version: number;
  content: AuditContent;
}

export function contentFile(version: number, content: AuditContent): ContentFile {
  return { format: CONTENT_FILE_FORMAT, schema: AUDIT_CONTENT_SCHEMA, version, content };
}

/** The download's name: `care-audit-content-v3.json`. */
export function contentFileName(version: number): string {
  return `care-audit-content-v${version}.json`;
}

const NOT_A_FILE = `This is not a Care Audit content file: export one from a version to see its shape.`;

/**
 * The words in an uploaded file, checked as a save's are; or why it is refused. A file of a later
 * shape (schema 2) gets checkContent's message: the site must be updated first.
 */
export function readContentFile(value: unknown): ContentCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [NOT_A_FILE] };
  }
  const file = value as Record<string, unknown>;
  if (file.format !== CONTENT_FILE_FORMAT) return { ok: false, problems: [NOT_A_FILE] };
  const content = file.content;
  // The file's own schema speaks for its content when the content does not say.
  if (typeof file.schema === 'number' && file.schema > AUDIT_CONTENT_SCHEMA) {
    return checkContent({ ...(typeof content === 'object' ? content : {}), schema: file.schema });
  }
  if (file.schema !== AUDIT_CONTENT_SCHEMA) return { ok: false, problems: [NOT_A_FILE] };
  return checkContent(content);
}
