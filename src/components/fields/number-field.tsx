// Money and percentage inputs. The value is kept as the typed text with thousands separators
// removed, so '12.' can become '12.5'; the schema casts it and reports '¡Número inválido!'.
import { InputGroup, Intent, Tag } from '@blueprintjs/core';
import { FieldFrame } from './field-frame';
import { useFieldWiring } from './use-field-wiring';

export interface NumberFieldProps {
  name: string;
  label: string;
  optional?: boolean;
  disabled?: boolean;
  hint?: string;
}

const normalise = (value: string | undefined) => (value ?? '').replace(/[,\s$%]/g, '');

function NumberField({ name, label, optional, disabled, hint, left, right }: NumberFieldProps & { left?: string; right?: string }) {
  const { input, error, id, control } = useFieldWiring<string>(name, {
    config: { parse: normalise, format: (value) => (value === undefined || value === null ? '' : String(value)) },
    disabled,
  });
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional} hint={hint}>
      <InputGroup
        {...control}
        inputMode="decimal"
        value={input.value ?? ''}
        onChange={input.onChange}
        onBlur={input.onBlur}
        leftElement={left ? <Tag minimal aria-hidden="true">{left}</Tag> : undefined}
        rightElement={right ? <Tag minimal aria-hidden="true">{right}</Tag> : undefined}
        intent={error ? Intent.DANGER : Intent.NONE}
      />
    </FieldFrame>
  );
}

/** An amount in pesos, 0 to 9,999,999,999.99. */
export const MoneyField = (props: NumberFieldProps) => <NumberField {...props} left="$" />;

/** A percentage, 0 to 99 with two decimals. */
export const PercentageField = (props: NumberFieldProps) => <NumberField {...props} right="%" />;

/** A plain number (years known, number of employees). */
export const PlainNumberField = (props: NumberFieldProps) => <NumberField {...props} />;
