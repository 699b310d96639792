// Adding and removing items of the model's lists (representatives, shareholders, suppliers) as
// field changes, like forms/dependent-fields: a removed item that had been stored is appended to
// `entidades_eliminadas`, so the server knows it was removed.
import type { AnySchema } from 'yup';
import { getPath, type FieldChange } from './dependent-fields';

type Model = Record<string, unknown>;

/** What `entidades_eliminadas` receives: the removed item, tagged with the list it came from. */
export type RemovedEntity = Record<string, unknown> & { entidad: string };

const itemsOf = (model: unknown, list: string): unknown[] => {
  const items = getPath(model, list);
  return Array.isArray(items) ? items : [];
};

const removedOf = (model: unknown): unknown[] => {
  const removed = getPath(model, 'entidades_eliminadas');
  return Array.isArray(removed) ? removed : [];
};

const removedFrom = (model: unknown, list: string) =>
  removedOf(model).filter((entry) => (entry as Partial<RemovedEntity> | null)?.entidad === list).length;

const hasId = (item: unknown) => {
  const id = (item as { id?: unknown } | null)?.id;
  return id !== undefined && id !== null && id !== '';
};

/**
 * Whether the item at `index` of `list` had been stored. `initial` is the model the form opened
 * with. An item carrying an `id` was stored. Otherwise, in a stored record (it has a uuid) the
 * items the form opened with were stored; items are only appended and removals keep the order,
 * so those still present are the first ones: as many as were there, less those removed since.
 */
export function isStoredItem(model: Model, initial: Model, list: string, index: number): boolean {
  if (hasId(itemsOf(model, list)[index])) return true;
  if (!initial.uuid) return false;
  const storedLeft = itemsOf(initial, list).length - (removedFrom(model, list) - removedFrom(initial, list));
  return index < storedLeft;
}

/** Appends `blank` to `list`. */
export const onItemAdded = (model: Model, list: string, blank: unknown): FieldChange[] => [
  { name: list, value: [...itemsOf(model, list), blank] },
];

/** Removes the item at `index` of `list`; a stored one is recorded in `entidades_eliminadas`. */
export function onItemRemoved(model: Model, initial: Model, list: string, index: number): FieldChange[] {
  const items = itemsOf(model, list);
  if (index < 0 || index >= items.length) return [];
  const changes: FieldChange[] = [];
  if (isStoredItem(model, initial, list, index)) {
    const removed: RemovedEntity = { ...(items[index] as Model), entidad: list };
    changes.push({ name: 'entidades_eliminadas', value: [...removedOf(model), removed] });
  }
  changes.unshift({ name: list, value: items.filter((_, i) => i !== index) });
  return changes;
}

export interface ItemBounds {
  min: number;
  max: number;
}

/**
 * The fewest and most items an array schema accepts: its `min` test (or a requirement's `min`) and
 * its `max` test; 0 and Infinity when it has none.
 */
export function itemBoundsOf(schema: AnySchema): ItemBounds {
  const { tests } = schema.describe();
  const param = (key: 'min' | 'max') => tests.map((test) => test.params?.[key]).find((value): value is number => typeof value === 'number');
  return { min: param('min') ?? 0, max: param('max') ?? Infinity };
}
