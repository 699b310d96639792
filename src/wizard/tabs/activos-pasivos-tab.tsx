import { MoneyField } from '../../components/fields/number-field';
import { FieldGrid, FieldSection } from './field-layout';
import { labelOf } from '../../../forms/field-labels';

export function ActivosPasivosTab() {
  return (
    <>
      <FieldSection title="Activos">
        <FieldGrid>
          <MoneyField name="activos_pasivos.activos_valor_vivienda" label={labelOf('activos_pasivos.activos_valor_vivienda')} optional />
          <MoneyField name="activos_pasivos.activos_valor_automovil" label={labelOf('activos_pasivos.activos_valor_automovil')} optional />
          <MoneyField name="activos_pasivos.activos_valor_otras_propiedades" label={labelOf('activos_pasivos.activos_valor_otras_propiedades')} optional />
        </FieldGrid>
      </FieldSection>
      <FieldSection title="Pasivos">
        <FieldGrid>
          <MoneyField name="activos_pasivos.pasivos_valor_deuda_vivienda" label={labelOf('activos_pasivos.pasivos_valor_deuda_vivienda')} optional />
          <MoneyField name="activos_pasivos.pasivos_valor_deuda_automovil" label={labelOf('activos_pasivos.pasivos_valor_deuda_automovil')} optional />
          <MoneyField name="activos_pasivos.pasivos_valor_deuda_otras_propiedades" label={labelOf('activos_pasivos.pasivos_valor_deuda_otras_propiedades')} optional />
        </FieldGrid>
      </FieldSection>
    </>
  );
}
