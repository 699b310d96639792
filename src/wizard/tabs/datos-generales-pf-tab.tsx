// 'Datos generales' of a natural person (PF and PFAE): identity, contact, CURP (which fills
// sex, birth date and birth state), RFC, birthplace, marital status.
import { useField } from 'react-final-form';
import { maritalFieldsShown, onCurpChange, onMaritalStatusChange } from '../../../forms/dependent-fields';
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
          <SelectField name="fisica.identificacion" label="Identificación oficial" options={IDENTIFICATIONS} />
          <TextField name="nombre" label="Nombre(s)" uppercase maxLength={NAME_MAX} autoComplete="given-name" />
          <TextField name="fisica.apellido_paterno" label="Apellido paterno" uppercase maxLength={SURNAME_MAX} autoComplete="family-name" />
          <TextField name="fisica.apellido_materno" label="Apellido materno" uppercase maxLength={SURNAME_MAX} optional />
          <TextField
            name="fisica.curp"
            label="CURP"
            uppercase
            maxLength={CURP_LENGTH}
            hint="Al escribirla se llenan sexo, fecha y estado de nacimiento"
            onValueChange={(curp) => apply(onCurpChange(values(), curp).filter((change) => change.name !== 'fisica.curp'))}
          />
          <TextField name="fisica.rfc" label="RFC con homoclave" uppercase maxLength={RFC_LENGTH_PERSON} validate={rfcDuplicates} />
          <SelectField name="fisica.sexo" label="Sexo" options={SEXES} />
          <DateField name="fisica.fecha_nacimiento" label="Fecha de nacimiento" />
        </FieldGrid>
      </FieldSection>
      <FieldSection title="Contacto">
        <FieldGrid>
          <TextField name="email" label="Correo electrónico" type="email" maxLength={EMAIL_MAX} autoComplete="email" />
          <PhoneField name="celular.numero" label="Teléfono celular" />
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
            label="Estado civil"
            options={MARITAL_STATUSES}
            onValueChange={(value) => apply(onMaritalStatusChange(values(), value).filter((change) => change.name !== 'fisica.estado_civil'))}
          />
          {shown.regimen_matrimonial && <SelectField name="fisica.regimen_matrimonial" label="Régimen matrimonial" options={MATRIMONIAL_REGIMES} />}
          {shown.nombre_completo_conyuge && (
            <TextField name="fisica.nombre_completo_conyuge" label="Nombre completo del cónyuge" uppercase maxLength={NAME_MAX} />
          )}
        </FieldGrid>
      </FieldSection>
    </>
  );
}
