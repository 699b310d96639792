// The pieces of a Mexican address (spec 01 §5 'Vivienda', 02 §5): street and postal code, the
// neighbourhood chosen from the postal-code lookup, and the free-text one when it is 'Otra'.
import { object } from 'yup';
import { NEIGHBOURHOODS_MAX, OTHER_COLONIA, OTHER_COLONIA_MAX, STREET_MAX } from '../limits';
import { conditionalText, entryText, list, neighbourhoodEntry, postalCode, requiredEntry, text } from './fields';

export interface Neighbourhood {
  colonia: string;
  municipio: string;
  estado: string;
}

/** `{ calle, codigo_postal }`; `catalogueKey` is the sibling list of neighbourhoods found for the code. */
export const street = (catalogueKey: string) => object({ calle: text({ max: STREET_MAX }), codigo_postal: postalCode(catalogueKey) });

export const neighbourhood = () => requiredEntry(neighbourhoodEntry());

const isOther = (value: unknown) => (value as { colonia?: unknown } | null | undefined)?.colonia === OTHER_COLONIA;

/** `otra_colonia…`, required when the sibling `coloniaKey` is 'Otra'. */
export const otherNeighbourhood = (coloniaKey: string) => conditionalText(OTHER_COLONIA_MAX, (parent) => isOther(parent[coloniaKey]));

/** The settlements the postal-code lookup answered, as it answered them. */
export const neighbourhoodList = () => list(object({ colonia: entryText(), municipio: entryText(), estado: entryText() }), NEIGHBOURHOODS_MAX);

/** The address groups of the forms, by the key of their neighbourhood field. */
export const ADDRESS_GROUPS = {
  colonia: { domicilio: 'domicilio', otra: 'otra_colonia', catalogo: 'colonia_catalogo' },
  colonia_fiscal: { domicilio: 'domicilio_fiscal', otra: 'otra_colonia_fiscal', catalogo: 'colonia_fiscal_catalogo' },
  colonia_operativo: { domicilio: 'domicilio_operativo', otra: 'otra_colonia_operativo', catalogo: 'colonia_operativo_catalogo' },
} as const;
export type AddressGroup = keyof typeof ADDRESS_GROUPS;

/** The fiscal and operating addresses, each with its neighbourhood (PFAE employment, PM general data). */
export const fiscalAndOperatingAddresses = () => ({
  domicilio_fiscal: street('colonia_fiscal_catalogo'),
  colonia_fiscal: neighbourhood(),
  otra_colonia_fiscal: otherNeighbourhood('colonia_fiscal'),
  colonia_fiscal_catalogo: neighbourhoodList(),
  domicilio_operativo: street('colonia_operativo_catalogo'),
  colonia_operativo: neighbourhood(),
  otra_colonia_operativo: otherNeighbourhood('colonia_operativo'),
  colonia_operativo_catalogo: neighbourhoodList(),
});
