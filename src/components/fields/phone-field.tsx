import { InputGroup, Intent } from '@blueprintjs/core';
import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { digitsOnly, formatPhone, refusesPhoneEdit, typePhone, type TypedPhone } from '../../../forms/masks';
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
 * A key typed or a short paste that would give the number an 11th digit is refused (refusesPhoneEdit),
 * where it would push a digit out, except digits added at the end of digits from '52' (the country
 * code typed without '+', which formatPhone drops once the number after it is whole).
 * A paste is taken whole (the browser inserts nothing) before formatPhone keeps its digits: the native maxLength, which
 * refuses a 14th typed character, would cut '+52 (33) 1234-5678' to '+52 (33) 1234'. A paste of a whole
 * number (10 digits or more) replaces what the field held: pasted after '+52' typed, it would be read
 * as '+52 52 33…'. How a key changes the field, and where its caret goes, is typePhone's.
 */
export function PhoneField({ name, label, optional, disabled }: PhoneFieldProps) {
  const { input, error, id, control } = useFieldWiring<string>(name, {
    config: { parse: (value) => formatPhone(value), format: (value) => formatPhone(value) },
    disabled,
  });
  // The caret typePhone places: the mask's new text would put it at the end. Kept only for the
  // render of the text it belongs to, which follows the key at once. A key refused, or dropped by
  // the mask, changes nothing and renders nothing: the text is put back here, with the caret, before
  // React would put it back itself with the caret at the end.
  const field = useRef<HTMLInputElement>(null);
  const placed = useRef<TypedPhone | null>(null);
  useLayoutEffect(() => {
    const node = field.current;
    const next = placed.current;
    placed.current = null;
    if (!node || next?.caret == null || node.value !== next.text || node.ownerDocument.activeElement !== node) return;
    node.setSelectionRange(next.caret, next.caret);
  });
  const type = (event: ChangeEvent<HTMLInputElement>) => {
    const node = event.currentTarget;
    const shown = input.value ?? '';
    const { inputType } = event.nativeEvent as InputEvent;
    const next = typePhone(shown, { text: node.value, caret: node.selectionStart ?? node.value.length, inputType });
    if (next.text === shown) {
      node.value = shown;
      if (next.caret !== null) node.setSelectionRange(next.caret, next.caret);
      return;
    }
    placed.current = next;
    input.onChange(next.text);
  };
  // A whole number pasted replaces what was there, so it pushes nothing out.
  const paste = pasteWhole(
    (pasted, replacing) => {
      if (replacing || !refusesPhoneEdit(input.value ?? '', pasted)) input.onChange(pasted);
    },
    { replaces: (pasted) => digitsOnly(pasted).length >= 10 },
  );
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional} hint="10 dígitos">
      <InputGroup
        {...control}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="333-123-4567"
        value={input.value ?? ''}
        inputRef={field}
        onChange={type}
        onPaste={paste}
        onBlur={input.onBlur}
        maxLength={13}
        intent={error ? Intent.DANGER : Intent.NONE}
      />
    </FieldFrame>
  );
}
