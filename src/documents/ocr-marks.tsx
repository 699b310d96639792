// The fields an OCR read filled in the tab shown, for the fields to mark them ('Llenado con OCR',
// or 'Llenado con OCR: confírmalo' when the engine was unsure) until the person undoes the fill.
// The upload areas record their fills here; FieldFrame reads the mark of its input.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { FillChange } from '../../forms/documents/ocr-fill';
import { fieldId } from '../components/fields/field-ids';

export type OcrMark = 'filled' | 'uncertain';

interface OcrMarksValue {
  /** The marks by input id (fieldId of the path). */
  marks: ReadonlyMap<string, OcrMark>;
  /** Records (or, with an empty list, clears) the fill of one upload area. */
  record: (area: string, changes: FillChange[]) => void;
}

const OcrMarks = createContext<OcrMarksValue>({ marks: new Map(), record: () => {} });

export function OcrMarksProvider({ children }: { children: ReactNode }) {
  const [fills, setFills] = useState<Record<string, FillChange[]>>({});
  const record = useCallback((area: string, changes: FillChange[]) => setFills((current) => ({ ...current, [area]: changes })), []);
  const marks = useMemo(
    () => new Map(Object.values(fills).flatMap((changes) => changes.map((c) => [fieldId(c.path), c.uncertain ? 'uncertain' : 'filled'] as const))),
    [fills],
  );
  const value = useMemo(() => ({ marks, record }), [marks, record]);
  return <OcrMarks.Provider value={value}>{children}</OcrMarks.Provider>;
}

export const useOcrMark = (inputId: string): OcrMark | undefined => useContext(OcrMarks).marks.get(inputId);
export const useRecordOcrFill = () => useContext(OcrMarks).record;

export const OCR_MARK_TEXT: Record<OcrMark, string> = {
  filled: 'Llenado con OCR',
  uncertain: 'Llenado con OCR: confírmalo',
};
