// The print statechart's page actors: the wait for the packet's layout (fonts loaded, images
// decoded) and the browser's print; and saving a downloaded PDF. The calls are services/print.ts's.
import { fromPromise } from 'xstate';

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
export function savePdf(pdf: Blob, name: string) {
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const pageActors = {
  'lay out': fromPromise<void, void>(packetLaidOut),
  print: fromPromise<void, void>(async () => window.print()),
};
