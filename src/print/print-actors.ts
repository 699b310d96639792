// The print statechart's actors in the browser: the print calls, the wait for the packet's layout
// (fonts loaded, images decoded), the browser's print, and saving the PDF.
import type { AxiosInstance } from 'axios';
import { fromPromise } from 'xstate';
import type { PrintAnswer } from '../../forms/contracts/print';
import { fetchPrint, fetchPrintPdf, type PrintTarget } from '../../services/print';

/** The packet's element, once React has committed it to the page. */
function packetOnPage(): Promise<Element> {
  const found = document.querySelector('.print-packet');
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const packet = document.querySelector('.print-packet');
      if (!packet) return;
      observer.disconnect();
      resolve(packet);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * Resolves once the packet is on the page, laid out, with its fonts loaded and its images decoded.
 * No animation frame is awaited: a print window opened in the background gets none.
 */
async function packetLaidOut() {
  const packet = await packetOnPage();
  await document.fonts.ready;
  await Promise.all(Array.from(packet.querySelectorAll('img'), (image) => image.decode().catch(() => undefined)));
  packet.getBoundingClientRect(); // the layout, computed now rather than at the print
}

/** Saves a PDF under its name through a temporary link. */
function save(pdf: Blob, name: string) {
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const printActors = (http: AxiosInstance) => ({
  'fetch packet': fromPromise<PrintAnswer, PrintTarget>(({ input }) => fetchPrint(http, input)),
  'lay out': fromPromise<void, void>(packetLaidOut),
  print: fromPromise<void, void>(async () => window.print()),
  'download pdf': fromPromise<void, PrintTarget>(async ({ input }) => save(await fetchPrintPdf(http, input), `solicitud-${input.uuid}.pdf`)),
});
