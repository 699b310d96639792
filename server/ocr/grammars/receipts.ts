// Proofs of address: the CFE electricity bill and the TELMEX phone bill. Each is known by its
// marks; the address block is the customer's name, the street, the colonia and the line with the
// postal code (C.P.), which the catalogue confirms. TELMEX bills also give the phone number. The
// holder's name is one line: split into given names and two surnames (a particle such as DE LA goes
// with its surname), always marked to confirm, since a bill does not say where the names end.
import type { DocumentTemplate } from '../../../forms/contracts/documents';
import { placeAddress, postalCodeIn, type PostalCatalogue } from '../postal-address';
import { cleanName, fold, hasMark, type Lines } from '../recognised-text';
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
    if (streetIndex >= 0 && /\d/.test(lines[streetIndex]!)) {
      fields.calle = lines[streetIndex]!;
      const holder = streetIndex >= 1 ? splitFullName(lines[streetIndex - 1]!) : null;
      if (holder) {
        Object.assign(fields, holder);
        for (const field of Object.keys(holder) as Array<keyof typeof holder>) reading.uncertain.add(field);
      }
    }
  }
  if (template === 'TELMEX') {
    const phones = lines
      .filter((line) => /TEL[EÉ]FONO/.test(line))
      .map((line) => line.replace(/[^\d]/g, ''))
      .filter((digits) => digits.length === 10);
    if (phones.length) fields.telefonos = [...new Set(phones)];
  }
}

const PARTICLES = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'Y', 'MC', 'MAC', 'VAN', 'VON', 'SAN', 'SANTA']);

/** 'JUAN DE LA CRUZ LÓPEZ' → given names JUAN, surnames DE LA CRUZ and LÓPEZ; null for a line that is not a name. */
export function splitFullName(line: string): { nombre: string; apellido_paterno: string; apellido_materno?: string } | null {
  if (/\d/.test(line)) return null;
  const words = cleanName(line).split(' ').filter(Boolean);
  if (words.length < 2 || words.some((word) => word.length === 1 && word !== 'Y')) return null;
  /** The last surname of `upTo` words: a word and the particles before it. */
  const lastSurname = (upTo: number) => {
    let start = upTo - 1;
    while (start > 1 && PARTICLES.has(words[start - 1]!)) start--;
    return start;
  };
  const maternoStart = lastSurname(words.length);
  // Two words, or a second surname that would leave no given name: one surname.
  if (words.length < 3 || maternoStart < 2) {
    return { nombre: words.slice(0, -1).join(' '), apellido_paterno: words.at(-1)! };
  }
  const paternoStart = lastSurname(maternoStart);
  return { nombre: words.slice(0, paternoStart).join(' '), apellido_paterno: words.slice(paternoStart, maternoStart).join(' '), apellido_materno: words.slice(maternoStart).join(' ') };
}
