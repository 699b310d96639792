// The one adapter from final-form's field state to Blueprint's FormGroup: a visible label tied
// to the input, the error under it, and the intent.
import { FormGroup, Intent, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { OCR_MARK_TEXT, useOcrMark } from '../../documents/ocr-marks';
import { errorId } from './field-ids';

export interface FieldFrameProps {
  /** The input's id; the label points at it. */
  id: string;
  label: string;
  /** The error to show, if any. */
  error?: string;
  /** A hint shown when there is no error nor notice. */
  hint?: string;
  /**
   * What the last edit did that the person must know (useCutNotice: the text cut at its limit), announced
   * as it changes: '' says nothing yet but keeps the live region ready. Default none (no live region).
   */
  notice?: string;
  /**
   * A fact about the value said under the field, after its error if any (the postal code's town under
   * the Colonia): '' says nothing yet but keeps its live region ready. Default none.
   */
  detail?: string;
  /** Whether a change of `detail` is announced (once the person has changed what it follows). Default true. */
  announceDetail?: boolean;
  /** Appends '(opcional)' to the label. Default false. */
  optional?: boolean;
  children: ReactNode;
  className?: string;
}

export { errorId, fieldId } from './field-ids';

export function FieldFrame({ id, label, error, hint, notice, detail, announceDetail = true, optional = false, children, className }: FieldFrameProps) {
  // A field an OCR read filled says so under it (read with the field, through aria-describedby).
  const mark = useOcrMark(id);
  return (
    <FormGroup
      className={className}
      label={label}
      labelFor={id}
      labelInfo={optional ? '(opcional)' : undefined}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={
        <span id={errorId(id)}>
          {error ?? (notice ? undefined : hint)}
          {notice !== undefined && (
            <span role="status" className="field-notice">
              {notice}
            </span>
          )}
          {detail !== undefined && (
            <>
              {/* Read apart from the error before it. */}{' '}
              <span aria-live={announceDetail ? 'polite' : 'off'} className="field-detail">
                {detail}
              </span>
            </>
          )}
          {mark && (
            <Tag minimal intent={mark === 'uncertain' ? Intent.WARNING : Intent.PRIMARY} className="ocr-mark">
              {OCR_MARK_TEXT[mark]}
            </Tag>
          )}
        </span>
      }
    >
      {children}
    </FormGroup>
  );
}
