// The one check every write route runs before it stores anything: the same yup schemas as the
// browser (forms/), every error at once, unknown keys dropped. A write that breaks a rule is refused
// with 422 and the Spanish message per field path; the caller stores only what this returns.
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { isFieldLocked, keepLockedValues, type EditableLevel } from '../../forms/locking';
import { MESSAGES, validationFailed } from '../../forms/messages';
import type { ValidationContext } from '../../forms/schema/context';
import { validateModel, type FieldErrors } from '../../forms/validate';
import { REQUIRED_RULE } from '../../forms/schema/fields';
import { wizardFor, type AnyWizard } from '../../forms/wizards/wizard-for';
import type { Neighbourhood } from '../../forms/schema/address';
import { ApiError } from '../api-error';
import { CATALOGUE_LIST_KEYS, withCatalogueLists, withoutCatalogueLists } from './catalogue-lists';

/** Answered as 422 `{ statusCode, code, message, errores }`. */
export class WriteValidationError extends ApiError {
  constructor(readonly errores: FieldErrors) {
    super(422, validationFailed(Object.keys(errores).length), 'validation_failed', { errores });
  }
}

export interface WriteOptions extends ValidationContext {
  /**
   * The stored record and its editable level: locked fields keep their stored value before the
   * rules run (forms/locking.ts), so a locked field can never be changed through the API.
   */
  locks?: { level: EditableLevel; stored: Record<string, unknown> };
  /**
   * How many tabs, from the first, the person has passed (a draft saved on the way forward):
   * their rules all apply, while later tabs may still be empty but never wrong. Absent: every tab.
   */
  reachedTabs?: number;
  /** The catalogue's settlements of a postal code: the model's neighbourhood lists are taken from it. */
  neighbourhoodsOf?: (postalCode: string) => Neighbourhood[];
  /**
   * A draft's update: the model as stored (accepted by the save that stored it) and the tabs that
   * save had reached (its last_index). Only what can have changed is validated (see `tabsToCheck`).
   */
  previous?: { model: Record<string, unknown>; reachedTabs: number };
}

/**
 * Validates a write against `schema`; answers the cleaned model or throws WriteValidationError.
 * `excused` tells, by the field and the rule that failed, which errors a draft may carry (a required
 * field of a tab not reached yet).
 */
export async function validateWrite<S extends ObjectSchema<AnyObject>>(
  schema: S,
  data: unknown,
  options: WriteOptions = {},
  excused: (path: string, rule: string) => boolean = () => false,
): Promise<InferType<S>> {
  const { locks, reachedTabs: _reached, neighbourhoodsOf: _lists, previous: _previous, ...context } = options;
  const incoming = locks && isRecord(data) ? keepLockedValues(locks.level, locks.stored, data) : data;
  const result = await validateModel(schema, incoming, context);
  if (result.valid) return result.value;
  const errors = Object.fromEntries(Object.entries(result.errors).filter(([path]) => !excused(path, result.rules[path] ?? '')));
  if (Object.keys(errors).length > 0) throw new WriteValidationError(errors);
  return schema.cast(incoming, { stripUnknown: true, assert: false, context }) as InferType<S>;
}

/** The tab that owns a field path ('representantes[2].rfc' belongs to the tab listing 'representantes[].rfc'). */
function tabOf(wizard: AnyWizard, path: string): number {
  const pattern = path.replace(/\[\d+\]/g, '[]');
  return wizard.tabs.findIndex((tab) => tab.fields.some((field) => field === pattern || field.startsWith(`${pattern}.`) || pattern.startsWith(`${field}.`)));
}

/**
 * Validates a whole applicant model with the schema of its wizard, chosen by `tipo_persona` and
 * `clasificacion` (Cliente when absent). An unknown person type is itself a field error. A draft's
 * update (`previous`) validates only the tabs that can have changed; the answer is the same.
 */
export async function validateApplicationWrite(body: unknown, options: WriteOptions = {}): Promise<Record<string, unknown>> {
  const model = isRecord(body) ? body : {};
  const wizard = wizardFor(model.tipo_persona, model.clasificacion);
  if (!wizard) {
    const field = wizardFor(model.tipo_persona) ? 'clasificacion' : 'tipo_persona';
    throw new WriteValidationError({ [field]: field === 'tipo_persona' && !model.tipo_persona ? MESSAGES.required : MESSAGES.invalidValue });
  }
  const data = isRecord(body) && options.neighbourhoodsOf ? withCatalogueLists(body, options.neighbourhoodsOf) : body;
  const reached = options.reachedTabs ?? Infinity;
  const level = options.locks?.level ?? 'all';
  // A draft may leave a field of a tab it has not reached empty: the requirement is the rule excused,
  // never another. A locked field keeps its stored value, whatever it is: no rule is the person's to mend.
  const excused = (path: string, rule: string) =>
    (rule === REQUIRED_RULE && tabOf(wizard, path) >= reached) || isFieldLocked(level, path);
  const checked = isRecord(data) ? tabsToCheck(wizard, data, options) : undefined;
  if (!checked || !isRecord(data)) return withoutCatalogueLists(await validateWrite(wizard.schema, data, options, excused));

  const { validate, keep } = partsOf(wizard, checked);
  const validating = pick(data, validate.keys);
  const keeping = pick(data, keep.keys);
  const validated = await validateWrite(validate.schema, validating, options, excused);
  // The tabs left alone are the stored ones: cast (defaults, unknown keys dropped) as the whole
  // validation would have cast them, but their rules, which passed when they were stored, not run again.
  const kept = keep.schema.cast(keeping, { stripUnknown: true, assert: false, context: { staff: options.staff } }) as Record<string, unknown>;
  // yup answers an object its cast left as it was with the keys in their order, and any other in the schema's.
  const asItWas = validated === validating && kept === keeping && Object.keys(data).every((key) => Object.hasOwn(wizard.schema.fields, key));
  const joined: Record<string, unknown> = {};
  for (const key of asItWas ? Object.keys(data) : wholeOrder(wizard)) {
    if (key in validated) joined[key] = validated[key];
    else if (key in kept) joined[key] = kept[key];
  }
  return withoutCatalogueLists(joined);
}

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
function partsOf(wizard: AnyWizard, checked: Set<string>) {
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
function wholeOrder(wizard: AnyWizard): string[] {
  let order = orders.get(wizard);
  if (!order) {
    order = Object.keys(wizard.schema.cast({}, { stripUnknown: true, assert: false }) as Record<string, unknown>);
    for (const key of Object.keys(wizard.schema.fields)) if (!order.includes(key)) order.push(key);
    orders.set(wizard, order);
  }
  return order;
}

const pick = (model: Record<string, unknown>, keys: readonly string[]) => {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (key in model) picked[key] = model[key];
  return picked;
};

const LIST_KEYS = new Set(CATALOGUE_LIST_KEYS);

/** Two values of a top-level key are the same, a holder's neighbourhood lists aside (the catalogue's, set before the rules run). */
const sameHolder = (incoming: unknown, stored: unknown) => deepEqual(incoming, stored, LIST_KEYS);

/** Structural equality of JSON values (key order aside); `skipped` keys of the outermost object are left out. */
function deepEqual(a: unknown, b: unknown, skipped?: ReadonlySet<string>): boolean {
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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
