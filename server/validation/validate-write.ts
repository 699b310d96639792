// The one check every write route runs before it stores anything: the same yup schemas as the
// browser (forms/), every error at once, unknown keys dropped. A write that breaks a rule is refused
// with 422 and the Spanish message per field path; the caller stores only what this returns.
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { keepLockedValues, type EditableLevel } from '../../forms/locking';
import { MESSAGES, validationFailed } from '../../forms/messages';
import type { ValidationContext } from '../../forms/schema/context';
import { validateModel, type FieldErrors } from '../../forms/validate';
import { wizardFor } from '../../forms/wizards/wizard-for';
import { ApiError } from '../http-errors';

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
}

/** Validates a write against `schema`; answers the cleaned model or throws WriteValidationError. */
export async function validateWrite<S extends ObjectSchema<AnyObject>>(schema: S, data: unknown, options: WriteOptions = {}): Promise<InferType<S>> {
  const { locks, ...context } = options;
  const incoming = locks && isRecord(data) ? keepLockedValues(locks.level, locks.stored, data) : data;
  const result = await validateModel(schema, incoming, context);
  if (!result.valid) throw new WriteValidationError(result.errors);
  return result.value;
}

/**
 * Validates a whole applicant model with the schema of its wizard, chosen by `tipo_persona` and
 * `clasificacion` (Cliente when absent). An unknown person type is itself a field error.
 */
export async function validateApplicationWrite(data: unknown, options: WriteOptions = {}): Promise<Record<string, unknown>> {
  const model = isRecord(data) ? data : {};
  const wizard = wizardFor(model.tipo_persona, model.clasificacion);
  if (!wizard) {
    const field = wizardFor(model.tipo_persona) ? 'clasificacion' : 'tipo_persona';
    throw new WriteValidationError({ [field]: field === 'tipo_persona' && !model.tipo_persona ? MESSAGES.required : MESSAGES.invalidValue });
  }
  return validateWrite(wizard.schema, data, options);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
