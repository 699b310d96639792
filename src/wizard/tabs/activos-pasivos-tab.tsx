import { MoneyField } from '../../components/fields/number-field';
import { FieldGrid, FieldSection } from './field-layout';

export function ActivosPasivosTab() {
  return (
    <>
      <FieldSection title="Activos">
        <FieldGrid>
          <MoneyField name="activos_pasivos.activos_valor_vivienda" label="Valor de tu vivienda" optional />
          <MoneyField name="activos_pasivos.activos_valor_automovil" label="Valor de tu automóvil" optional />
          <MoneyField name="activos_pasivos.activos_valor_otras_propiedades" label="Valor de otras propiedades" optional />
        </FieldGrid>
      </FieldSection>
      <FieldSection title="Pasivos">
        <FieldGrid>
          <MoneyField name="activos_pasivos.pasivos_valor_deuda_vivienda" label="Deuda de vivienda" optional />
          <MoneyField name="activos_pasivos.pasivos_valor_deuda_automovil" label="Deuda de automóvil" optional />
          <MoneyField name="activos_pasivos.pasivos_valor_deuda_otras_propiedades" label="Deuda de otras propiedades" optional />
        </FieldGrid>
      </FieldSection>
    </>
  );
}
