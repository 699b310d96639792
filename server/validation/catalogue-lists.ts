// The neighbourhood lists of the models (`colonia_catalogo`, `colonia_fiscal_catalogo`…) are the
// catalogue's, not the person's: a write's lists are replaced by the catalogue's own answer for
// each address's postal code before the rules run (so '¡Revisa tu código postal!' is decided by
// the server's catalogue), and they are not stored. The browser looks them up again when it opens
// a record.
import { ADDRESS_GROUPS, type Neighbourhood } from '../../forms/schema/address';

type Model = Record<string, unknown>;

const PAIRS = Object.values(ADDRESS_GROUPS).map((group) => [group.catalogo, group.domicilio] as const);
const LIST_KEYS: readonly string[] = PAIRS.map(([list]) => list);
/** The keys of the neighbourhood lists. */
export const CATALOGUE_LIST_KEYS = LIST_KEYS;
const POSTAL_CODE = /^\d{5}$/;

const isObject = (value: unknown): value is Model => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The model with every address's list set from the catalogue (null for a code not of 5 digits). */
export function withCatalogueLists(model: Model, neighbourhoodsOf: (postalCode: string) => Neighbourhood[]): Model {
  const filled: Model = { ...model };
  for (const [key, holder] of Object.entries(model)) {
    if (!isObject(holder)) continue;
    let copy: Model | undefined;
    for (const [list, address] of PAIRS) {
      if (!(list in holder) && !isObject(holder[address])) continue;
      const code = isObject(holder[address]) ? (holder[address] as Model).codigo_postal : undefined;
      copy ??= { ...holder };
      copy[list] = typeof code === 'string' && POSTAL_CODE.test(code) ? neighbourhoodsOf(code) : null;
    }
    if (copy) filled[key] = copy;
  }
  return filled;
}

/** The model without its neighbourhood lists, as it is stored. */
export function withoutCatalogueLists<M extends Model>(model: M): M {
  const stripped: Model = { ...model };
  for (const [key, holder] of Object.entries(model)) {
    if (!isObject(holder) || !LIST_KEYS.some((list) => list in holder)) continue;
    stripped[key] = Object.fromEntries(Object.entries(holder).filter(([name]) => !LIST_KEYS.includes(name)));
  }
  return stripped as M;
}
