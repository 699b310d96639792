// The frame's side of a message's preview (server/mail/mail-preview.ts makes it): sanitised once
// more here, refusing anything a preview never holds, then its kept inline styles, filtered once
// more by the server's rule, applied through the CSSOM once the frame has loaded (the frame's
// document inherits the app's CSP, which refuses style attributes but not the CSSOM).
import DOMPurify from 'isomorphic-dompurify';
import { keptStyle, MAIL_PREVIEW } from '../../forms/mail-outbox-rules';

/** The document the frame shows (`srcdoc`). */
export const previewDocument = (preview: string): string =>
  `<!doctype html>${DOMPurify.sanitize(preview, { WHOLE_DOCUMENT: true, FORBID_TAGS: MAIL_PREVIEW.forbiddenTags, FORBID_ATTR: MAIL_PREVIEW.forbiddenAttributes })}`;

/** Applies the kept styles to the frame's loaded document. */
export function applyKeptStyles(doc: Document) {
  for (const element of doc.querySelectorAll<HTMLElement>(`[${MAIL_PREVIEW.styleAttribute}]`)) element.style.cssText = keptStyle(element.getAttribute(MAIL_PREVIEW.styleAttribute) ?? '');
}
