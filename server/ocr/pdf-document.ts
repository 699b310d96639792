// A PDF as the OCR reads it: from its text layer when it has one (the SAT's Constancia is
// generated, never scanned), with pdfjs-dist's legacy build for Node; a page without text (a scan)
// is rendered at 200 dpi with @napi-rs/canvas for recognition. Only the first pages are read.
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A page with fewer characters of text than this is taken as a scan. */
const TEXT_LAYER_MIN_CHARS = 40;
const MAX_PAGES = 2;
const RENDER_SCALE = 200 / 72;

export type PdfContent = { kind: 'text'; text: string } | { kind: 'images'; pages: Buffer[] };

export async function readPdf(bytes: Buffer): Promise<PdfContent> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const count = Math.min(document.numPages, MAX_PAGES);
    const texts: string[] = [];
    for (let number = 1; number <= count; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    const text = texts.join('\f');
    if (text.replace(/\s/g, '').length >= TEXT_LAYER_MIN_CHARS) return { kind: 'text', text };
    const pages: Buffer[] = [];
    for (let number = 1; number <= count; number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: RENDER_SCALE });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
      pages.push(await canvas.encode('png'));
    }
    return { kind: 'images', pages };
  } finally {
    await document.destroy();
  }
}
