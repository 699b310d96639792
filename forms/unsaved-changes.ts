// What a person typed that the server does not hold yet, field by field, and whether such a change
// still applies to the record as the server holds it now (a draft kept by the browser is restored
// over the value it was typed over; over a newer one only if the person says so: `overtaken`).
import { getIn } from 'final-form';
import type { Model } from './contracts/application';
import { diffModels } from './model-diff';
import { tidyLine } from './rules/text';

export interface UnsavedChange {
  path: string;
  /** What the server held when it was typed. */
  before: unknown;
  value: unknown;
}

/** The parts of the model the server keeps by itself: never typed, never restored. */
const NOT_TYPED = new Set(['uuid', 'avales', 'entidades_eliminadas', 'persona_completa']);

const isBlank = (value: unknown) => value === null || value === undefined || value === '';
// Texts compare as the schema stores them (tidy): a space the field or the server drops is no change.
const same = (a: unknown, b: unknown) =>
  (isBlank(a) && isBlank(b)) || (typeof a === 'string' && typeof b === 'string' ? tidyLine(a) === tidyLine(b) : JSON.stringify(a) === JSON.stringify(b));
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

/**
 * A kept change was overtaken when the server holds neither what it was typed over nor its value:
 * another session saved the field since (the person is shown both, and chooses).
 */
export const overtaken = (change: UnsavedChange, saved: Model) => {
  const now = getIn(saved, change.path);
  // A field of a list item the other session removed is gone with it, not offered (it would make a partial item).
  const item = itemOf(change.path);
  if (item !== undefined && getIn(saved, item) === undefined) return false;
  return !same(now, change.before) && !same(now, change.value);
};

/** A kept change still applies when the server holds what it was typed over, and not already its value. */
export const stillApplies = (change: UnsavedChange, saved: Model) => {
  const now = getIn(saved, change.path);
  return same(now, change.before) && !same(now, change.value);
};
