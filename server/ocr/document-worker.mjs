// The OCR's helper thread: pdfjs-dist (legacy build for Node) parses on the thread that calls it,
// rendering a scanned page takes a second or more, and looking for a QR code over a page takes a
// few hundred milliseconds, so all of it runs here, off the API's event loop.
// Plain JavaScript: a worker thread starts without the server's TypeScript loader.
// Asked { id, task: 'pdf', bytes, minChars, maxPages, scale, qr } it answers { id, kind: 'text',
// text, qr } or { id, kind: 'images', pages: [png bytes], qr }; asked { id, task: 'qr', bytes } (an
// image) it answers { id, qr }; `qr` lists the texts of the QR codes found (only when asked for);
// on failure { id, error }.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import jsQR from 'jsqr';
import { getDocument, ImageKind, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdfjs's own @napi-rs/canvas build (a canvas of another build in the same thread segfaults).
const { createCanvas, loadImage } = createRequire(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))('@napi-rs/canvas');

/** A page is searched for its QR at about 150 dpi at most: enough for a printed code, and fast. */
const QR_SEARCH_MAX_SIDE = 1650;

/** The text of a QR code in RGBA pixels, or null. */
const qrIn = (rgba, width, height) => jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;

/** The QR found in a drawn canvas (scaled down to the search size first). */
function qrOnCanvas(canvas) {
  const scale = Math.min(1, QR_SEARCH_MAX_SIDE / Math.max(canvas.width, canvas.height));
  const width = Math.round(canvas.width * scale);
  const height = Math.round(canvas.height * scale);
  const target = createCanvas(width, height);
  const context = target.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(canvas, 0, 0, width, height);
  return qrIn(context.getImageData(0, 0, width, height).data, width, height);
}

/** The RGBA pixels of a decoded PDF image (pdfjs gives 1-bit gray, RGB or RGBA). */
function rgbaOf(image) {
  if (image.kind === ImageKind.RGBA_32BPP) return new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  const rgba = new Uint8ClampedArray(image.width * image.height * 4).fill(255);
  if (image.kind === ImageKind.RGB_24BPP) {
    for (let from = 0, to = 0; from < image.data.length; from += 3, to += 4) {
      rgba[to] = image.data[from];
      rgba[to + 1] = image.data[from + 1];
      rgba[to + 2] = image.data[from + 2];
    }
  } else {
    const rowBytes = (image.width + 7) >> 3;
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const on = (image.data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1;
        const to = (y * image.width + x) * 4;
        rgba[to] = rgba[to + 1] = rgba[to + 2] = on ? 255 : 0;
      }
    }
  }
  return rgba;
}

/** The QR codes among a page's images (the SAT prints its code as one), without drawing the page. */
async function qrInImages(page) {
  const operators = await page.getOperatorList();
  const found = [];
  for (let i = 0; i < operators.fnArray.length; i++) {
    if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
    const image = await new Promise((resolve) => page.objs.get(operators.argsArray[i][0], resolve));
    if (!image?.data || image.width < 21 || image.height < 21) continue;
    const text = qrIn(rgbaOf(image), image.width, image.height);
    if (text) found.push(text);
  }
  return found;
}

async function drawPage(document, page, scale) {
  const viewport = page.getViewport({ scale });
  const pair = document.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  pair.context.fillStyle = '#ffffff';
  pair.context.fillRect(0, 0, pair.canvas.width, pair.canvas.height);
  await page.render({ canvas: pair.canvas, canvasContext: pair.context, viewport }).promise;
  return pair;
}

async function readPdf({ bytes, minChars, maxPages, scale, qr }) {
  const document = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const count = Math.min(document.numPages, maxPages);
    const texts = [];
    for (let number = 1; number <= count; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    const text = texts.join('\f');
    if (text.replace(/\s/g, '').length >= minChars) {
      if (!qr) return { kind: 'text', text };
      const first = await document.getPage(1);
      let codes = await qrInImages(first);
      // A code drawn as vector shapes: look for it on the page drawn at about 150 dpi.
      if (codes.length === 0) {
        const pair = await drawPage(document, first, 150 / 72);
        const found = qrOnCanvas(pair.canvas);
        document.canvasFactory.destroy(pair);
        codes = found ? [found] : [];
      }
      return { kind: 'text', text, qr: codes };
    }
    const pages = [];
    const codes = [];
    for (let number = 1; number <= count; number++) {
      const pair = await drawPage(document, await document.getPage(number), scale);
      pages.push(await pair.canvas.encode('png'));
      if (qr && codes.length === 0) {
        const found = qrOnCanvas(pair.canvas);
        if (found) codes.push(found);
      }
      document.canvasFactory.destroy(pair);
    }
    return { kind: 'images', pages, ...(qr ? { qr: codes } : {}) };
  } finally {
    await document.destroy();
  }
}

async function readQr({ bytes }) {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const found = qrOnCanvas(canvas);
  return { qr: found ? [found] : [] };
}

parentPort.on('message', (request) => {
  (request.task === 'qr' ? readQr(request) : readPdf(request)).then(
    (answer) => parentPort.postMessage({ id: request.id, ...answer }),
    (error) => parentPort.postMessage({ id: request.id, error: String(error?.message ?? error) }),
  );
});
