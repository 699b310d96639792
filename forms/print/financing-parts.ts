// The pieces the financing forms share: reading a model that may be partial or empty, a Mexican
// address as printed rows, lists padded to the blank rows a paper form offers, and the
// options whose stored text is not the printed one.
import { OTHER_COLONIA } from '../limits';
import { ADDRESS_GROUPS, type AddressGroup } from '../schema/address';
import { entryName, plain } from './format';
import type { FieldRow } from './packet-model';
import { COUNTRY } from './printed-person';

export type Model = Record<string, unknown>;

/** The object at `path` ('empleo.domicilio'), or an empty one when anything on the way is missing. */
export function objectAt(model: unknown, path: string): Model {
  let node: unknown = model;
  for (const key of path.split('.')) node = node && typeof node === 'object' && !Array.isArray(node) ? (node as Model)[key] : undefined;
  return node && typeof node === 'object' && !Array.isArray(node) ? (node as Model) : {};
}

/** The items of the list at `key`, each an object ({} for a null or a scalar). */
export function itemsAt(model: Model, key: string): Model[] {
  const list = model[key];
  return Array.isArray(list) ? list.map((item) => (item && typeof item === 'object' && !Array.isArray(item) ? (item as Model) : {})) : [];
}

/**
 * The rows of a list as printed: one per item, and blank ones up to `minimum` so that a form
 * printed before (or without) the list is filled still offers lines to fill by hand.
 */
export function paddedRows(items: Model[], minimum: number, row: (item: Model, position: number) => string[]): string[][] {
  const count = Math.max(items.length, minimum);
  return Array.from({ length: count }, (_, index) => row(items[index] ?? {}, index + 1));
}

/** The stored 'Si' prints with its accent. */
export const yesNo = (value: unknown) => (plain(value) === 'Si' ? 'Sí' : plain(value));

/** A percentage as typed, with its sign after a non-breaking space (as Spanish writes it): '35.5 %'; '' when empty. */
export function percentage(value: unknown) {
  const text = plain(typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
  return text ? `${text}\u00a0%` : '';
}


/** The country of every address of the forms: addresses are in Mexico (spec 01 §5). */

/**
 * A Mexican address of `owner` (the object holding it: `vivienda`, `empleo`, `informacion_fiscal`)
 * as the wizard asks it: street, postal code and neighbourhood ('Otra' prints the one typed), with
 * the municipality and state the postal code gave, and the country.
 */
export function addressRows(owner: Model, group: AddressGroup): FieldRow[] {
  const keys = ADDRESS_GROUPS[group];
  const street = objectAt(owner, keys.domicilio);
  const neighbourhood = objectAt(owner, group);
  const chosen = entryName(owner[group]);
  return [
    { label: 'Calle y número', value: plain(street.calle), wide: true },
    { label: 'Colonia', value: chosen === OTHER_COLONIA ? plain(owner[keys.otra]) : chosen },
    { label: 'Código postal', value: plain(street.codigo_postal) },
    { label: 'Municipio', value: plain(neighbourhood.municipio) },
    { label: 'Estado', value: plain(neighbourhood.estado) },
    { label: 'País', value: COUNTRY },
  ];
}
