// What changing one field does to others (spec 01 §4-§5, 02 §5), as pure functions the views call:
// each answers the field changes to apply, as final-form's `form.change(name, value)` takes them
// (`applyChanges` applies them to a plain model, for machines, the server and tests).
import { ADDRESS_GROUPS, type AddressGroup } from './schema/address';
import { OTHER_COLONIA, POSTAL_CODE_LENGTH } from './limits';
import { PERSON_TYPE_PF } from './options';
import { readCurp } from './rules/curp';
import type { StateEntry } from './rules/curp-states';
import { HOUSING_AMOUNT_FIELDS, housingAmounts } from './rules/housing';
import { deriveNationality, isMexico } from './rules/nationality';
import { regimeApplies, spouseApplies } from './pf/datos-generales';
import { linkedPartyApplies } from './pf/empleo';

export interface FieldChange {
  /** The model path, as final-form names fields: 'fisica.regimen_matrimonial', 'accionistas[1].genero'. */
  name: string;
  value: unknown;
}

type Model = Record<string, unknown>;

/** The value at a path of a model ('a.b[0].c'). */
export function getPath(model: unknown, path: string): unknown {
  return (path.match(/[^.[\]]+/g) ?? []).reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], model);
}

/** A copy of `model` with the changes applied (objects and arrays along each path are copied). */
export function applyChanges<T>(model: T, changes: readonly FieldChange[]): T {
  let result: unknown = model;
  for (const { name, value } of changes) {
    const keys = name.match(/[^.[\]]+/g) ?? [];
    const set = (node: unknown, i: number): unknown => {
      const key = keys[i];
      const copy: Record<string, unknown> | unknown[] = Array.isArray(node)
        ? [...node]
        : node && typeof node === 'object'
          ? { ...(node as Record<string, unknown>) }
          : /^\d+$/.test(key)
            ? []
            : {};
      (copy as Record<string, unknown>)[key] = i === keys.length - 1 ? value : set((node as Record<string, unknown> | undefined)?.[key], i + 1);
      return copy;
    };
    if (keys.length) result = set(result, 0);
  }
  return result as T;
}

/** Marital status: the regime and the spouse are cleared on every change (spec 01 §5). */
export function onMaritalStatusChange(_model: Model, value: string | null): FieldChange[] {
  return [
    { name: 'fisica.estado_civil', value },
    { name: 'fisica.regimen_matrimonial', value: '' },
    { name: 'fisica.nombre_completo_conyuge', value: '' },
  ];
}

/** Which marital fields a status shows. */
export const maritalFieldsShown = (estadoCivil: unknown) => ({ regimen_matrimonial: regimeApplies(estadoCivil), nombre_completo_conyuge: spouseApplies(estadoCivil) });

/** Housing type: the amounts the new type no longer shows are cleared. */
export function onHousingTypeChange(model: Model, value: string | null): FieldChange[] {
  const presence = housingAmounts(value);
  const vivienda = (model.vivienda ?? {}) as Model;
  return [
    { name: 'vivienda.vivienda_tipo', value },
    ...HOUSING_AMOUNT_FIELDS.filter((field) => !presence[field].shown && vivienda[field] !== null && vivienda[field] !== undefined).map(
      (field) => ({ name: `vivienda.${field}`, value: null }),
    ),
  ];
}

/**
 * A neighbourhood chosen in an address group. `prefix` is the object holding the group ('vivienda',
 * 'empleo', 'informacion_fiscal'); the free-text neighbourhood is cleared unless 'Otra' is chosen.
 */
export function onNeighbourhoodChange(prefix: string, group: AddressGroup, value: { colonia?: string } | null): FieldChange[] {
  const names = ADDRESS_GROUPS[group];
  const changes: FieldChange[] = [{ name: `${prefix}.${group}`, value }];
  if (value?.colonia !== OTHER_COLONIA) changes.push({ name: `${prefix}.${names.otra}`, value: '' });
  return changes;
}

