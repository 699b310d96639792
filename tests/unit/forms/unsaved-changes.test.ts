import { describe, expect, it } from 'vitest';
import { overtaken, stillApplies, unsavedChanges } from '../../../forms/unsaved-changes';

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

  it('were overtaken only when the server holds neither what they were typed over nor their value', () => {
    const [change] = unsavedChanges({ ...saved, nombre: 'ANA MARÍA' }, saved);
    expect(overtaken(change, { ...saved, nombre: 'ANA LUISA' })).toBe(true);
    expect(overtaken(change, saved)).toBe(false);
    expect(overtaken(change, { ...saved, nombre: 'ANA MARÍA' })).toBe(false);
    // A field of a list item the other session removed is gone with it.
    const [rfc] = unsavedChanges({ ...saved, representantes: [{ rfc: 'AAA' }, { rfc: 'CCC' }] }, saved);
    expect(rfc.path).toBe('representantes[1].rfc');
    expect(overtaken(rfc, { ...saved, representantes: [{ rfc: 'AAA' }] })).toBe(false);
    expect(overtaken(rfc, { ...saved, representantes: [{ rfc: 'AAA' }, { rfc: 'DDD' }] })).toBe(true);
  });

  it('compare texts as they are stored, tidy: a space the field or the server drops is no change', () => {
    expect(unsavedChanges({ ...saved, nombre: ' ANA  ' }, saved)).toEqual([]);
    expect(unsavedChanges({ ...saved, nombre: 'ANA' }, { ...saved, nombre: 'ANA ' })).toEqual([]);
  });
});
