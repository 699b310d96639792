// Proofs of address: the CFE electricity bill and the TELMEX phone bill. Each is known by its
// marks; the address block is the customer's name, the street, the colonia and the line with the
// postal code (C.P.), which the catalogue confirms. TELMEX bills also give the phone number.
import type { DocumentTemplate } from '../../../forms/contracts/documents';
import { placeAddress, postalCodeIn, type PostalCatalogue } from '../postal-address';
import { fold, hasMark, type Lines } from '../recognised-text';
import { placeFound, type Reading } from './reading';

export function receiptTemplate(lines: Lines): DocumentTemplate | null {
  const cfe = ['COMISION FEDERAL DE ELECTRICIDAD', 'SUMINISTRADOR DE SERVICIOS BASICOS', 'NO. DE SERVICIO', 'KWH'].filter((mark) => hasMark(lines, mark)).length;
  const telmex = ['TELMEX', 'TELEFONOS DE MEXICO', 'TELEFONO'].filter((mark) => hasMark(lines, mark)).length;
  if (cfe >= 2 && cfe >= telmex) return 'CFE';
  if (telmex >= 2) return 'TELMEX';
  return null;
}

export function readReceipt(lines: Lines, catalogue: PostalCatalogue, reading: Reading, template: DocumentTemplate) {
  const { fields } = reading;
  // The postal code's line closes the address block; the colonia is the line before it (or on it).
  const codeIndex = lines.findIndex((line) => /C\.?\s*P\.?\s*:?\s*[\dO]{5}/.test(line) && postalCodeIn(line) !== null);
  if (codeIndex >= 0) {
    const code = postalCodeIn(lines[codeIndex]!)!;
    const coloniaIndex = [codeIndex, codeIndex - 1, codeIndex - 2].find((i) => i >= 0 && /^COL(ONIA)?\b\.?/.test(fold(lines[i]!)));
    const coloniaLine = coloniaIndex === undefined ? '' : lines[coloniaIndex]!;
    const coloniaText = coloniaLine.replace(/^COL(ONIA)?\.?\s*/, '').replace(/C\.?\s*P\.?.*$/, '').trim();
    placeFound(reading, placeAddress(catalogue, code, coloniaText));
    const streetIndex = (coloniaIndex ?? codeIndex) - 1;
    if (streetIndex >= 0 && /\d/.test(lines[streetIndex]!)) fields.calle = lines[streetIndex]!;
  }
  if (template === 'TELMEX') {
    const phones = lines
      .filter((line) => /TEL[EÉ]FONO/.test(line))
      .map((line) => line.replace(/[^\d]/g, ''))
      .filter((digits) => digits.length === 10);
    if (phones.length) fields.telefonos = [...new Set(phones)];
  }
}
