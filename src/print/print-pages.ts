// The printed pages of a packet: letter paper with a wide left margin for a hole punch, and one
// named page per form code whose footer margin boxes print that code and the page number. The
// rules depend on the packet's codes (company data), so they are a constructed stylesheet adopted
// while the view is shown: the CSP allows no inline <style>, and the codes are escaped as CSS strings.
import { useEffect } from 'react';
import type { Packet } from '../../forms/print/packet-model';

/** The packet's distinct form codes, in order: the n-th is printed on the named page 'form-n'. */
const codesOf = (packet: Packet) => [...new Set(packet.forms.map((form) => form.header.code))];

/** The CSS page name of a form code of the packet. */
export const pageName = (packet: Packet, code: string) => `form-${codesOf(packet).indexOf(code)}`;

/** A text as a CSS string literal. */
const cssString = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\n\r\f]/g, ' ')}"`;

export function pageRules(packet: Packet): string {
  const codes = codesOf(packet);
  const footer = 'font: 7.5pt system-ui, sans-serif; color: #333;';
  return [
    // Near the PDF's margins (server/print/packet-pdf.ts: 40 pt top, 48 pt bottom), not equal: the browser
    // lays out its own fonts and line height, and these are what print.spec's page checks were measured with.
    '@page { size: letter; margin: 0.55in 0.75in 0.7in 1.25in; }',
    ...codes.map(
      (code) =>
        `@page ${pageName(packet, code)} { @bottom-left { content: ${cssString(code)}; ${footer} } @bottom-right { content: "Página " counter(page) " de " counter(pages); ${footer} } }`,
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
