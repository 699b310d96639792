import { InputGroup, Intent } from '@blueprintjs/core';
import type { ClipboardEvent } from 'react';
import { digitsOnly, formatPhone } from '../../../forms/masks';
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
 * A paste is taken whole (the browser inserts nothing) before formatPhone keeps its digits: the native maxLength, which
 * refuses a 13th typed character, would cut '+52 (33) 1234-5678' to '+52 (33) 123'. A paste of a whole
 * number (10 digits or more) replaces what the field held: pasted after '+52' typed, it would be read
 * as '+52 52 33…'.
 */
export function PhoneField({ name, label, optional, disabled }: PhoneFieldProps) {
  const { input, error, id, control } = useFieldWiring<string>(name, {
    config: { parse: (value) => formatPhone(value), format: (value) => formatPhone(value) },
    disabled,
  });
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text/plain');
    input.onChange(digitsOnly(pasted).length >= 10 ? pasted : pastedText(event));
  };
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
        onPaste={paste}
        onBlur={input.onBlur}
        maxLength={12}
        intent={error ? Intent.DANGER : Intent.NONE}
      />
    </FieldFrame>
  );
}
