// The print statechart's actors in the browser: the print calls, the wait for the packet's layout
// (fonts loaded, images decoded), the browser's print, and saving the PDF.
import type { AxiosInstance } from 'axios';
import { fromPromise } from 'xstate';
import type { PrintAnswer } from '../../forms/contracts/print';
import { fetchPrint, fetchPrintPdf, type PrintTarget } from '../../services/print';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Resolves once React has put the packet on the page and its fonts and images are ready. */
async function packetLaidOut() {
  await nextFrame();
  await document.fonts.ready;
  const images = Array.from(document.querySelectorAll<HTMLImageElement>('.print-packet img'));
  await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  await nextFrame();
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
