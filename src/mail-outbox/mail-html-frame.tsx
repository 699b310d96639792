// A message's HTML part as its receiver sees it, in a sandboxed frame: no scripts, forms, pop-ups or
// navigation; sanitised, its links plain text (server/mail/mail-preview.ts, src/mail-outbox/mail-preview.ts).
// The frame is as tall as the message, so the dialog scrolls rather than the frame.
import { useMemo, useRef } from 'react';
import { applyKeptStyles, previewDocument } from './mail-preview';

export interface MailHtmlFrameProps {
  /** The preview of the HTML part (GET /correos/{id} `html_vista`). */
  preview: string;
  /** The frame's name, read by screen readers. */
  title: string;
}

export function MailHtmlFrame({ preview, title }: MailHtmlFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const srcDoc = useMemo(() => previewDocument(preview), [preview]);
  const shown = () => {
    const doc = frame.current?.contentDocument;
    if (!doc || !frame.current) return;
    applyKeptStyles(doc);
    frame.current.style.height = `${doc.documentElement.scrollHeight}px`;
  };
  return (
    // allow-same-origin without allow-scripts: nothing in the frame runs, and this page may reach its
    // document to apply the kept styles (an empty sandbox would leave the message unstyled).
    <iframe ref={frame} className="mail-frame" title={title} sandbox="allow-same-origin" srcDoc={srcDoc} onLoad={shown} referrerPolicy="no-referrer" />
  );
}
