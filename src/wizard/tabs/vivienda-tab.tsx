import { useField } from 'react-final-form';
import { onHousingTypeChange } from '../../../forms/dependent-fields';
import { STREET_MAX } from '../../../forms/limits';
import { HOUSING_TYPES, YEARS_OF_RESIDENCE } from '../../../forms/options';
import { housingAmounts } from '../../../forms/rules/housing';
import { MoneyField } from '../../components/fields/number-field';
import { PhoneField } from '../../components/fields/phone-field';
import { PostalCodeField } from '../../components/fields/postal-code-field';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { useFieldChanges } from '../../components/fields/use-field-changes';
import { UploadArea } from '../../documents/upload-area';
import { FieldGrid, FieldSection } from './field-layout';
import { labelOf } from '../../../forms/field-labels';

const ADDRESS_TARGET = { type: 'address', prefix: 'vivienda', group: 'colonia' } as const;

export function ViviendaTab() {
  const { apply, values } = useFieldChanges();
  const tipo = useField<string>('vivienda.vivienda_tipo', { subscription: { value: true } }).input.value;
  const amounts = housingAmounts(tipo);
  return (
    <>
      <FieldSection title="Tu vivienda">
        <FieldGrid>
          <SelectField
            name="vivienda.vivienda_tipo"
            label={labelOf('vivienda.vivienda_tipo')}
            options={HOUSING_TYPES}
            onValueChange={(value) => apply(onHousingTypeChange(values(), value).filter((c) => c.name !== 'vivienda.vivienda_tipo'))}
          />
          <SelectField name="vivienda.vivienda_anios_residencia" label={labelOf('vivienda.vivienda_anios_residencia')} options={YEARS_OF_RESIDENCE} />
          {amounts.vivienda_valor_aproximado.shown && (
            <MoneyField name="vivienda.vivienda_valor_aproximado" label={labelOf('vivienda.vivienda_valor_aproximado')} optional={!amounts.vivienda_valor_aproximado.required} />
          )}
          {amounts.vivienda_valor_hipoteca_mensual.shown && (
            <MoneyField name="vivienda.vivienda_valor_hipoteca_mensual" label={labelOf('vivienda.vivienda_valor_hipoteca_mensual')} optional={!amounts.vivienda_valor_hipoteca_mensual.required} />
          )}
          {amounts.vivienda_valor_renta_mensual.shown && (
            <MoneyField name="vivienda.vivienda_valor_renta_mensual" label={labelOf('vivienda.vivienda_valor_renta_mensual')} optional={!amounts.vivienda_valor_renta_mensual.required} />
          )}
          <PhoneField name="vivienda.telefono.numero" label={labelOf('vivienda.telefono.numero')} />
        </FieldGrid>
      </FieldSection>
      <FieldSection title="Domicilio">
        <div className="upload-areas">
          <UploadArea type="address" target={ADDRESS_TARGET} />
        </div>
        <FieldGrid>
          <TextField name="vivienda.domicilio.calle" label={labelOf('vivienda.domicilio.calle')} uppercase maxLength={STREET_MAX} autoComplete="street-address" />
          <PostalCodeField prefix="vivienda" group="colonia" />
        </FieldGrid>
      </FieldSection>
    </>
  );
}
