// A PDF's text page by page, read with pdfjs-dist as a person's PDF reader would extract it.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pages: string[];
  /** Every page's text, pages separated by a form feed. */
  all: string;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await document.destroy();
  return { pages, all: pages.join('\f') };
}
