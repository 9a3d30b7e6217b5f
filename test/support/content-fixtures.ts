import { CONTENT_V1, type AuditContent } from '../../src/core/content';
import type { Database } from '../../src/server/db/database';
import { publishDraft, saveDraft } from '../../src/server/content/content-store';

/**
 * Version 1's words with every statement reworded: what a second version says. The same document
 * every time, so an app whose cache kept "version 2" from a test before a reset still holds these.
 */
export function rewordedContent(): AuditContent {
  const words = structuredClone(CONTENT_V1);
  for (const area of words.areas) {
    area.statements.forEach((statement, index) => {
      statement.text = `In version 2, ${area.id} statement ${index + 1}: ${statement.text}`;
      statement.label = `${area.id} ${index + 1} (v2)`;
    });
  }
  return words;
}

/** The words of rewordedContent(): a statement's text in version 2. */
export function version2Text(area: string, index: number, version1Text: string): string {
  return `In version 2, ${area} statement ${index + 1}: ${version1Text}`;
}

/**
 * Publishes `words` as the next version, as an editor does (a draft saved, then published), and
 * resolves with its number: 2 on a database that has only version 1 (or none yet, after a reset).
 */
export async function publishWords(
  db: Database,
  words: AuditContent = rewordedContent(),
  editor = 'editor@care-audit.example',
): Promise<number> {
  const saved = await saveDraft(db, { revision: 0, content: words, savedBy: editor });
  if (!saved.ok) throw new Error('a draft was there already');
  const published = await publishDraft(db, {
    revision: saved.revision,
    note: 'Reworded for the test',
    publishedBy: editor,
  });
  if (!published.ok) throw new Error(`not published: ${published.reason}`);
  return published.version;
}
