// Which tabs a draft's update must validate (server/validation/validate-write.ts): only those that
// can have changed since the stored model was accepted; the others are cast as the whole
// validation would cast them. Also the schema split in the keys validated and kept, and the key
// order of the whole schema's answer, so the joined model equals the whole validation's.
import type { AnyObject, ObjectSchema } from 'yup';
import type { AnyWizard } from '../../forms/wizards/wizard-for';
import { CATALOGUE_LIST_KEYS } from './catalogue-lists';
import { isRecord } from './json-record';
import type { WriteOptions } from './validate-write';

/**
 * The top-level keys a draft's update must validate, or undefined for the whole model. A tab is
 * left alone only when nothing its rules read can differ from when the stored model was accepted:
 * its own keys equal the stored ones (neighbourhood lists aside, which the catalogue sets), no tab
 * it reads changed, it was reached then as now, the session does not tighten its rules, and every
 * postal code in it still has settlements in the catalogue. Keys no tab owns (the record's own,
 * some set by the server without the rules) are always validated. Finishing, a finished record and
 * a locked level always validate everything.
 */
export function tabsToCheck(wizard: AnyWizard, model: Record<string, unknown>, options: WriteOptions): Set<string> | undefined {
  const { previous, reachedTabs, locks } = options;
  if (!previous || reachedTabs === undefined || !Number.isFinite(reachedTabs)) return undefined;
  if (locks && locks.level !== 'all') return undefined;
  const owned = ownedKeys(wizard);
  // The lists are the catalogue's when it is given (the body's are replaced), the body's otherwise.
  const same = options.neighbourhoodsOf ? sameHolder : (x: unknown, y: unknown) => deepEqual(x, y);
  const changed = new Set(Object.keys(owned.byKey).filter((key) => !same(model[key], previous.model[key])));
  const keys = new Set(owned.unowned);
  wizard.tabs.forEach((tab, index) => {
    const own = owned.byTab[index];
    const check =
      (index >= previous.reachedTabs && index < reachedTabs) ||
      (tab.readsSession === true && options.staff === true) ||
      own.some((key) => changed.has(key)) ||
      (tab.reads ?? []).some((key) => changed.has(key)) ||
      own.some((key) => hasUnknownPostalCode(model[key]));
    if (check) for (const key of own) keys.add(key);
  });
  return keys.size === Object.keys(wizard.schema.fields).length ? undefined : keys;
}

interface Owned {
  byKey: Record<string, number>;
  byTab: string[][];
  unowned: string[];
}

const owners = new WeakMap<AnyWizard, Owned>();

/** Which tab owns each top-level key of the model (each key belongs to one tab, or to none: the record's own fields). */
function ownedKeys(wizard: AnyWizard): Owned {
  let owned = owners.get(wizard);
  if (owned) return owned;
  const byKey: Record<string, number> = {};
  const byTab = wizard.tabs.map(() => [] as string[]);
  wizard.tabs.forEach((tab, index) => {
    for (const field of tab.fields) {
      const key = field.split(/[.[]/)[0];
      if (key in byKey && byKey[key] !== index) throw new Error(`${wizard.name}: '${key}' belongs to two tabs`);
      if (!(key in byKey)) byTab[index].push(key);
      byKey[key] = index;
    }
  });
  owned = { byKey, byTab, unowned: Object.keys(wizard.schema.fields).filter((key) => !(key in byKey)) };
  owners.set(wizard, owned);
  return owned;
}

type Part = { keys: string[]; schema: ObjectSchema<AnyObject> };
const parts = new WeakMap<AnyWizard, Map<string, { validate: Part; keep: Part }>>();

/** The wizard's schema split in the keys validated and the keys kept, built once per split. */
export function partsOf(wizard: AnyWizard, checked: Set<string>) {
  const byWizard = parts.get(wizard) ?? new Map<string, { validate: Part; keep: Part }>();
  parts.set(wizard, byWizard);
  const all = Object.keys(wizard.schema.fields);
  const name = all.map((key) => (checked.has(key) ? '1' : '0')).join('');
  let split = byWizard.get(name);
  if (!split) {
    const validate = all.filter((key) => checked.has(key));
    const keep = all.filter((key) => !checked.has(key));
    split = { validate: { keys: validate, schema: wizard.schema.pick(validate) }, keep: { keys: keep, schema: wizard.schema.pick(keep) } };
    byWizard.set(name, split);
  }
  return split;
}

const orders = new WeakMap<AnyWizard, string[]>();

/** The order of the keys in the whole schema's cast value (its fields sorted by their dependencies). */
export function wholeOrder(wizard: AnyWizard): string[] {
  let order = orders.get(wizard);
  if (!order) {
    order = Object.keys(wizard.schema.cast({}, { stripUnknown: true, assert: false }) as Record<string, unknown>);
    for (const key of Object.keys(wizard.schema.fields)) if (!order.includes(key)) order.push(key);
    orders.set(wizard, order);
  }
  return order;
}

export const pick = (model: Record<string, unknown>, keys: readonly string[]) => {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (key in model) picked[key] = model[key];
  return picked;
};

const LIST_KEYS = new Set(CATALOGUE_LIST_KEYS);

/** Two values of a top-level key are the same, a holder's neighbourhood lists aside (the catalogue's, set before the rules run). */
const sameHolder = (incoming: unknown, stored: unknown) => deepEqual(incoming, stored, LIST_KEYS);

/** Structural equality of JSON values (key order aside); `skipped` keys of the outermost object are left out. */
export function deepEqual(a: unknown, b: unknown, skipped?: ReadonlySet<string>): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key) || skipped?.has(key)) continue;
    if (!Object.hasOwn(y, key) || !deepEqual(x[key], y[key])) return false;
    count++;
  }
  for (const key in y) if (Object.hasOwn(y, key) && !skipped?.has(key)) count--;
  return count === 0;
}

/** A holder with a neighbourhood list that is empty: the catalogue has no settlement for its postal code (the rule refuses it). */
function hasUnknownPostalCode(holder: unknown): boolean {
  return isRecord(holder) && CATALOGUE_LIST_KEYS.some((list) => Array.isArray(holder[list]) && holder[list].length === 0);
}
