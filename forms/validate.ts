// Runs a schema the way both sides do — every error at once, unknown keys dropped — and answers the
// errors as one Spanish message per field path ('representantes[0].rfc'), the first rule that failed.
import { ValidationError, type AnyObject, type InferType, type ObjectSchema } from 'yup';
import type { ValidationContext } from './schema/context';

export type FieldErrors = Record<string, string>;

/** Per field path, the rule that failed first: yup's error type ('required', 'max', 'rfc'…). */
export type FieldRules = Record<string, string>;

export type ValidationResult<T> =
  | { valid: true; value: T; errors: Record<string, never>; rules: Record<string, never> }
  | { valid: false; value?: undefined; errors: FieldErrors; rules: FieldRules };

export const VALIDATE_OPTIONS = { abortEarly: false, stripUnknown: true } as const;

/** The first message per path of a yup error. */
export function errorsByPath(error: ValidationError): FieldErrors {
  return failuresByPath(error).errors;
}

/** The first message per path of a yup error, and the rule that gave it. */
function failuresByPath(error: ValidationError): { errors: FieldErrors; rules: FieldRules } {
  const errors: FieldErrors = {};
  const rules: FieldRules = {};
  const inner = error.inner.length > 0 ? error.inner : [error];
  for (const item of inner) {
    const path = item.path ?? '';
    if (path in errors) continue;
    errors[path] = item.errors[0] ?? item.message;
    rules[path] = item.type ?? '';
  }
  return { errors, rules };
}

/** Validates `data` with `schema`; never throws for broken rules. */
export async function validateModel<S extends ObjectSchema<AnyObject>>(
  schema: S,
  data: unknown,
  context: ValidationContext = {},
): Promise<ValidationResult<InferType<S>>> {
  try {
    const value = await schema.validate(data, { ...VALIDATE_OPTIONS, context });
    return { valid: true, value: value as InferType<S>, errors: {}, rules: {} };
  } catch (error) {
    if (error instanceof ValidationError) return { valid: false, ...failuresByPath(error) };
    throw error;
  }
}

/** The same, synchronously (every rule of forms/ is synchronous). */
export function validateModelSync<S extends ObjectSchema<AnyObject>>(
  schema: S,
  data: unknown,
  context: ValidationContext = {},
): ValidationResult<InferType<S>> {
  try {
    const value = schema.validateSync(data, { ...VALIDATE_OPTIONS, context });
    return { valid: true, value: value as InferType<S>, errors: {}, rules: {} };
  } catch (error) {
    if (error instanceof ValidationError) return { valid: false, ...failuresByPath(error) };
    throw error;
  }
}

/**
 * Flat errors as the nested object final-form expects from `validate`
 * ({ fisica: { curp: '…' }, representantes: [{ rfc: '…' }] }).
 */
export function nestErrors(errors: FieldErrors): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const keys = path.match(/[^.[\]]+/g) ?? [];
    if (keys.length === 0) continue;
    let node: Record<string, unknown> | unknown[] = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) {
        if (slot[key] === undefined) slot[key] = message;
        return;
      }
      if (typeof slot[key] !== 'object' || slot[key] === null) slot[key] = /^\d+$/.test(keys[i + 1]) ? [] : {};
      node = slot[key] as Record<string, unknown>;
    });
  }
  return root;
}
