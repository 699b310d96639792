// 'Datos generales' of a natural person (PF and PFAE): identity, contact, CURP (which fills
// sex, birth date and birth state), RFC, birthplace, marital status.
import { useField } from 'react-final-form';
import { maritalFieldsShown, onCurpChange, onMaritalStatusChange } from '../../../forms/dependent-fields';
import { ADULT_AGE, yearsAgoIsoDate } from '../../../forms/rules/date';
import { CURP_LENGTH, EMAIL_MAX, NAME_MAX, RFC_LENGTH_PERSON, SURNAME_MAX } from '../../../forms/limits';
import { IDENTIFICATIONS, MARITAL_STATUSES, MATRIMONIAL_REGIMES, SEXES } from '../../../forms/options';
import { BirthplaceFields } from '../../components/fields/birthplace-fields';
import { DateField } from '../../components/fields/date-field';
import { PhoneField } from '../../components/fields/phone-field';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { useFieldChanges } from '../../components/fields/use-field-changes';
import { useRfcDuplicateCheck } from '../../components/fields/use-rfc-duplicate-check';
import { UploadArea } from '../../documents/upload-area';
import { FieldGrid, FieldSection } from './field-layout';
import { labelOf } from '../../../forms/field-labels';

const ID_TARGET = { type: 'identification' } as const;
const TAX_TARGET = { type: 'tax', person: 'Física' } as const;

export function DatosGeneralesPfTab() {
  const { apply, values } = useFieldChanges();
  const estadoCivil = useField<string>('fisica.estado_civil', { subscription: { value: true } }).input.value;
  const shown = maritalFieldsShown(estadoCivil);
  const rfcDuplicates = useRfcDuplicateCheck('person');
  return (
    <>
      <FieldSection title="Identificación">
        <div className="upload-areas">
          <UploadArea type="identification" target={ID_TARGET} />
          <UploadArea type="tax" target={TAX_TARGET} />
        </div>
        <FieldGrid>
          <SelectField name="fisica.identificacion" label={labelOf('fisica.identificacion')} options={IDENTIFICATIONS} />
          <TextField name="nombre" label={labelOf('nombre')} uppercase maxLength={NAME_MAX} autoComplete="given-name" />
          <TextField name="fisica.apellido_paterno" label={labelOf('fisica.apellido_paterno')} uppercase maxLength={SURNAME_MAX} autoComplete="family-name" />
          <TextField name="fisica.apellido_materno" label={labelOf('fisica.apellido_materno')} uppercase maxLength={SURNAME_MAX} optional />
          <TextField
            name="fisica.curp"
            label={labelOf('fisica.curp')}
            uppercase
            maxLength={CURP_LENGTH}
            hint="Al escribirla se llenan sexo, fecha y estado de nacimiento"
            onValueChange={(curp) => apply(onCurpChange(values(), curp).filter((change) => change.name !== 'fisica.curp'))}
          />
          <TextField name="fisica.rfc" label={labelOf('fisica.rfc')} uppercase maxLength={RFC_LENGTH_PERSON} validate={rfcDuplicates} />
          <SelectField name="fisica.sexo" label={labelOf('fisica.sexo')} options={SEXES} />
          <DateField name="fisica.fecha_nacimiento" label={labelOf('fisica.fecha_nacimiento')} openingDay={yearsAgoIsoDate(ADULT_AGE)} />
        </FieldGrid>
      </FieldSection>
      <FieldSection title="Contacto">
        <FieldGrid>
          <TextField name="email" label={labelOf('email')} type="email" maxLength={EMAIL_MAX} autoComplete="email" />
          <PhoneField name="celular.numero" label={labelOf('celular.numero')} />
        </FieldGrid>
      </FieldSection>
      <FieldSection title="Lugar de nacimiento">
        <FieldGrid>
          <BirthplaceFields />
        </FieldGrid>
      </FieldSection>
      <FieldSection title="Estado civil">
        <FieldGrid>
          <SelectField
            name="fisica.estado_civil"
            label={labelOf('fisica.estado_civil')}
            options={MARITAL_STATUSES}
            onValueChange={(value) => apply(onMaritalStatusChange(values(), value).filter((change) => change.name !== 'fisica.estado_civil'))}
          />
          {shown.regimen_matrimonial && <SelectField name="fisica.regimen_matrimonial" label={labelOf('fisica.regimen_matrimonial')} options={MATRIMONIAL_REGIMES} />}
          {shown.nombre_completo_conyuge && (
            <TextField name="fisica.nombre_completo_conyuge" label={labelOf('fisica.nombre_completo_conyuge')} uppercase maxLength={NAME_MAX} />
          )}
        </FieldGrid>
      </FieldSection>
    </>
  );
}
