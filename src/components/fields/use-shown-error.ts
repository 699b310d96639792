// Binds machines/shown-error to a field: the error it shows, once the person has paused typing for
// the validation debounce (1500 ms, spec 01 §5) or at once after a submit attempt.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { FieldMetaState } from 'react-final-form';
import { selectShownError, shownErrorMachine } from '../../../machines/shown-error';

export function useShownError(meta: FieldMetaState<unknown>, value: unknown): string | undefined {
  const error = firstMessage(meta.error) ?? firstMessage(meta.submitError);
  const submitFailed = Boolean(meta.submitFailed);
  const actor = useActorRef(shownErrorMachine);
  const shown = useSelector(actor, selectShownError);
  useEffect(() => {
    actor.send({ type: 'field.changed', error, submitFailed });
  }, [actor, error, value, submitFailed]);
  if (!submitFailed && !meta.touched && !meta.modified) return undefined;
  // Until this render's change reaches the machine, an error it showed before is not the current one.
  return shown === error ? error : undefined;
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
