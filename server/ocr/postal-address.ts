// The postal code checked against the catalogue, and the colonia chosen from that code's entries:
// the one whose name is closest to what the document says (bigram similarity, accents ignored).
import type { OcrFields } from '../../forms/contracts/documents';
import { fold } from './recognised-text';

export type Colonia = NonNullable<OcrFields['colonia']>;
/** The catalogue's settlements of a postal code ([] for an unknown code). */
export type PostalCatalogue = (postalCode: string) => Colonia[];

const bigrams = (value: string) => {
  const text = ` ${fold(value).replace(/[^A-ZÑ0-9]+/g, ' ').trim()} `;
  const grams: string[] = [];
  for (let i = 0; i + 2 <= text.length; i++) grams.push(text.slice(i, i + 2));
  return grams;
};

/** Dice's coefficient of two texts' bigrams: 1 for the same letters, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const left = bigrams(a);
  const right = bigrams(b);
  if (left.length === 0 || right.length === 0) return 0;
  const pool = new Map<string, number>();
  for (const gram of right) pool.set(gram, (pool.get(gram) ?? 0) + 1);
  let shared = 0;
  for (const gram of left) {
    const count = pool.get(gram) ?? 0;
    if (count > 0) {
      shared++;
      pool.set(gram, count - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

export interface PlacedAddress {
  codigo_postal: string;
  colonia?: Colonia;
  /** Which of the two the person must confirm. */
  uncertain: Array<'codigo_postal' | 'colonia'>;
}

/**
 * The code as the catalogue knows it, and the colonia among its entries closest to `coloniaText`
 * (the line that names it). An unknown code is given but uncertain, without a colonia.
 */
export function placeAddress(catalogue: PostalCatalogue, postalCode: string, coloniaText: string): PlacedAddress {
  const entries = catalogue(postalCode);
  if (entries.length === 0) return { codigo_postal: postalCode, uncertain: ['codigo_postal'] };
  const scored = entries.map((entry) => ({ entry, score: similarity(entry.colonia, coloniaText) })).sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (entries.length === 1) return { codigo_postal: postalCode, colonia: best!.entry, uncertain: best!.score >= 0.5 || coloniaText === '' ? [] : ['colonia'] };
  const sure = best!.score >= 0.6 && best!.score - (second?.score ?? 0) >= 0.1;
  return { codigo_postal: postalCode, colonia: best!.entry, uncertain: sure ? [] : ['colonia'] };
}

/** Five digits after 'C.P.' or 'CP', or at the end of a line, with O read as 0. */
export function postalCodeIn(line: string): string | null {
  const fixed = line.toUpperCase().replace(/(?<=[\dO]{2})O|O(?=[\dO]{2})/g, '0');
  const labelled = /C\.?\s*P\.?\s*:?\s*(\d{5})\b/.exec(fixed);
  if (labelled) return labelled[1]!;
  const trailing = /(?:^|\D)(\d{5})\s*$/.exec(fixed);
  return trailing ? trailing[1]! : null;
}

/** The catalogue as the API answers it (server/catalogs/catalog-index.ts), for the engine. */
export const catalogueOfIndex = (index: { neighbourhoodsOf(postalCode: string): string }): PostalCatalogue => (postalCode) =>
  /^\d{5}$/.test(postalCode) ? (JSON.parse(index.neighbourhoodsOf(postalCode)) as Colonia[]) : [];
