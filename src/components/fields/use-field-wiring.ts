// The wiring every field component shares: final-form's field, the error it shows, its id, and
// the props that tie its control to the label, the lock and the text under it.
import type { UseFieldConfig } from 'react-final-form';
import { useField } from 'react-final-form';
import { errorId, fieldId } from './field-frame';
import { useFieldDisabled } from './form-lock';
import { useShownError } from './use-shown-error';

export interface FieldWiringOptions {
  /** final-form's field config (parse, format, validate). */
  config?: UseFieldConfig;
  /** Disabled whatever the editable level. Default false. */
  disabled?: boolean;
  /** Shown as the error while the field shows none of its own (a PLD mark). Default none. */
  note?: string;
  /** Disabled until another field is filled, and showing no error meanwhile (useShownError). Default false. */
  waiting?: boolean;
}

export function useFieldWiring<T>(name: string, { config, disabled, note, waiting = false }: FieldWiringOptions = {}) {
  const { input, meta } = useField<T>(name, config);
  const error = useShownError(name, meta, input.value, waiting) ?? note;
  const id = fieldId(name);
  /** Spread on the control: its id and name, focus, lock and the aria state of its error. */
  const control = {
    id,
    name,
    onFocus: input.onFocus,
    disabled: useFieldDisabled(name, disabled || waiting),
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': errorId(id),
  };
  return { input, meta, error, id, control };
}
