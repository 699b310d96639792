// The QR the SAT prints on the Constancia de situación fiscal: its validator's URL
// (https://siat.sat.gob.mx/app/qr/faces/pages/mobile/validadorqr.jsf?D1=10&D2=1&D3=<idCIF>_<RFC>).
// Read from the code's own bits, it carries the RFC exactly, whatever the page's print or scan.
import { checkRfc, rfcCheckDigit } from '../../../forms/rules/rfc';

const SAT_HOST = 'siat.sat.gob.mx';
const D3 = /^\d{8,14}_([A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3})$/;

/** The RFC of the first SAT validator code among the QR texts, when it is a valid RFC; otherwise null. */
export function rfcOfSatQr(texts: readonly string[]): string | null {
  for (const text of texts) {
    let url: URL;
    try {
      url = new URL(text.trim());
    } catch {
      continue;
    }
    if (url.hostname.toLowerCase() !== SAT_HOST) continue;
    const rfc = D3.exec(url.searchParams.get('D3')?.toUpperCase() ?? '')?.[1];
    if (!rfc) continue;
    const kind = rfc.length === 13 ? 'person' : 'company';
    if (checkRfc(kind, rfc) === null && rfcCheckDigit(rfc.slice(0, -1)) === rfc.slice(-1)) return rfc;
  }
  return null;
}
