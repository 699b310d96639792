// 'Empleo': employer, activity, phone and address, international operations, the property link;
// PFAE adds profession, position, fiscal and operating addresses and the copy checkbox.
import { useField } from 'react-final-form';
import { onLinkedPartyChange } from '../../../forms/dependent-fields';
import { EXTENSION_MAX_DIGITS, NAME_MAX, STREET_MAX } from '../../../forms/limits';
import { INTERNATIONAL_OPERATIONS, YES_NO } from '../../../forms/options';
import { linkedPartyApplies } from '../../../forms/pf/empleo';
import { DateField } from '../../components/fields/date-field';
import { EconomicActivityField } from '../../components/fields/economic-activity-field';
import { PhoneField } from '../../components/fields/phone-field';
import { PostalCodeField } from '../../components/fields/postal-code-field';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { useFieldChanges } from '../../components/fields/use-field-changes';
import { FieldGrid, FieldSection } from './field-layout';
import { FiscalAndOperatingAddresses } from './fiscal-operating-addresses';
import { labelOf } from '../../../forms/field-labels';

export function EmpleoTab({ businessActivity }: { businessActivity: boolean }) {
  const { apply, values } = useFieldChanges();
  const vinculo = useField<string>('mantiene_vinculo_patrimonial', { subscription: { value: true } }).input.value;
  return (
    <>
      <FieldSection title="Datos del empleo">
        <FieldGrid>
          <TextField name="empleo.empresa_nombre" label={labelOf('empleo.empresa_nombre')} uppercase maxLength={NAME_MAX} autoComplete="organization" />
          <DateField name="empleo.empresa_fecha_ingreso" label={labelOf('empleo.empresa_fecha_ingreso')} />
          <EconomicActivityField name="empleo.actividad_economica" />
          {businessActivity && (
            <>
              <TextField name="empleo.profesion_actual" label={labelOf('empleo.profesion_actual')} uppercase maxLength={NAME_MAX} />
              <TextField name="empleo.empresa_puesto_actual" label={labelOf('empleo.empresa_puesto_actual')} uppercase maxLength={NAME_MAX} />
            </>
          )}
          <PhoneField name="empleo.telefono.numero" label={labelOf('empleo.telefono.numero')} />
          <TextField name="empleo.telefono.extension" label={labelOf('empleo.telefono.extension')} maxLength={EXTENSION_MAX_DIGITS} optional />
          <SelectField name="operaciones_internacionales" label={labelOf('operaciones_internacionales')} options={INTERNATIONAL_OPERATIONS} />
          <SelectField
            name="mantiene_vinculo_patrimonial"
            label={labelOf('mantiene_vinculo_patrimonial')}
            options={YES_NO}
            onValueChange={(value) => apply(onLinkedPartyChange(values(), value).filter((c) => c.name !== 'mantiene_vinculo_patrimonial'))}
          />
          {linkedPartyApplies(vinculo) && (
            <TextField name="involucrado_vinculo_patrimonial" label={labelOf('involucrado_vinculo_patrimonial')} uppercase maxLength={NAME_MAX} />
          )}
        </FieldGrid>
      </FieldSection>
      <FieldSection title="Domicilio del empleo">
        <FieldGrid>
          <TextField name="empleo.domicilio.calle" label={labelOf('empleo.domicilio.calle')} uppercase maxLength={STREET_MAX} />
          <PostalCodeField prefix="empleo" group="colonia" />
        </FieldGrid>
      </FieldSection>
      {businessActivity && <FiscalAndOperatingAddresses prefix="empleo" />}
    </>
  );
}
