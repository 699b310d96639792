// Which housing amounts each housing type shows and requires (spec 01 §5 'Vivienda'): the approximate
// value is hidden for Rentada and required unless Otros; the mortgage only for Hipoteca; the rent only for Rentada.

export const HOUSING_AMOUNT_FIELDS = ['vivienda_valor_aproximado', 'vivienda_valor_hipoteca_mensual', 'vivienda_valor_renta_mensual'] as const;
export type HousingAmountField = (typeof HOUSING_AMOUNT_FIELDS)[number];

export interface FieldPresence {
  shown: boolean;
  required: boolean;
}

export function housingAmounts(tipo: string | null | undefined): Record<HousingAmountField, FieldPresence> {
  const chosen = Boolean(tipo);
  return {
    vivienda_valor_aproximado: { shown: tipo !== 'Rentada', required: chosen && tipo !== 'Rentada' && tipo !== 'Otros' },
    vivienda_valor_hipoteca_mensual: { shown: tipo === 'Hipoteca', required: tipo === 'Hipoteca' },
    vivienda_valor_renta_mensual: { shown: tipo === 'Rentada', required: tipo === 'Rentada' },
  };
}