/** A new postal code empties the neighbourhood chosen for the old one and its free text. */
export function onPostalCodeChange(prefix: string, group: AddressGroup, value: string): FieldChange[] {
  const names = ADDRESS_GROUPS[group];
  return [
    { name: `${prefix}.${names.domicilio}.codigo_postal`, value },
    { name: `${prefix}.${group}`, value: null },
    { name: `${prefix}.${names.otra}`, value: '' },
  ];
}

/**
 * Whether a neighbourhood waits on its postal code: until the code is whole and right there is
 * nothing to choose, and the postal code says what is wrong. Once it is (its neighbourhoods
 * loading, or their lookup failed), the neighbourhood speaks for itself.
 */
export const neighbourhoodWaits = (postalCode: string | null | undefined, postalCodeError: string | undefined) =>
  (postalCode ?? '').length < POSTAL_CODE_LENGTH || postalCodeError !== undefined;

/** What a neighbourhood's empty choice says (neighbourhoodPrompt). */
export type NeighbourhoodPrompt = 'choose one' | 'postal code first' | 'looking up' | 'lookup failed' | 'none for the postal code';

/** Where the lookup of a postal code's neighbourhoods is: `found` is its answer for the code written, null until it has one. */
export interface NeighbourhoodLookup {
  busy: boolean;
  failed: boolean;
  found: readonly unknown[] | null;
}

/**
 * What a neighbourhood's empty choice says: with neighbourhoods found, to choose one; without, why there
 * is nothing to choose: no whole postal code yet, its neighbourhoods still being looked up (or about to
 * be), their lookup failed, or the catalogue has none for the code written (which then says '¡Revisa tu
 * código postal!'), so it is the code that must change.
 */
export function neighbourhoodPrompt(postalCode: string | null | undefined, { busy, failed, found }: NeighbourhoodLookup): NeighbourhoodPrompt {
  if ((postalCode ?? '').length < POSTAL_CODE_LENGTH) return 'postal code first';
  if (busy) return 'looking up';
  if (failed) return 'lookup failed';
  if (!found) return 'looking up';
  return found.length ? 'choose one' : 'none for the postal code';
}

/** Country of birth: the nationality follows it, and the birth place of the other kind is cleared. */
export function onCountryOfBirthChange(_model: Model, pais: { clave?: string | null } | null): FieldChange[] {
  const changes: FieldChange[] = [
    { name: 'fisica.pais', value: pais },
    { name: 'fisica.nacionalidad', value: deriveNationality(pais) },
  ];
  if (isMexico(pais)) {
    changes.push({ name: 'fisica.entidad_nacimiento', value: '' }, { name: 'fisica.ciudad_nacimiento', value: '' });
  } else {
    changes.push({ name: 'fisica.estado', value: null }, { name: 'fisica.municipio', value: null });
  }
  return changes;
}

/** A new birth state empties the municipality chosen in the old one. */
export const onBirthStateChange = (_model: Model, estado: unknown): FieldChange[] => [
  { name: 'fisica.estado', value: estado },
  { name: 'fisica.municipio', value: null },
];

/**
 * CURP typed: once it is a well-formed CURP, it fills the sex, the birth date ('YYYY-MM-DD') and, for
 * a Mexican state code, the birth state. `states` is the states catalogue the form loaded: the entry
 * with the same `id_estado` (INEGI number) is used, so the model holds exactly what the catalogue
 * serves; without it, the entry of the CURP map. Code NE (born abroad) fills no state.
 */
export function onCurpChange(model: Model, curp: string, states?: readonly StateEntry[] | null): FieldChange[] {
  const changes: FieldChange[] = [{ name: 'fisica.curp', value: curp }];
  const facts = readCurp(curp);
  if (!facts) return changes;
  changes.push({ name: 'fisica.sexo', value: facts.sexo }, { name: 'fisica.fecha_nacimiento', value: facts.fecha_nacimiento });
  if (facts.estado) {
    const estado = states?.find((state) => state.id_estado === facts.estado!.id_estado) ?? facts.estado;
    const current = getPath(model, 'fisica.estado') as StateEntry | null | undefined;
    if (current?.id_estado !== estado.id_estado) changes.push(...onBirthStateChange(model, estado));
  }
  return changes;
}

