// Money and percentage inputs. The value is kept as the typed text with thousands separators
// removed, so '12.' can become '12.5'; the schema casts it and reports '¡Número inválido!'.
import { InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { errorId, FieldFrame, fieldId } from './field-frame';
import { useFieldDisabled } from './form-lock';
import { useShownError } from './use-shown-error';

export interface NumberFieldProps {
  name: string;
  label: string;
  optional?: boolean;
  disabled?: boolean;
  hint?: string;
}

const normalise = (value: string | undefined) => (value ?? '').replace(/[,\s$%]/g, '');

function NumberField({ name, label, optional, disabled, hint, left, right }: NumberFieldProps & { left?: string; right?: string }) {
  const { input, meta } = useField<string>(name, { parse: normalise, format: (value) => (value === undefined || value === null ? '' : String(value)) });
  const error = useShownError(meta, input.value);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional} hint={hint}>
      <InputGroup
        id={id}
        name={name}
        inputMode="decimal"
        value={input.value ?? ''}
        onChange={input.onChange}
        onBlur={input.onBlur}
        onFocus={input.onFocus}
        leftElement={left ? <Tag minimal aria-hidden="true">{left}</Tag> : undefined}
        rightElement={right ? <Tag minimal aria-hidden="true">{right}</Tag> : undefined}
        disabled={useFieldDisabled(name, disabled)}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId(id)}
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
