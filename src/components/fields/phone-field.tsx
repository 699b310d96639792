import { InputGroup, Intent } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { formatPhone } from '../../../forms/masks';
import { errorId, FieldFrame, fieldId } from './field-frame';
import { useFieldDisabled } from './form-lock';
import { useShownError } from './use-shown-error';

export interface PhoneFieldProps {
  /** The model path of the number, e.g. `celular.numero`. */
  name: string;
  label: string;
  optional?: boolean;
  disabled?: boolean;
}

/** A 10-digit phone shown and kept as 3-3-4 while typed; the before-submit transform removes the dashes. */
export function PhoneField({ name, label, optional, disabled }: PhoneFieldProps) {
  const { input, meta } = useField<string>(name, { parse: (value) => formatPhone(value), format: (value) => formatPhone(value) });
  const error = useShownError(meta, input.value);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional} hint="10 dígitos">
      <InputGroup
        id={id}
        name={name}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="333-123-4567"
        value={input.value ?? ''}
        onChange={input.onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        maxLength={12}
        disabled={useFieldDisabled(name, disabled)}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId(id)}
      />
    </FieldFrame>
  );
}