/** mantiene_vinculo_patrimonial: the linked party's name only applies with Si. */
export function onLinkedPartyChange(_model: Model, value: string | null): FieldChange[] {
  const changes: FieldChange[] = [{ name: 'mantiene_vinculo_patrimonial', value }];
  if (!linkedPartyApplies(value)) changes.push({ name: 'involucrado_vinculo_patrimonial', value: '' });
  return changes;
}

/** Shareholder type: a Moral shareholder has no gender nor surnames; the RFC length changes, so it is re-checked, not cleared. */
export function onShareholderTypeChange(_model: Model, index: number, value: string | null): FieldChange[] {
  const at = `accionistas[${index}]`;
  const changes: FieldChange[] = [{ name: `${at}.tipo_persona`, value }];
  if (value === 'Moral') {
    changes.push({ name: `${at}.genero`, value: '' }, { name: `${at}.apellido_paterno`, value: '' }, { name: `${at}.apellido_materno`, value: '' });
  }
  return changes;
}

/**
 * The copy checkbox (clonar_domicilo_fiscal): checked, the fiscal address is copied onto the
 * operating one. `prefix` is where the addresses live: 'empleo' (PFAE) or 'informacion_fiscal' (PM).
 */
export function onCloneFiscalAddressChange(model: Model, prefix: 'empleo' | 'informacion_fiscal', checked: boolean): FieldChange[] {
  const changes: FieldChange[] = [{ name: 'clonar_domicilo_fiscal', value: checked }];
  if (!checked) return changes;
  const holder = (getPath(model, prefix) ?? {}) as Model;
  const copy = (value: unknown) => (value && typeof value === 'object' ? structuredClone(value) : value);
  changes.push(
    { name: `${prefix}.domicilio_operativo`, value: copy(holder.domicilio_fiscal) ?? { calle: '', codigo_postal: '' } },
    { name: `${prefix}.colonia_operativo`, value: copy(holder.colonia_fiscal) ?? null },
    { name: `${prefix}.otra_colonia_operativo`, value: holder.otra_colonia_fiscal ?? '' },
    { name: `${prefix}.colonia_operativo_catalogo`, value: copy(holder.colonia_fiscal_catalogo) ?? null },
  );
  return changes;
}

/** The fiscal address the copy follows (street and postal code, neighbourhood, another neighbourhood), as one comparable text. */
export function fiscalAddressKey(model: Model, prefix: 'empleo' | 'informacion_fiscal'): string {
  const holder = (getPath(model, prefix) ?? {}) as Model;
  return JSON.stringify([holder.domicilio_fiscal ?? null, holder.colonia_fiscal ?? null, holder.otra_colonia_fiscal ?? null]);
}

/**
 * While the copy checkbox is ticked the operating address is the fiscal one: a change of the fiscal
 * address since `copiedFrom` (its fiscalAddressKey) is copied again. Nothing changes when unticked,
 * when the fiscal address is what it was (ticking copies by itself; opening a record copies nothing),
 * or when the editable level locks the operating address (the server keeps it).
 */
export function onFiscalAddressFollowed(model: Model, prefix: 'empleo' | 'informacion_fiscal', copiedFrom: string, operatingLocked: boolean): FieldChange[] {
  if (!model.clonar_domicilo_fiscal || operatingLocked || fiscalAddressKey(model, prefix) === copiedFrom) return [];
  return onCloneFiscalAddressChange(model, prefix, true);
}

/** Person type: away from Física the copy checkbox is reset (spec 01 §4). */
export function onPersonTypeChange(_model: Model, value: string | null): FieldChange[] {
  const changes: FieldChange[] = [{ name: 'tipo_persona', value }];
  if (value !== PERSON_TYPE_PF) changes.push({ name: 'clonar_domicilo_fiscal', value: false });
  return changes;
}
