// The fixed option lists of spec 01 §5 and 02 §5, exactly as the selects offer and the model stores them.

export const PERSON_TYPES = ['Física', 'Física con actividad empresarial', 'Moral'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];
export const PERSON_TYPE_PF: PersonType = 'Física';
export const PERSON_TYPE_PFAE: PersonType = 'Física con actividad empresarial';
export const PERSON_TYPE_PM: PersonType = 'Moral';

export const CLASSIFICATIONS = ['Cliente', 'Obligado'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

export const IDENTIFICATIONS = ['INE', 'Cédula', 'Pasaporte', 'Cartilla'] as const;
export const SEXES = ['Masculino', 'Femenino'] as const;
export type Sex = (typeof SEXES)[number];

export const MARITAL_STATUSES = ['Soltero', 'Casado', 'Divorciado', 'Viudo', 'Unión libre'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export const MATRIMONIAL_REGIMES = ['Bienes separados', 'Bienes mancomunados'] as const;

export const HOUSING_TYPES = ['Propia', 'Hipoteca', 'Rentada', 'Padres/Familia', 'Otros'] as const;
export type HousingType = (typeof HOUSING_TYPES)[number];
export const YEARS_OF_RESIDENCE = ['0 - 5', '6 - 10', '11 - 15', '16 en adelante'] as const;

export const INTERNATIONAL_OPERATIONS = [
  'IMPORTACIÓN',
  'PRÉSTAMOS',
  'EXPORTACIÓN',
  'PAGO DE SERVICIOS',
  'INVERSIONES',
  'REMESAS',
  'NO APLICA',
] as const;

export const YES_NO = ['Si', 'No'] as const;
export type YesNo = (typeof YES_NO)[number];

export const RELATIONSHIPS = [
  'PADRE',
  'MADRE',
  'HERMANO/A',
  'HIJO/A',
  'ESPOSO/A',
  'ABUELO/A',
  'NIETO/A',
  'TIO/A',
  'SOBRINO/A',
  'SUEGRO/A',
  'CUÑADO/A',
  'PRIMO/A',
] as const;

export const REFERENCE_TYPES = ['Familiar', 'Personal'] as const;
/** `tipo_referencia` of a supplier reference: the spec names the field but not its value. */
export const SUPPLIER_REFERENCE_TYPE = 'Proveedor';

export const SECTORS = ['Comercio', 'Industria', 'Servicio'] as const;
export const SHAREHOLDER_TYPES = ['Moral', 'Física con actividad empresarial'] as const;
export type ShareholderType = (typeof SHAREHOLDER_TYPES)[number];
export const GENDERS = ['Hombre', 'Mujer'] as const;
