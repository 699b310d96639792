// The PDF reader's thread: pdfjs-dist (legacy build for Node) parses on the thread that calls it,
// and rendering a scanned page takes a second or more, so it runs here, off the API's event loop.
// Plain JavaScript: a worker thread starts without the server's TypeScript loader.
// Asked { id, bytes, minChars, maxPages, scale }; answers { id, kind: 'text', text } or
// { id, kind: 'images', pages: [png bytes] }, or { id, error }.
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

async function read({ bytes, minChars, maxPages, scale }) {
  const document = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const count = Math.min(document.numPages, maxPages);
    const texts = [];
    for (let number = 1; number <= count; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    const text = texts.join('\f');
    if (text.replace(/\s/g, '').length >= minChars) return { kind: 'text', text };
    // Drawn on pdfjs's own canvas (its @napi-rs/canvas build): a canvas of another build segfaults.
    const factory = document.canvasFactory;
    const pages = [];
    for (let number = 1; number <= count; number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale });
      const pair = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      pair.context.fillStyle = '#ffffff';
      pair.context.fillRect(0, 0, pair.canvas.width, pair.canvas.height);
      await page.render({ canvas: pair.canvas, canvasContext: pair.context, viewport }).promise;
      pages.push(await pair.canvas.encode('png'));
      factory.destroy(pair);
    }
    return { kind: 'images', pages };
  } finally {
    await document.destroy();
  }
}

parentPort.on('message', (request) => {
  read(request).then(
    (answer) => parentPort.postMessage({ id: request.id, ...answer }),
    (error) => parentPort.postMessage({ id: request.id, error: String(error?.message ?? error) }),
  );
});
