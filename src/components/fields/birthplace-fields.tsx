// Country → state → municipality of birth. México picks state and municipality from the
// catalogues; another country takes both as free text. Nationality follows the country and is
// read-only (spec 01 §5).
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useField } from 'react-final-form';
import { onBirthStateChange, onCountryOfBirthChange } from '../../../forms/dependent-fields';
import { COUNTRY_MEXICO, NAME_MAX } from '../../../forms/limits';
import type { Country, Municipality, State } from '../../../services/catalogs';
import { useCountryLookup, useMunicipalityLookup, useStateLookup } from './catalog-lookups';
import { CatalogSuggest } from './catalog-suggest';
import { fieldId } from './field-frame';
import { useFieldDisabled } from './form-lock';
import { useFieldChanges } from './use-field-changes';
import { TextField } from './text-field';
import { labelOf } from '../../../forms/field-labels';

export interface BirthplaceFieldsProps {
  disabled?: boolean;
}

const prefix = 'fisica';
const entryName = (entry: { nombre: string }) => entry.nombre;
const countryId = (country: Country) => country.id_pais;
const stateId = (state: State) => state.id_estado;
const municipalityId = (municipality: Municipality) => municipality.id_municipio;

export function BirthplaceFields({ disabled }: BirthplaceFieldsProps) {
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

  const { apply, values } = useFieldChanges();

  const countryDisabled = useFieldDisabled(`${prefix}.pais`, disabled);
  const placeDisabled = useFieldDisabled(`${prefix}.estado`, disabled);
  const nationalityId = fieldId(`${prefix}.nacionalidad`);
  return (
    <div className="birthplace-fields">
      <CatalogSuggest<Country>
        name={`${prefix}.pais`}
        label={labelOf(`${prefix}.pais`)}
        entries={countryList}
        idOf={countryId}
        nameOf={entryName}
        disabled={countryDisabled}
        busy={loading.countries}
        onPick={(country) => apply(onCountryOfBirthChange(values(), country))}
      />
      <FormGroup label={labelOf(`${prefix}.nacionalidad`)} labelFor={nationalityId} helperText="Se asigna según el país de nacimiento">
        <InputGroup id={nationalityId} name={`${prefix}.nacionalidad`} value={nacionalidad ?? ''} readOnly tabIndex={-1} intent={Intent.NONE} />
      </FormGroup>
      {isMexico || !pais ? (
        <>
          <CatalogSuggest<State>
            name={`${prefix}.estado`}
            label={labelOf(`${prefix}.estado`)}
            entries={stateList}
            idOf={stateId}
            nameOf={entryName}
            disabled={placeDisabled}
            waiting={!pais}
            busy={loading.states}
            onPick={(state) => apply(onBirthStateChange(values(), state))}
          />
          <CatalogSuggest<Municipality>
            name={`${prefix}.municipio`}
            label={labelOf(`${prefix}.municipio`)}
            entries={municipalityList}
            idOf={municipalityId}
            nameOf={entryName}
            disabled={placeDisabled}
            waiting={!estado}
            busy={loading.municipalities}
          />
        </>
      ) : (
        <>
          <TextField name={`${prefix}.entidad_nacimiento`} label={labelOf(`${prefix}.entidad_nacimiento`)} uppercase maxLength={NAME_MAX} disabled={disabled} />
          <TextField name={`${prefix}.ciudad_nacimiento`} label={labelOf(`${prefix}.ciudad_nacimiento`)} uppercase maxLength={NAME_MAX} disabled={disabled} />
        </>
      )}
    </div>
  );
}
