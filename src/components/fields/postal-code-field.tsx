// The postal code with its neighbourhood: five digits look the settlements up, the person
// picks one or 'Otra' (which asks for `otra_colonia`); the list found is kept in the model.
import { Button, Callout, HTMLSelect, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useField, useForm } from 'react-final-form';
import { digitsOnly } from '../../../forms/masks';
import { MESSAGES } from '../../../forms/messages';
import { OTHER_COLONIA, OTHER_COLONIA_MAX, POSTAL_CODE_LENGTH } from '../../../forms/limits';
import type { Neighbourhood } from '../../../services/catalogs';
import { useNeighbourhoodLookup } from './catalog-lookups';
import { FieldFrame, fieldId } from './field-frame';
import { useFieldDisabled } from './form-lock';
import { PLACEHOLDER_OPTION } from './select-field';
import { TextField } from './text-field';
import { useShownError } from './use-shown-error';

export interface PostalCodeFieldProps {
  /** The postal code's model path, e.g. `vivienda.domicilio.codigo_postal`. */
  name: string;
  /** Where the chosen neighbourhood {colonia, municipio, estado} goes, e.g. `vivienda.colonia`. */
  coloniaName: string;
  /** The free-text neighbourhood used with 'Otra', e.g. `vivienda.otra_colonia`. */
  otraColoniaName: string;
  /** Where the settlements found are kept, e.g. `vivienda.colonia_catalogo`; [] means none were found. */
  catalogName: string;
  disabled?: boolean;
}

/** The postal code's own rule: five digits, and settlements found for it. */
export function postalCodeError(value: string | undefined, catalog: unknown): string | undefined {
  if (!value) return undefined; // 'required' is the schema's
  if (!/^\d{5}$/.test(value)) return MESSAGES.postalCodeInvalid;
  if (Array.isArray(catalog) && catalog.length === 0) return MESSAGES.postalCodeNotFound;
  return undefined;
}

const valueAt = (values: object, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], values);

export function PostalCodeField({ name, coloniaName, otraColoniaName, catalogName, disabled }: PostalCodeFieldProps) {
  const form = useForm();
  const lookup = useNeighbourhoodLookup();
  const busy = useSelector(lookup, (s) => s.hasTag('busy'));
  const failed = useSelector(lookup, (s) => s.hasTag('error'));
  const found = useSelector(lookup, (s) => (s.matches('settled') ? s.context.entries : null));

  const code = useField<string>(name, {
    parse: (value) => digitsOnly(value ?? '', POSTAL_CODE_LENGTH),
    validate: (value, all) => postalCodeError(value, valueAt(all, catalogName)),
  });
  const colonia = useField<Neighbourhood | null>(coloniaName);
  const codeDisabled = useFieldDisabled(name, disabled);
  const coloniaDisabled = useFieldDisabled(coloniaName, disabled);

  const postalCode = code.input.value;
  useEffect(() => {
    if (postalCode?.length === POSTAL_CODE_LENGTH) lookup.send({ type: 'lookup.requested', key: postalCode });
    else lookup.send({ type: 'lookup.cleared' });
  }, [postalCode, lookup]);

  // Keep the list in the model, and drop a chosen neighbourhood that the new code does not have.
  useEffect(() => {
    if (!found) return;
    form.batch(() => {
      form.change(catalogName, found);
      const chosen = colonia.input.value || null; // final-form gives "" for an empty field
      if (chosen && chosen.colonia !== OTHER_COLONIA && !found.some((n) => n.colonia === chosen.colonia)) form.change(coloniaName, null);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found]);

  const codeError = useShownError(code.meta, postalCode);
  const coloniaError = useShownError(colonia.meta, colonia.input.value);
  const codeId = fieldId(name);
  const coloniaId = fieldId(coloniaName);
  const options = found ?? [];
  const chosen = colonia.input.value || null; // final-form gives "" for an empty field
  const place = chosen ?? options[0];

  const choose = (value: string) => {
    if (value === OTHER_COLONIA) {
      colonia.input.onChange({ colonia: OTHER_COLONIA, municipio: options[0]?.municipio ?? '', estado: options[0]?.estado ?? '' });
    } else {
      colonia.input.onChange(options.find((n) => n.colonia === value) ?? null);
      form.change(otraColoniaName, '');
    }
    colonia.input.onBlur();
  };

  return (
    <div className="postal-code-field">
      <FieldFrame id={codeId} label="Código postal" error={codeError} hint="5 dígitos">
        <InputGroup
          id={codeId}
          name={name}
          inputMode="numeric"
          autoComplete="postal-code"
          value={postalCode ?? ''}
          onChange={code.input.onChange}
          onBlur={code.input.onBlur}
          onFocus={code.input.onFocus}
          maxLength={POSTAL_CODE_LENGTH}
          disabled={codeDisabled}
          intent={codeError ? Intent.DANGER : Intent.NONE}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={`${codeId}-ayuda`}
          rightElement={busy ? <Spinner size={16} aria-label="Buscando colonias" /> : undefined}
        />
      </FieldFrame>
      {failed && (
        <Callout intent="warning" compact className="lookup-failed">
          No se pudieron consultar las colonias de este código postal.{' '}
          <Button size="small" variant="minimal" intent="primary" text="Reintentar" onClick={() => lookup.send({ type: 'lookup.retried' })} />
        </Callout>
      )}
      <FieldFrame id={coloniaId} label="Colonia" error={coloniaError}>
        <HTMLSelect
          id={coloniaId}
          name={coloniaName}
          fill
          value={chosen?.colonia ?? ''}
          onChange={(event) => choose(event.target.value)}
          onFocus={colonia.input.onFocus}
          disabled={coloniaDisabled || options.length === 0}
          aria-invalid={coloniaError ? true : undefined}
          aria-describedby={`${coloniaId}-ayuda`}
        >
          <option value="">{options.length ? PLACEHOLDER_OPTION : 'Escribe primero el código postal'}</option>
          {options.map((n) => (
            <option key={n.colonia} value={n.colonia}>
              {n.colonia}
            </option>
          ))}
          {options.length > 0 && <option value={OTHER_COLONIA}>{OTHER_COLONIA}</option>}
        </HTMLSelect>
      </FieldFrame>
      {place && options.length > 0 && (
        <p className="postal-code-place" aria-live="polite">
          {`${place.municipio}, ${place.estado}`}
        </p>
      )}
      {chosen?.colonia === OTHER_COLONIA && (
        <TextField name={otraColoniaName} label="Otra colonia" maxLength={OTHER_COLONIA_MAX} disabled={disabled} />
      )}
    </div>
  );
}
