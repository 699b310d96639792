import { InputGroup, Intent } from '@blueprintjs/core';
import type { FieldValidator } from 'final-form';
import { toUpper } from '../../../forms/masks';
import { tidyLine } from '../../../forms/rules/text';
import { FieldFrame } from './field-frame';
import { usePldMark } from './pld-marks';
import { useCutNotice } from './use-cut-notice';
import { useFieldWiring } from './use-field-wiring';

export interface TextFieldProps {
  /** The model path, e.g. `fisica.curp`; also the input's `name`. */
  name: string;
  label: string;
  /** Upper-cases what is typed (names, RFC, CURP). Default false. */
  uppercase?: boolean;
  /** The browser's limit; an edit past it is cut, and the field says so under it. Default none. */
  maxLength?: number;
  /**
   * 'email' asks for the e-mail keyboard, without spelling or capitals. The input stays of type text:
   * an e-mail input hands over a domain typed with Ñ or accents in punycode ('contacto@xn--and-6ma2c.mx'),
   * not what the person typed. Default 'text'.
   */
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
  const note = usePldMark(name);
  const { input, error, id, control } = useFieldWiring<string>(name, {
    // An e-mail drops the spaces around it, as an e-mail input did (a paste or a keyboard's suggestion adds one).
    config: { parse: (value) => (uppercase ? toUpper(value) : type === 'email' ? (value ?? '').trim() : value) ?? '', validate },
    disabled,
    note,
  });
  const { inputRef, notice } = useCutNotice<HTMLInputElement>(maxLength, input.value);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} notice={notice} optional={optional}>
      <InputGroup
        {...control}
        inputRef={inputRef}
        type="text"
        {...(type === 'email' ? { inputMode: 'email' as const, autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } : {})}
        value={input.value ?? ''}
        onChange={(event) => {
          input.onChange(event);
          onValueChange?.(uppercase ? toUpper(event.target.value) : event.target.value);
        }}
        // Left tidy, as it is stored (the schema's text rule): no spaces around it, one between words. Not
        // when the window lost the focus and the field keeps it ('JUAN ' while the surname is copied elsewhere).
        onBlur={(event) => {
          const tidy = tidyLine(input.value ?? '');
          if (tidy !== (input.value ?? '') && document.activeElement !== event.currentTarget) {
            input.onChange(tidy);
            onValueChange?.(tidy);
          }
          input.onBlur(event);
        }}
        maxLength={maxLength}
        autoComplete={autoComplete}
        intent={error ? Intent.DANGER : Intent.NONE}
        className={uppercase ? 'input-uppercase' : undefined}
      />
    </FieldFrame>
  );
}
