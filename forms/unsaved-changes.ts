// What a person typed that the server does not hold yet, field by field, and whether such a change
// still applies to the record as the server holds it now (a draft kept by the browser is restored
// only over the value it was typed over, never over a newer one).
import { getIn } from 'final-form';
import type { Model } from './contracts/application';
import { diffModels } from './model-diff';

export interface UnsavedChange {
  path: string;
  /** What the server held when it was typed. */
  before: unknown;
  value: unknown;
}

/** The parts of the model the server keeps by itself: never typed, never restored. */
const NOT_TYPED = new Set(['uuid', 'avales', 'entidades_eliminadas', 'persona_completa']);

const isBlank = (value: unknown) => value === null || value === undefined || value === '';
const same = (a: unknown, b: unknown) => (isBlank(a) && isBlank(b)) || JSON.stringify(a) === JSON.stringify(b);
const topKey = (path: string) => path.split(/[.[]/, 1)[0];
/** 'representantes[1].rfc' → 'representantes[1]': the list item a field belongs to, if any. */
const itemOf = (path: string) => /^(.*\[\d+\])/.exec(path)?.[1];

/**
 * The fields whose values differ from what the server holds ('' and an absent value are the same
 * blank). A list item removed from the form is not a change of its fields: its removal is the
 * form's to record (entidades_eliminadas), not a draft's.
 */
export function unsavedChanges(values: Model, saved: Model): UnsavedChange[] {
  return diffModels(saved, values)
    .filter((difference) => !NOT_TYPED.has(topKey(difference.path)) && !same(difference.before, difference.after))
    .filter((difference) => {
      const item = itemOf(difference.path);
      return item === undefined || getIn(values, item) !== undefined;
    })
    .map((difference) => ({ path: difference.path, before: difference.before, value: difference.after }));
}

/** A kept change still applies when the server holds what it was typed over, and not already its value. */
export const stillApplies = (change: UnsavedChange, saved: Model) => {
  const now = getIn(saved, change.path);
  return same(now, change.before) && !same(now, change.value);
};
