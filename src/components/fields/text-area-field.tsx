import { Intent, TextArea } from '@blueprintjs/core';
import { FieldFrame } from './field-frame';
import { useCutNotice } from './use-cut-notice';
import { useFieldWiring } from './use-field-wiring';

export interface TextAreaFieldProps {
  /** The model path, e.g. `comentarios`; also the textarea's `name`. */
  name: string;
  label: string;
  /** The browser's limit, told in the hint; an edit past it is cut, and the field says so under it. Default none. */
  maxLength?: number;
  optional?: boolean;
  disabled?: boolean;
  /** Visible rows. Default 4. */
  rows?: number;
}

/** Free text over several lines; the hint tells the limit while there is no error. */
export function TextAreaField({ name, label, maxLength, optional, disabled, rows = 4 }: TextAreaFieldProps) {
  const { input, error, id, control } = useFieldWiring<string>(name, { config: { parse: (value) => value ?? '' }, disabled });
  const { inputRef, notice } = useCutNotice<HTMLTextAreaElement>(maxLength, input.value);
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional} hint={maxLength ? `Máximo ${maxLength} caracteres` : undefined} notice={notice}>
      <TextArea
        {...control}
        inputRef={inputRef}
        value={input.value ?? ''}
        onChange={input.onChange}
        onBlur={input.onBlur}
        maxLength={maxLength}
        rows={rows}
        fill
        intent={error ? Intent.DANGER : Intent.NONE}
      />
    </FieldFrame>
  );
}
