import { InputGroup, Intent } from '@blueprintjs/core';
import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { digitsOnly, formatPhone, refusesPhoneEdit } from '../../../forms/masks';
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
 * as '+52 52 33…'.
 */
export function PhoneField({ name, label, optional, disabled }: PhoneFieldProps) {
  const { input, error, id, control } = useFieldWiring<string>(name, {
    config: { parse: (value) => formatPhone(value), format: (value) => formatPhone(value) },
    disabled,
  });
  // The caret stays after the digits it was after: the mask's new text would put it at the end, so
  // a digit mended inside the number would be followed by the next one typed at the end.
  const field = useRef<HTMLInputElement>(null);
  const caretDigits = useRef<number | null>(null);
  // A whole number pasted replaces what was there, so it pushes nothing out.
  const change = (typed: string, replacing = false) => {
    if (replacing || !refusesPhoneEdit(input.value ?? '', typed)) input.onChange(typed);
  };
  const paste = pasteWhole(change, { replaces: (pasted) => digitsOnly(pasted).length >= 10 });
  useLayoutEffect(() => {
    const node = field.current;
    const digits = caretDigits.current;
    caretDigits.current = null;
    if (!node || digits === null || node.ownerDocument.activeElement !== node) return;
    const at = afterDigits(node.value, digits);
    node.setSelectionRange(at, at);
  });
  const type = (event: ChangeEvent<HTMLInputElement>) => {
    const node = event.currentTarget;
    const shown = input.value ?? '';
    let typed = node.value;
    let caret = node.selectionStart ?? typed.length;
    // A dash deleted alone (Backspace after it, Delete before it) takes the digit beside it: the mask
    // would put the dash back, and the key would do nothing.
    if (typed.length === shown.length - 1 && digitsOnly(typed) === digitsOnly(shown)) {
      const { inputType } = event.nativeEvent as InputEvent;
      if (inputType === 'deleteContentBackward' && caret > 0) {
        typed = typed.slice(0, caret - 1) + typed.slice(caret);
        caret -= 1;
      } else if (inputType === 'deleteContentForward') {
        typed = typed.slice(0, caret) + typed.slice(caret + 1);
      }
    }
    // At the end, the caret stays at the end, as the browser leaves it ('+52' gives way to the number there).
    caretDigits.current = caret < typed.length ? digitsOnly(typed.slice(0, caret)).length : null;
    change(typed);
    // For this key's render only (React renders it before a timer runs): a refused key, or one the
    // mask drops, renders nothing, and a later render must not move the caret.
    setTimeout(() => (caretDigits.current = null));
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

/** The position in `text` just after its `count`-th digit (its start for none, its end past the last). */
function afterDigits(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) if (/\d/.test(text[i]!) && ++seen === count) return i + 1;
  return text.length;
}
