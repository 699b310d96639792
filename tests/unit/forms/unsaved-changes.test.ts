import { describe, expect, it } from 'vitest';
import { stillApplies, unsavedChanges } from '../../../forms/unsaved-changes';

describe('unsaved changes', () => {
  const saved = { nombre: 'ANA', fisica: { curp: '' }, representantes: [{ rfc: 'AAA' }, { rfc: 'BBB' }], uuid: 'u-1' };

  it('are the typed fields that differ from what the server holds; a blank is a blank', () => {
    const values = { ...saved, nombre: 'ANA MARÍA', fisica: { curp: undefined }, uuid: 'u-2' };
    expect(unsavedChanges(values, saved)).toEqual([{ path: 'nombre', before: 'ANA', value: 'ANA MARÍA' }]);
  });

  it('leave out the fields of a list item removed from the form', () => {
    const values = { ...saved, representantes: [{ rfc: 'AAA' }] };
    expect(unsavedChanges(values, saved)).toEqual([]);
  });

  it('apply only over the value they were typed over, and not when the server already holds them', () => {
    const [change] = unsavedChanges({ ...saved, nombre: 'ANA MARÍA' }, saved);
    expect(stillApplies(change, saved)).toBe(true);
    // Changed since by someone else: the newer value stays.
    expect(stillApplies(change, { ...saved, nombre: 'ANA LUISA' })).toBe(false);
    // Saved meanwhile (a reload during the save): nothing to restore.
    expect(stillApplies(change, { ...saved, nombre: 'ANA MARÍA' })).toBe(false);
  });
});
