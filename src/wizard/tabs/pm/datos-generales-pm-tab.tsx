// 'Datos generales' of a legal entity (PM and guarantor PM): business name, RFC, constitution
// date, sector, activity, employees, contact, comments, fiscal and operating addresses.
import { COMMENTS_MAX, EMAIL_MAX, EMPLOYEES_MAX_DIGITS, EXTENSION_MAX_DIGITS, NAME_MAX, RFC_LENGTH_COMPANY } from '../../../../forms/limits';
import { SECTORS } from '../../../../forms/options';
import { DateField } from '../../../components/fields/date-field';
import { EconomicActivityField } from '../../../components/fields/economic-activity-field';
import { PlainNumberField } from '../../../components/fields/number-field';
import { PhoneField } from '../../../components/fields/phone-field';
import { SelectField } from '../../../components/fields/select-field';
import { TextAreaField } from '../../../components/fields/text-area-field';
import { TextField } from '../../../components/fields/text-field';
import { useRfcDuplicateCheck } from '../../../components/fields/use-rfc-duplicate-check';
import { UploadArea } from '../../../documents/upload-area';
import { FieldGrid, FieldSection } from '../field-layout';
import { FiscalAndOperatingAddresses } from '../fiscal-operating-addresses';
import { labelOf, COMPANY_FIELD_LABELS } from '../../../../forms/field-labels';

const TAX_TARGET = { type: 'tax', person: 'Moral' } as const;

export function DatosGeneralesPmTab() {
  const rfcDuplicates = useRfcDuplicateCheck('company');
  return (
    <>
      <FieldSection title="Empresa">
        <div className="upload-areas">
          <UploadArea type="tax" target={TAX_TARGET} />
        </div>
        <FieldGrid>
          <TextField name="nombre" label={COMPANY_FIELD_LABELS.nombre!} uppercase maxLength={NAME_MAX} autoComplete="organization" />
          <TextField name="moral.rfc" label={labelOf('moral.rfc')} uppercase maxLength={RFC_LENGTH_COMPANY} hint="12 caracteres" validate={rfcDuplicates} />
          <DateField name="informacion_fiscal.fecha_constitucion" label={labelOf('informacion_fiscal.fecha_constitucion')} />
          <SelectField name="moral.sector" label={labelOf('moral.sector')} options={SECTORS} />
          <EconomicActivityField name="moral.actividad_economica" />
          <PlainNumberField name="moral.numero_empleados" label={labelOf('moral.numero_empleados')} hint={`Hasta ${EMPLOYEES_MAX_DIGITS} dígitos`} />
        </FieldGrid>
      </FieldSection>
      <FieldSection title="Contacto">
        <FieldGrid>
          <TextField name="email" label={labelOf('email')} type="email" maxLength={EMAIL_MAX} autoComplete="email" />
          <PhoneField name="moral.telefono_numero" label={labelOf('moral.telefono_numero')} />
          <TextField name="moral.telefono_extension" label={labelOf('moral.telefono_extension')} maxLength={EXTENSION_MAX_DIGITS} optional />
          <PhoneField name="moral.telefono2_numero" label={labelOf('moral.telefono2_numero')} optional />
          <TextField name="moral.telefono2_extension" label={labelOf('moral.telefono2_extension')} maxLength={EXTENSION_MAX_DIGITS} optional />
        </FieldGrid>
        <TextAreaField name="comentarios" label={labelOf('comentarios')} maxLength={COMMENTS_MAX} optional />
      </FieldSection>
      <FiscalAndOperatingAddresses prefix="informacion_fiscal" />
    </>
  );
}
