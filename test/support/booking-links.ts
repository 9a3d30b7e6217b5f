import { annotationsOf, findAll, readPdfStructure, textOf } from './pdf/pdf-structure';

/** The words of the visitor's e-mail around its booking link (visitor-email.ts), written out. */
const HTML_BUTTON = /<a href="([^"]*)"[^>]*>Book your free consultation<\/a>/g;
const TEXT_LINE = /agree where to start:\n(\S*)\n/g;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * The booking link of a visitor's e-mail as a reader's client follows it: the HTML button's href
 * (unescaped) and the text part's line. Throws unless each part has exactly one.
 */
export function bookingLinksInMail(mail: { html?: unknown; text?: unknown }): { html: string; text: string } {
  const only = (matches: RegExpMatchArray[], part: string): string => {
    if (matches.length !== 1)
      throw new Error(`expected one booking link in the ${part}, found ${matches.length}`);
    return matches[0]![1]!;
  };
  const href = only([...String(mail.html).matchAll(HTML_BUTTON)], 'HTML');
  return {
    html: href.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!),
    text: only([...String(mail.text).matchAll(TEXT_LINE)], 'text'),
  };
}

/**
 * The report PDF's booking link, the first link of its "Next steps": the text printed (a long link
 * wraps, so its lines are joined without the spaces between them), the annotation's address as
 * pdf.js resolves it for a viewer, and the annotation's description.
 */
export async function bookingLinkInPdf(
  bytes: Uint8Array,
): Promise<{ text: string; url: string | undefined; contents: string | undefined }> {
  const { tree } = await readPdfStructure(bytes);
  const links = findAll(tree, 'Link');
  const booking = links.find((link) =>
    annotationsOf(link).some((a) => a.contents?.startsWith('Book your free consultation:')),
  );
  if (!booking) throw new Error('the PDF has no booking link');
  const annotations = annotationsOf(booking);
  if (annotations.length !== 1) throw new Error(`the booking link has ${annotations.length} annotations`);
  const [annotation] = annotations;
  return { text: textOf(booking).replace(/\s+/g, ''), url: annotation!.url, contents: annotation!.contents };
}
