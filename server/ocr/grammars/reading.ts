// What a grammar fills as it reads: the fields and those the person must confirm.
import type { OcrFields } from '../../../forms/contracts/documents';
import type { PlacedAddress } from '../postal-address';

export interface Reading {
  fields: OcrFields;
  uncertain: Set<keyof OcrFields>;
}

export const newReading = (): Reading => ({ fields: {}, uncertain: new Set() });

/** The postal code and colonia as the catalogue placed them, with what to confirm. */
export function placeFound(reading: Reading, placed: PlacedAddress) {
  reading.fields.codigo_postal = placed.codigo_postal;
  if (placed.colonia) reading.fields.colonia = placed.colonia;
  for (const field of placed.uncertain) reading.uncertain.add(field);
}
