// Binds machines/shown-errors to a form's fields: the error a field shows, once the person has
// paused on it for the validation debounce (1500 ms, spec 01 §5) or at once after a submit attempt.
// One actor per form, given by the ShownErrorsProvider around the form's fields.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { FieldMetaState } from 'react-final-form';
import { selectShownError } from '../../../machines/shown-errors';
import { useShownErrorsActor } from './shown-errors-provider';

/**
 * `waiting`: the field waits on another (a municipality on its state, a neighbourhood on its postal
 * code) and cannot be filled yet: it shows no error of its own, and the summary does not list it; the
 * field to fill first shows its own.
 */
export function useShownError(name: string, meta: FieldMetaState<unknown>, value: unknown, waiting = false): string | undefined {
  const error = waiting ? undefined : (firstMessage(meta.error) ?? firstMessage(meta.submitError));
  const submitFailed = Boolean(meta.submitFailed);
  const actor = useShownErrorsActor();
  const shown = useSelector(actor, (snapshot) => selectShownError(snapshot, name));
  useEffect(() => {
    actor.send({ type: 'field.changed', name, error, submitFailed });
  }, [actor, name, error, value, submitFailed]);
  useEffect(() => () => actor.send({ type: 'field.left', name }), [actor, name]);
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
