// A select of catalogue entries ({id, nombre} objects): the model keeps the whole entry.
import { HTMLSelect } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { errorId, FieldFrame, fieldId } from './field-frame';
import { PLACEHOLDER_OPTION } from './select-field';
import { useShownError } from './use-shown-error';

export interface CatalogSelectProps<T> {
  name: string;
  label: string;
  entries: T[];
  idOf: (entry: T) => number;
  nameOf: (entry: T) => string;
  disabled: boolean;
  /** The list is loading. */
  busy: boolean;
  onPick?: (entry: T | null) => void;
}

export function CatalogSelect<T>({
  name,
  label,
  entries,
  idOf,
  nameOf,
  disabled,
  busy,
  onPick,
}: CatalogSelectProps<T>) {
  const { input, meta } = useField<T | null>(name);
  const error = useShownError(name, meta, input.value);
  const id = fieldId(name);
  const current = input.value ? idOf(input.value) : '';
  return (
    <FieldFrame id={id} label={label} error={error}>
      <HTMLSelect
        id={id}
        name={name}
        fill
        value={String(current)}
        disabled={disabled || (entries.length === 0 && !current)}
        onFocus={input.onFocus}
        onChange={(event) => {
          const entry = entries.find((e) => String(idOf(e)) === event.target.value) ?? null;
          input.onChange(entry);
          input.onBlur();
          onPick?.(entry);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId(id)}
        aria-busy={busy || undefined}
      >
        <option value="">{busy ? 'Cargando…' : PLACEHOLDER_OPTION}</option>
        {entries.map((entry) => (
          <option key={idOf(entry)} value={idOf(entry)}>
            {nameOf(entry)}
          </option>
        ))}
        {/* A stored value the list has not loaded yet still shows. */}
        {input.value && !entries.some((e) => idOf(e) === current) && <option value={current}>{nameOf(input.value)}</option>}
      </HTMLSelect>
    </FieldFrame>
  );
}

