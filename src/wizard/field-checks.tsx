// Tells the wizard statechart where the form's own checks of the tab shown stand (its schema and
// the asynchronous duplicate RFC), so the machine waits for them before a step forward; when it
// refuses a step for them, the form is submitted so that every field shows its message.
import { useEffect } from 'react';
import { useForm } from 'react-final-form';
import type { Model } from '../../forms/contracts/application';
import type { WizardActorRef } from './selectors';

export function FieldChecks({ actor }: { actor: WizardActorRef }) {
  const form = useForm<Model>();
  useEffect(() => {
    const unsubscribe = form.subscribe(
      // The values as the checks settle: what was typed meanwhile goes with the step.
      ({ validating, hasValidationErrors }) =>
        actor.send(validating ? { type: 'fields.checking' } : { type: 'fields.checked', valid: !hasValidationErrors, values: form.getState().values }),
      { validating: true, hasValidationErrors: true },
    );
    const refused = actor.on('fieldsRefused', () => void form.submit());
    return () => {
      unsubscribe();
      refused.unsubscribe();
    };
  }, [actor, form]);
  return null;
}
