// The fields OCR reads filled, for the fields to mark them ('Llenado con OCR', or 'Llenado con OCR:
// confírmalo' when the engine was unsure) and for each upload area to offer 'Deshacer'. In the
// wizard the fills are the wizard statechart's (its `ocrFills`, kept across tabs); without one
// (a form alone) they are this provider's own state. A field is marked while it still holds what
// the read put there: once the person changes it, it is theirs. FieldFrame reads the mark of its input.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useFormState } from 'react-final-form';
import { getPath } from '../../forms/dependent-fields';
import { filledBy, type FillChange, type FillTarget } from '../../forms/documents/ocr-fill';
import { fieldId } from '../components/fields/field-ids';

export type OcrMark = 'filled' | 'uncertain';
export type OcrFills = Record<string, FillChange[]>;

interface OcrMarksValue {
  fills: OcrFills;
  /** The marks by input id (fieldId of the path). */
  marks: ReadonlyMap<string, OcrMark>;
  /** Records (or, with an empty list, forgets) the fill of one upload area. */
  record: (area: string, changes: FillChange[]) => void;
}

const OcrMarks = createContext<OcrMarksValue>({ fills: {}, marks: new Map(), record: () => {} });

export interface OcrMarksProviderProps {
  /** The fills held elsewhere (the wizard statechart), with how to record one; default this provider's own state. */
  fills?: OcrFills;
  onRecord?: (area: string, changes: FillChange[]) => void;
  children: ReactNode;
}

export function OcrMarksProvider({ fills: heldFills, onRecord, children }: OcrMarksProviderProps) {
  const [ownFills, setOwnFills] = useState<OcrFills>({});
  const fills = heldFills ?? ownFills;
  const record = useCallback(
    (area: string, changes: FillChange[]) => (onRecord ? onRecord(area, changes) : setOwnFills((current) => ({ ...current, [area]: changes }))),
    [onRecord],
  );
  const { values } = useFormState({ subscription: { values: true } });
  // The marks as a key, so the fields re-render only when the set of marks changes, not on every keystroke.
  const key = filledBy(Object.values(fills).flat())
    .filter((change) => JSON.stringify(getPath(values, change.path) ?? '') === JSON.stringify(change.value ?? ''))
    .map((change) => `${fieldId(change.path)}=${change.uncertain ? 'uncertain' : 'filled'}`)
    .join('\n');
  const marks = useMemo(() => new Map(key ? key.split('\n').map((entry) => entry.split('=') as [string, OcrMark]) : []), [key]);
  const value = useMemo(() => ({ fills, marks, record }), [fills, marks, record]);
  return <OcrMarks.Provider value={value}>{children}</OcrMarks.Provider>;
}

/** Which upload area a fill belongs to: its document, and for an address the group it fills. */
export const fillArea = (target: FillTarget) => (target.type === 'address' ? `address:${target.prefix}.${target.group}` : target.type);

export const useOcrMark = (inputId: string): OcrMark | undefined => useContext(OcrMarks).marks.get(inputId);

/** An upload area's recorded fill (empty when none), and how to record or forget it. */
export function useOcrFill(area: string) {
  const { fills, record } = useContext(OcrMarks);
  const changes = fills[area];
  return { changes: changes && changes.length > 0 ? changes : null, record: useCallback((next: FillChange[]) => record(area, next), [record, area]) };
}

export const OCR_MARK_TEXT: Record<OcrMark, string> = {
  filled: 'Llenado con OCR',
  uncertain: 'Llenado con OCR: confírmalo',
};
