import { Intent, TextArea } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { errorId, FieldFrame, fieldId } from './field-frame';
import { useFieldDisabled } from './form-lock';
import { useShownError } from './use-shown-error';

export interface TextAreaFieldProps {
  /** The model path, e.g. `comentarios`; also the textarea's `name`. */
  name: string;
  label: string;
  maxLength?: number;
  optional?: boolean;
  disabled?: boolean;
  /** Visible rows. Default 4. */
  rows?: number;
}

/** Free text over several lines; the hint tells the limit while there is no error. */
export function TextAreaField({ name, label, maxLength, optional, disabled, rows = 4 }: TextAreaFieldProps) {
  const { input, meta } = useField<string>(name, { parse: (value) => value ?? '' });
  const error = useShownError(meta, input.value);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional} hint={maxLength ? `Máximo ${maxLength} caracteres` : undefined}>
      <TextArea
        id={id}
        name={name}
        value={input.value ?? ''}
        onChange={input.onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        maxLength={maxLength}
        rows={rows}
        fill
        disabled={useFieldDisabled(name, disabled)}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId(id)}
      />
    </FieldFrame>
  );
}
