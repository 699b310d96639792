import { describe, expect, it } from 'vitest';
import { enteredValues } from '../../../forms/entered-values';
import { stillApplies, unsavedChanges } from '../../../forms/unsaved-changes';
import { PM_WIZARD } from '../../../forms/wizards/pm';
import type { AnyWizard } from '../../../forms/wizards/wizard-for';
import { validPmModel } from './fixtures';

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

describe('entered values', () => {
  it('lay each list out where the form does, item after item, not interleaved with another list', () => {
    const tabs = enteredValues(PM_WIZARD as unknown as AnyWizard, validPmModel());
    const contactos = tabs.find((tab) => tab.title === 'Contactos')!;
    const titles = contactos.groups.map((group) => group.title);
    expect(titles.indexOf('Representante legal 2')).toBe(titles.indexOf('Representante legal 1') + 1);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("label each shareholder's name as the form does, by the shareholder's own type", () => {
    const tabs = enteredValues(PM_WIZARD as unknown as AnyWizard, validPmModel());
    const shareholders = tabs.find((tab) => tab.title === 'Accionistas mayoritarios')!;
    const names = shareholders.groups.map((group) => group.fields.find((field) => field.path.endsWith('.nombre')));
    expect(names.map((field) => [field?.label, field?.value])).toEqual([
      ['Nombre(s)', 'JUAN'],
      ['Nombre(s)', 'ANA'],
      ['Razón social', 'INVERSORA SA'],
    ]);
  });
});
