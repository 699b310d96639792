// A message's HTML part as the 'Correos enviados' page previews it (GET /correos/{id} `html_vista`):
// sanitised by DOMPurify, its links plain text (the address kept as the text's title), images only
// from data: URLs, and each element's inline style moved to `data-correo-estilo` without anything
// it would fetch. Made here because the page's CSP refuses inline styles even in a document the
// browser only parses, and says so in the console each time.
import DOMPurify from 'isomorphic-dompurify';
import { keptStyle, MAIL_PREVIEW } from '../../forms/mail-outbox-rules';

export function mailPreview(html: string): string {
  // The style and href attributes are read below, then dropped: they are not forbidden to this pass.
  const root = DOMPurify.sanitize(html, {
    WHOLE_DOCUMENT: true,
    RETURN_DOM: true,
    FORBID_TAGS: MAIL_PREVIEW.forbiddenTags,
    FORBID_ATTR: MAIL_PREVIEW.forbiddenAttributes.filter((name) => name !== 'style' && name !== 'href'),
  }) as unknown as Element;
  for (const element of root.querySelectorAll('[style]')) {
    const kept = keptStyle(element.getAttribute('style') ?? '');
    element.removeAttribute('style');
    if (kept) element.setAttribute(MAIL_PREVIEW.styleAttribute, kept);
  }
  for (const link of root.querySelectorAll('[href]')) {
    const href = link.getAttribute('href') ?? '';
    link.removeAttribute('href');
    if (href && !link.hasAttribute('title')) link.setAttribute('title', href);
  }
  for (const image of root.querySelectorAll('img[src]')) {
    if (!/^data:image\//i.test(image.getAttribute('src') ?? '')) image.removeAttribute('src');
  }
  return `<!doctype html>${root.outerHTML}`;
}
