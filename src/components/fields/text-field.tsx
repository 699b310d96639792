import { InputGroup, Intent } from '@blueprintjs/core';
import type { FieldValidator } from 'final-form';
import { useField } from 'react-final-form';
import { toUpper } from '../../../forms/masks';
import { errorId, FieldFrame, fieldId } from './field-frame';
import { useFieldDisabled } from './form-lock';
import { usePldMark } from './pld-marks';
import { useShownError } from './use-shown-error';

export interface TextFieldProps {
  /** The model path, e.g. `fisica.curp`; also the input's `name`. */
  name: string;
  label: string;
  /** Upper-cases what is typed (names, RFC, CURP). Default false. */
  uppercase?: boolean;
  maxLength?: number;
  type?: 'text' | 'email';
  autoComplete?: string;
  optional?: boolean;
  disabled?: boolean;
  hint?: string;
  /** Called with the new value after it is stored (for fields whose value fills others). */
  onValueChange?: (value: string) => void;
  /** A rule of this field beside the tab's schema, possibly asynchronous (the duplicate RFC). Default none. */
  validate?: FieldValidator<string>;
}

export function TextField({ name, label, uppercase = false, maxLength, type = 'text', autoComplete, optional, disabled, hint, onValueChange, validate }: TextFieldProps) {
  const { input, meta } = useField<string>(name, { parse: (value) => (uppercase ? toUpper(value) : value) ?? '', validate });
  const pldMark = usePldMark(name);
  const error = useShownError(meta, input.value) ?? pldMark;
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional}>
      <InputGroup
        id={id}
        name={name}
        type={type}
        value={input.value ?? ''}
        onChange={(event) => {
          input.onChange(event);
          onValueChange?.(uppercase ? toUpper(event.target.value) : event.target.value);
        }}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        maxLength={maxLength}
        autoComplete={autoComplete}
        disabled={useFieldDisabled(name, disabled)}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId(id)}
        className={uppercase ? 'input-uppercase' : undefined}
      />
    </FieldFrame>
  );
}
