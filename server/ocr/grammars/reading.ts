// What a grammar fills as it reads: the fields and those the person must confirm.
import type { OcrFields } from '../../../forms/contracts/documents';

export interface Reading {
  fields: OcrFields;
  uncertain: Set<keyof OcrFields>;
}

export const newReading = (): Reading => ({ fields: {}, uncertain: new Set() });
