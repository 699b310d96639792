import { HTMLSelect, Intent } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { errorId, FieldFrame, fieldId } from './field-frame';
import { useFieldDisabled } from './form-lock';
import { useShownError } from './use-shown-error';

export interface SelectOption {
  value: string;
  label?: string;
}

export interface SelectFieldProps {
  name: string;
  label: string;
  /** Fixed options; a string is both value and label. */
  options: ReadonlyArray<string | SelectOption>;
  optional?: boolean;
  disabled?: boolean;
  hint?: string;
  /** Called with the new value (for choices that clear dependent fields). */
  onValueChange?: (value: string) => void;
}

export const PLACEHOLDER_OPTION = 'Selecciona una opción';

export function SelectField({ name, label, options, optional, disabled, hint, onValueChange }: SelectFieldProps) {
  const { input, meta } = useField<string>(name);
  const error = useShownError(meta, input.value);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional}>
      <HTMLSelect
        id={id}
        name={name}
        fill
        value={input.value ?? ''}
        onChange={(event) => {
          input.onChange(event.target.value);
          input.onBlur();
          onValueChange?.(event.target.value);
        }}
        onFocus={input.onFocus}
        disabled={useFieldDisabled(name, disabled)}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId(id)}
        className={error ? `bp6-intent-${Intent.DANGER}` : undefined}
      >
        <option value="">{PLACEHOLDER_OPTION}</option>
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text ?? value}
            </option>
          );
        })}
      </HTMLSelect>
    </FieldFrame>
  );
}
