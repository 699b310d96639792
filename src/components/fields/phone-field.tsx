import { InputGroup, Intent } from '@blueprintjs/core';
import { formatPhone } from '../../../forms/masks';
import { FieldFrame } from './field-frame';
import { pastedText } from './pasted-text';
import { useFieldWiring } from './use-field-wiring';

export interface PhoneFieldProps {
  /** The model path of the number, e.g. `celular.numero`. */
  name: string;
  label: string;
  optional?: boolean;
  disabled?: boolean;
}

/**
 * A 10-digit phone shown and kept as 3-3-4 while typed; the before-submit transform removes the dashes.
 * A paste is taken whole (pastedText) before formatPhone keeps its digits: the native maxLength, which
 * refuses a 13th typed character, would cut '+52 (33) 1234-5678' to '+52 (33) 123'.
 */
export function PhoneField({ name, label, optional, disabled }: PhoneFieldProps) {
  const { input, error, id, control } = useFieldWiring<string>(name, {
    config: { parse: (value) => formatPhone(value), format: (value) => formatPhone(value) },
    disabled,
  });
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional} hint="10 dígitos">
      <InputGroup
        {...control}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="333-123-4567"
        value={input.value ?? ''}
        onChange={input.onChange}
        onPaste={(event) => {
          event.preventDefault();
          input.onChange(pastedText(event));
        }}
        onBlur={input.onBlur}
        maxLength={12}
        intent={error ? Intent.DANGER : Intent.NONE}
      />
    </FieldFrame>
  );
}
