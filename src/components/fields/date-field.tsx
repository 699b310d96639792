// A date typed as dd/MM/yyyy or picked from a Spanish calendar; kept as 'YYYY-MM-DD'.
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { Intent } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import { es } from 'date-fns/locale';
import { useField } from 'react-final-form';
import { errorId, FieldFrame, fieldId } from './field-frame';
import { useFieldDisabled } from './form-lock';
import { useShownError } from './use-shown-error';

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
  const { input, meta } = useField<string>(name);
  const error = useShownError(meta, input.value);
  const id = fieldId(name);
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
        disabled={useFieldDisabled(name, disabled)}
        invalidDateMessage="¡Fecha inválida!"
        outOfRangeMessage="¡Fecha inválida!"
        highlightCurrentDay
        fill
        inputProps={{
          id,
          name,
          onFocus: input.onFocus,
          intent: error ? Intent.DANGER : Intent.NONE,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': errorId(id),
        }}
      />
    </FieldFrame>
  );
}
