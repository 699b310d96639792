// Money and percentage inputs. The value is kept as the typed text with thousands separators
// removed, so '12.' can become '12.5'; the schema casts it and reports '¡Número inválido!'.
// An amount shows grouped ('1,250,000.50') while it is not being typed, and as stored while it is,
// so the caret never jumps.
import { InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useLayoutEffect, useRef } from 'react';
import { groupAmount, stripNumber } from '../../../forms/masks';
import { FieldFrame } from './field-frame';
import { useFieldWiring } from './use-field-wiring';

export interface NumberFieldProps {
  name: string;
  label: string;
  optional?: boolean;
  disabled?: boolean;
  hint?: string;
}

interface NumberFieldLook {
  left?: string;
  right?: string;
  /** How the value shows while the field is not focused. Default as stored. */
  shown?: (value: string) => string;
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function NumberField({ name, label, optional, disabled, hint, left, right, shown = asText }: NumberFieldProps & NumberFieldLook) {
  const { input, meta, error, id, control } = useFieldWiring<string>(name, { config: { parse: stripNumber, format: asText }, disabled });
  const inputRef = useRef<HTMLInputElement>(null);
  // Reached with Tab, the browser selects the whole value, so that typing replaces it; the grouped
  // text then gives way to the stored one, which drops that selection: it is made again.
  const selectAgain = useRef(false);
  useLayoutEffect(() => {
    if (meta.active && selectAgain.current) inputRef.current?.select();
    selectAgain.current = false;
  }, [meta.active]);
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional} hint={hint}>
      <InputGroup
        {...control}
        inputRef={inputRef}
        onFocus={(event) => {
          const node = event.currentTarget;
          selectAgain.current = node.value !== '' && node.selectionStart === 0 && node.selectionEnd === node.value.length;
          control.onFocus(event);
        }}
        inputMode="decimal"
        value={meta.active ? input.value : shown(input.value)}
        onChange={input.onChange}
        onBlur={input.onBlur}
        leftElement={left ? <Tag minimal aria-hidden="true">{left}</Tag> : undefined}
        rightElement={right ? <Tag minimal aria-hidden="true">{right}</Tag> : undefined}
        intent={error ? Intent.DANGER : Intent.NONE}
      />
    </FieldFrame>
  );
}

/** An amount in pesos, 0 to 9,999,999,999.99, shown as '$ 1,250,000.50' when not being typed. */
export const MoneyField = (props: NumberFieldProps) => <NumberField {...props} left="$" shown={groupAmount} />;

/** A percentage, 0 to 99 with two decimals. */
export const PercentageField = (props: NumberFieldProps) => <NumberField {...props} right="%" />;

/** A plain number (years known, number of employees). */
export const PlainNumberField = (props: NumberFieldProps) => <NumberField {...props} />;
