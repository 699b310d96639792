// Country → state → municipality of birth. México picks state and municipality from the
// catalogues; another country takes both as free text. Nationality follows the country and is
// read-only (spec 01 §5).
import { FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useField, useForm } from 'react-final-form';
import { COUNTRY_MEXICO, NATIONALITY_FOREIGN, NATIONALITY_MEXICAN, NAME_MAX } from '../../../forms/limits';
import type { Country, Municipality, State } from '../../../services/catalogs';
import { useCountryLookup, useMunicipalityLookup, useStateLookup } from './catalog-lookups';
import { FieldFrame, fieldId } from './field-frame';
import { useFieldDisabled } from './form-lock';
import { PLACEHOLDER_OPTION } from './select-field';
import { TextField } from './text-field';
import { useShownError } from './use-shown-error';

export interface BirthplaceFieldsProps {
  /** The object holding the fields: `fisica` gives `fisica.pais`, `fisica.estado`, `fisica.municipio`… */
  prefix: string;
  disabled?: boolean;
}

function CatalogSelect<T>({
  name,
  label,
  entries,
  idOf,
  nameOf,
  disabled,
  busy,
  onPick,
}: {
  name: string;
  label: string;
  entries: T[];
  idOf: (entry: T) => number;
  nameOf: (entry: T) => string;
  disabled: boolean;
  busy: boolean;
  onPick?: (entry: T | null) => void;
}) {
  const { input, meta } = useField<T | null>(name);
  const error = useShownError(meta, input.value);
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
        aria-describedby={`${id}-ayuda`}
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

export function BirthplaceFields({ prefix, disabled }: BirthplaceFieldsProps) {
  const form = useForm();
  const countries = useCountryLookup();
  const states = useStateLookup();
  const municipalities = useMunicipalityLookup();
  const countryList = useSelector(countries, (s) => s.context.entries);
  const stateList = useSelector(states, (s) => s.context.entries);
  const municipalityList = useSelector(municipalities, (s) => s.context.entries);
  const loading = {
    countries: useSelector(countries, (s) => s.hasTag('busy')),
    states: useSelector(states, (s) => s.hasTag('busy')),
    municipalities: useSelector(municipalities, (s) => s.hasTag('busy')),
  };

  const pais = useField<Country | null>(`${prefix}.pais`).input.value;
  const estado = useField<State | null>(`${prefix}.estado`).input.value;
  const nacionalidad = useField<string>(`${prefix}.nacionalidad`).input.value;
  const isMexico = pais?.clave === COUNTRY_MEXICO;

  useEffect(() => countries.send({ type: 'lookup.requested', key: '' }), [countries]);
  useEffect(() => {
    if (isMexico && pais) states.send({ type: 'lookup.requested', key: String(pais.id_pais) });
  }, [isMexico, pais, states]);
  useEffect(() => {
    if (estado) municipalities.send({ type: 'lookup.requested', key: String(estado.id_estado) });
    else municipalities.send({ type: 'lookup.cleared' });
  }, [estado, municipalities]);

  const countryPicked = (country: Country | null) =>
    form.batch(() => {
      form.change(`${prefix}.nacionalidad`, country?.clave === COUNTRY_MEXICO || !country ? NATIONALITY_MEXICAN : NATIONALITY_FOREIGN);
      for (const field of ['estado', 'municipio', 'entidad_nacimiento', 'ciudad_nacimiento']) form.change(`${prefix}.${field}`, undefined);
    });

  const countryDisabled = useFieldDisabled(`${prefix}.pais`, disabled);
  const placeDisabled = useFieldDisabled(`${prefix}.estado`, disabled);
  const nationalityId = fieldId(`${prefix}.nacionalidad`);
  return (
    <div className="birthplace-fields">
      <CatalogSelect<Country>
        name={`${prefix}.pais`}
        label="País de nacimiento"
        entries={countryList}
        idOf={(c) => c.id_pais}
        nameOf={(c) => c.nombre}
        disabled={countryDisabled}
        busy={loading.countries}
        onPick={countryPicked}
      />
      <FormGroup label="Nacionalidad" labelFor={nationalityId} helperText="Se asigna según el país de nacimiento">
        <InputGroup id={nationalityId} name={`${prefix}.nacionalidad`} value={nacionalidad ?? ''} readOnly intent={Intent.NONE} />
      </FormGroup>
      {isMexico || !pais ? (
        <>
          <CatalogSelect<State>
            name={`${prefix}.estado`}
            label="Estado de nacimiento"
            entries={stateList}
            idOf={(s) => s.id_estado}
            nameOf={(s) => s.nombre}
            disabled={placeDisabled || !pais}
            busy={loading.states}
            onPick={() => form.change(`${prefix}.municipio`, undefined)}
          />
          <CatalogSelect<Municipality>
            name={`${prefix}.municipio`}
            label="Municipio de nacimiento"
            entries={municipalityList}
            idOf={(m) => m.id_municipio}
            nameOf={(m) => m.nombre}
            disabled={placeDisabled || !estado}
            busy={loading.municipalities}
          />
        </>
      ) : (
        <>
          <TextField name={`${prefix}.entidad_nacimiento`} label="Estado o provincia de nacimiento" uppercase maxLength={NAME_MAX} disabled={disabled} />
          <TextField name={`${prefix}.ciudad_nacimiento`} label="Ciudad de nacimiento" uppercase maxLength={NAME_MAX} disabled={disabled} />
        </>
      )}
    </div>
  );
}
