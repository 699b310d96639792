// The one check every write route runs before it stores anything: the same yup schemas as the
// browser (forms/), every error at once, unknown keys dropped. A write that breaks a rule is refused
// with 422 and the Spanish message per field path; the caller stores only what this returns.
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { isFieldLocked, keepLockedValues, type EditableLevel } from '../../forms/locking';
import { MESSAGES, validationFailed } from '../../forms/messages';
import type { ValidationContext } from '../../forms/schema/context';
import { validateModel, type FieldErrors } from '../../forms/validate';
import { REQUIRED_RULE } from '../../forms/schema/fields';
import { tabOfField } from '../../forms/wizards/define-wizard';
import { wizardFor } from '../../forms/wizards/wizard-for';
import type { Neighbourhood } from '../../forms/schema/address';
import { ApiError } from '../api-error';
import { withCatalogueLists, withoutCatalogueLists } from './catalogue-lists';
import { partsOf, pick, tabsToCheck, wholeOrder } from './changed-tabs';
import { isRecord } from './json-record';

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
    (rule === REQUIRED_RULE && (tabOfField(wizard.tabs, path) ?? -1) >= reached) || isFieldLocked(level, path);
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
