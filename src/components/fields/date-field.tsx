// A date typed as dd/MM/yyyy or picked from a Spanish calendar; kept as 'YYYY-MM-DD'.
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { Intent } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import { es } from 'date-fns/locale';
import { FieldFrame } from './field-frame';
import { useFieldWiring } from './use-field-wiring';

export interface DateFieldProps {
  name: string;
  label: string;
  optional?: boolean;
  disabled?: boolean;
  /** Earliest selectable date, 'YYYY-MM-DD'. Default 1900-01-01. */
  minDate?: string;
  /** Latest selectable date, 'YYYY-MM-DD'. Default today. */
  maxDate?: string;
}

const toLocalDate = (ymd: string) => new Date(`${ymd}T00:00:00`);
const today = () => new Date().toISOString().slice(0, 10);

export function DateField({ name, label, optional, disabled, minDate = '1900-01-01', maxDate = today() }: DateFieldProps) {
  const { input, error, id, control } = useFieldWiring<string>(name, { disabled });
  const { disabled: locked, ...inputProps } = control;
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional} hint="dd/mm/aaaa">
      <DateInput
        locale={es as never}
        dateFnsFormat="dd/MM/yyyy"
        placeholder="dd/mm/aaaa"
        value={input.value ? `${input.value}T00:00:00` : null}
        onChange={(value) => {
          input.onChange(value ? value.slice(0, 10) : '');
          input.onBlur();
        }}
        minDate={toLocalDate(minDate)}
        maxDate={toLocalDate(maxDate)}
        disabled={locked}
        invalidDateMessage="¡Fecha inválida!"
        outOfRangeMessage="¡Fecha inválida!"
        highlightCurrentDay
        fill
        inputProps={{ ...inputProps, intent: error ? Intent.DANGER : Intent.NONE }}
      />
    </FieldFrame>
  );
}
