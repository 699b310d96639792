// When a field shows its error: once the person has paused typing for the validation
// debounce (1500 ms, spec 01 §5), or at once after a submit attempt.
import { useEffect, useState } from 'react';
import type { FieldMetaState } from 'react-final-form';
import { DELAYS } from '../../../forms/limits';

export function useShownError(meta: FieldMetaState<unknown>, value: unknown): string | undefined {
  const error = firstMessage(meta.error) ?? firstMessage(meta.submitError);
  // The error as of the last pause; a display detail, not a lifecycle, so it stays in the view.
  const [settled, setSettled] = useState<string | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(error), DELAYS.validationDebounce);
    return () => clearTimeout(timer);
  }, [error, value]);
  if (meta.submitFailed) return error;
  if (!meta.touched && !meta.modified) return undefined;
  return settled === error ? error : undefined;
}

/** The first message of a field error; an object field (a colonia, a country) may carry nested ones. */
export function firstMessage(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    for (const value of Object.values(error)) {
      const message = firstMessage(value);
      if (message) return message;
    }
  }
  return undefined;
}
