import { describe, expect, it } from 'vitest';
import { applyChanges } from '../../../forms/dependent-fields';
import { isStoredItem, itemBoundsOf, onItemAdded, onItemRemoved } from '../../../forms/list-items';
import { LIST_ITEMS_MAX } from '../../../forms/limits';
import { pmAccionistasShape } from '../../../forms/pm/accionistas';
import { pmContactosShape } from '../../../forms/pm/contactos';
import { pmReferenciasShape } from '../../../forms/pm/referencias';

interface Item {
  nombre: string;
  rfc: string;
  id?: number;
  entidad?: string;
}
interface Model extends Record<string, unknown> {
  uuid: string | null;
  representantes: Item[];
  entidades_eliminadas: Item[];
}

const rep = (nombre: string, extra: Partial<Item> = {}): Item => ({ nombre, rfc: '', ...extra });
const model = (uuid: string | null, names: string[]): Model => ({ uuid, representantes: names.map((n) => rep(n)), entidades_eliminadas: [] });

/** Removes `index` and answers the new model, the way the view applies the changes. */
const remove = (current: Model, initial: Model, index: number): Model =>
  applyChanges(current, onItemRemoved(current, initial, 'representantes', index));

describe('list items', () => {
  it('adds a blank item at the end', () => {
    const start = model(null, ['A']);
    const next = applyChanges(start, onItemAdded(start, 'representantes', rep('')));
    expect(next.representantes.map((r) => r.nombre)).toEqual(['A', '']);
  });

  it('removes an item of an unstored record without recording it', () => {
    const start = model(null, ['A', 'B', 'C']);
    const next = remove(start, start, 1);
    expect(next.representantes.map((r) => r.nombre)).toEqual(['A', 'C']);
    expect(next.entidades_eliminadas).toEqual([]);
  });

  it('records a removed item that carries an id, even in an unstored record', () => {
    const start: Model = { ...model(null, ['A']), representantes: [rep('A', { id: 7 })] };
    expect(remove(start, start, 0).entidades_eliminadas).toEqual([{ ...rep('A', { id: 7 }), entidad: 'representantes' }]);
  });

  it('in a stored record, records the items it opened with and not those added since', () => {
    const initial = model('u-1', ['A', 'B']);
    let current = applyChanges(initial, onItemAdded(initial, 'representantes', rep('NEW')));
    expect(isStoredItem(current, initial, 'representantes', 2)).toBe(false);
    current = remove(current, initial, 0); // A, stored
    expect(current.representantes.map((r) => r.nombre)).toEqual(['B', 'NEW']);
    expect(isStoredItem(current, initial, 'representantes', 0)).toBe(true);
    expect(isStoredItem(current, initial, 'representantes', 1)).toBe(false);
    current = remove(current, initial, 1); // NEW, not stored
    current = remove(current, initial, 0); // B, stored
    expect(current.representantes).toEqual([]);
    expect(current.entidades_eliminadas.map((e) => e.nombre)).toEqual(['A', 'B']);
  });

  it('counts the removals the form opened with (a save that failed keeps them)', () => {
    const initial: Model = { ...model('u-1', ['B', 'NEW']), entidades_eliminadas: [{ ...rep('A'), entidad: 'representantes' }] };
    expect(isStoredItem(initial, initial, 'representantes', 1)).toBe(true);
    const next = remove(initial, initial, 1);
    expect(next.entidades_eliminadas).toHaveLength(2);
  });

  it('ignores an index outside the list', () => {
    const start = model('u-1', ['A']);
    expect(onItemRemoved(start, start, 'representantes', 3)).toEqual([]);
  });

  it('reads the fewest and most items from the schema', () => {
    expect(itemBoundsOf(pmContactosShape().representantes)).toEqual({ min: 1, max: LIST_ITEMS_MAX });
    expect(itemBoundsOf(pmReferenciasShape().referencias)).toEqual({ min: 0, max: LIST_ITEMS_MAX });
    expect(itemBoundsOf(pmAccionistasShape().accionistas)).toEqual({ min: 0, max: LIST_ITEMS_MAX });
  });
});
