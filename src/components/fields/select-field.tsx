import { Intent } from '@blueprintjs/core';
import { HTMLSelect } from '../html-select';
import { FieldFrame } from './field-frame';
import { useFieldWiring } from './use-field-wiring';

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
  const { input, error, id, control } = useFieldWiring<string>(name, { disabled });
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional}>
      <HTMLSelect
        {...control}
        fill
        value={input.value ?? ''}
        onChange={(event) => {
          input.onChange(event.target.value);
          input.onBlur();
          onValueChange?.(event.target.value);
        }}
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
