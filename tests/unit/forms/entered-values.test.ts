import { describe, expect, it } from 'vitest';
import { enteredGuarantors, enteredValues, reviewedTabs } from '../../../forms/entered-values';
import { PF_WIZARD, defaultPfModel } from '../../../forms/wizards/pf';
import { PM_WIZARD } from '../../../forms/wizards/pm';
import type { AnyWizard } from '../../../forms/wizards/wizard-for';
import { PFAE_WIZARD } from '../../../forms/wizards/pfae';
import { validPfaeModel, validPfModel, validPmModel } from './fixtures';

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

  it('leave out the box that copies the fiscal address, whatever is stored of it: both addresses are listed', () => {
    for (const [wizard, model] of [
      [PM_WIZARD, validPmModel()],
      [PFAE_WIZARD, validPfaeModel()],
    ] as const) {
      for (const clonar_domicilo_fiscal of [true, false]) {
        const fields = enteredValues(wizard as unknown as AnyWizard, { ...model, clonar_domicilo_fiscal }).flatMap((tab) => tab.groups.flatMap((group) => group.fields));
        expect(fields.map((field) => field.path)).not.toContain('clonar_domicilo_fiscal');
        expect(fields.some((field) => field.path.endsWith('domicilio_operativo.calle'))).toBe(true);
      }
    }
  });

  it("list a PM's guarantors under Avales, in tab order, named and with their state; none says so", () => {
    const wizard = PM_WIZARD as unknown as AnyWizard;
    const avales = [
      { uuid: 'a-1', data: { tipo_persona: 'Física', nombre: 'LUISA', fisica: { apellido_paterno: 'PÉREZ', apellido_materno: '' }, persona_completa: true } },
      { uuid: 'a-2', data: { tipo_persona: 'Moral', nombre: '', fisica: { apellido_paterno: '', apellido_materno: '' }, persona_completa: false } },
    ];
    const [tab] = enteredGuarantors(wizard, { ...validPmModel(), avales });
    expect(tab!.title).toBe('Avales');
    expect(wizard.tabs[tab!.index]!.key).toBe('pmavales');
    expect(tab!.groups).toEqual([
      {
        title: null,
        fields: [
          { path: 'a-1', label: 'LUISA PÉREZ', value: 'Física · Completo' },
          { path: 'a-2', label: 'Aval sin nombre', value: 'Moral · Incompleto' },
        ],
      },
    ]);
    expect(enteredGuarantors(wizard, { ...validPmModel(), avales: [] })[0]!.groups).toEqual([{ title: 'No existen avales relacionados', fields: [] }]);
  });

  it('the review lists every tab in order, one where nothing was entered without a group', () => {
    const tabs = reviewedTabs(PF_WIZARD as unknown as AnyWizard, { ...validPfModel(), activos_pasivos: defaultPfModel().activos_pasivos });
    expect(tabs.map((tab) => tab.title)).toEqual(['Datos generales', 'Vivienda', 'Empleo', 'Activos y pasivos', 'Referencias personales']);
    expect(tabs.find((tab) => tab.title === 'Activos y pasivos')!.groups).toEqual([]);
    expect(tabs.find((tab) => tab.title === 'Vivienda')!.groups.length).toBeGreaterThan(0);
  });
});
