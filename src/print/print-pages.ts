// The printed pages of a packet: letter paper with a wide left margin for a hole punch, and one
// named page per form code whose footer margin boxes print that code and the page number. The
// rules depend on the packet's codes (company data), so they are a constructed stylesheet adopted
// while the view is shown: the CSP allows no inline <style>, and the codes are escaped as CSS strings.
import { useEffect } from 'react';
import type { Packet } from '../../forms/print/packet-model';

/** A form code as a CSS page name: 'FO-PRO-014' → 'form-fo-pro-014'. */
export const pageName = (code: string) => `form-${code.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`;

/** A text as a CSS string literal. */
const cssString = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\n\r\f]/g, ' ')}"`;

export function pageRules(packet: Packet): string {
  const codes = [...new Set(packet.forms.map((form) => form.header.code))];
  const footer = 'font: 7.5pt system-ui, sans-serif; color: #333;';
  return [
    '@page { size: letter; margin: 0.75in 0.75in 0.85in 1.25in; }',
    ...codes.map(
      (code) =>
        `@page ${pageName(code)} { @bottom-left { content: ${cssString(code)}; ${footer} } @bottom-right { content: "Página " counter(page) " de " counter(pages); ${footer} } }`,
    ),
  ].join('\n');
}

/** Adopts the packet's page rules into the document while the packet is shown. */
export function usePageRules(packet: Packet | null) {
  useEffect(() => {
    if (!packet) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(pageRules(packet));
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }, [packet]);
}
