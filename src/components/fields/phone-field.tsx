import { InputGroup, Intent } from '@blueprintjs/core';
import type { ChangeEvent } from 'react';
import { digitsOnly, formatPhone, refusesPhoneKey } from '../../../forms/masks';
import { FieldFrame } from './field-frame';
import { pasteWhole } from './pasted-text';
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
 * A key typed into a whole number is refused (refusesPhoneKey), where it would push the last digit
 * out, except an 11th digit after '52' (the country code typed without '+', which the next keys drop).
 * A paste is taken whole (the browser inserts nothing) before formatPhone keeps its digits: the native maxLength, which
 * refuses a 14th typed character, would cut '+52 (33) 1234-5678' to '+52 (33) 1234'. A paste of a whole
 * number (10 digits or more) replaces what the field held: pasted after '+52' typed, it would be read
 * as '+52 52 33…'.
 */
export function PhoneField({ name, label, optional, disabled }: PhoneFieldProps) {
  const { input, error, id, control } = useFieldWiring<string>(name, {
    config: { parse: (value) => formatPhone(value), format: (value) => formatPhone(value) },
    disabled,
  });
  const type = (event: ChangeEvent<HTMLInputElement>) => {
    if (!refusesPhoneKey(input.value ?? '', event.currentTarget.value)) input.onChange(event);
  };
  const paste = pasteWhole(input.onChange, { replaces: (pasted) => digitsOnly(pasted).length >= 10 });
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional} hint="10 dígitos">
      <InputGroup
        {...control}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="333-123-4567"
        value={input.value ?? ''}
        onChange={type}
        onPaste={paste}
        onBlur={input.onBlur}
        maxLength={13}
        intent={error ? Intent.DANGER : Intent.NONE}
      />
    </FieldFrame>
  );
}
