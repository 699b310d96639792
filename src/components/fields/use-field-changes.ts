// Applies the change lists of forms/dependent-fields to the form in one batch.
import { useForm } from 'react-final-form';
import type { FieldChange } from '../../../forms/dependent-fields';

export function useFieldChanges() {
  const form = useForm();
  return {
    apply: (changes: FieldChange[]) => form.batch(() => changes.forEach(({ name, value }) => form.change(name, value))),
    values: () => form.getState().values as Record<string, unknown>,
  };
}
