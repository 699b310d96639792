// The editable levels as data (spec 01 §4, 02 §4): which fields lock, which buttons and upload
// areas show, and how the server keeps locked values on a write.
import { describe, expect, it } from 'vitest';
import { canAddOrRemoveItems, errorsOfUnlocked, isFieldLocked, keepLockedValues, uploadAreasShown } from '../../forms/locking';

describe('editable levels', () => {
  it('lock the identity fields under general_fields, everything else under api_fields, all under none', () => {
    const identity = ['nombre', 'fisica.curp', 'fisica.rfc', 'fisica.pais', 'fisica.nacionalidad', 'fisica.apellido_paterno', 'moral.rfc'];
    const other = ['email', 'vivienda.domicilio.calle', 'representantes[1].rfc'];
    for (const path of identity) {
      expect(isFieldLocked('general_fields', path)).toBe(true);
      expect(isFieldLocked('api_fields', path)).toBe(false);
    }
    for (const path of other) {
      expect(isFieldLocked('general_fields', path)).toBe(false);
      expect(isFieldLocked('api_fields', path)).toBe(true);
    }
    for (const path of [...identity, ...other]) {
      expect(isFieldLocked('all', path)).toBe(false);
      expect(isFieldLocked('none', path)).toBe(true);
    }
  });

  it('hide add and remove buttons under none and api_fields', () => {
    expect(['all', 'api_fields', 'general_fields', 'none'].map((level) => canAddOrRemoveItems(level as never))).toEqual([true, false, true, false]);
  });

  it('show the upload areas the spec lists for each level', () => {
    expect(uploadAreasShown('all')).toEqual({ identification: true, tax: true, address: true });
    expect(uploadAreasShown('api_fields')).toEqual({ identification: true, tax: true, address: false });
    expect(uploadAreasShown('general_fields')).toEqual({ identification: false, tax: false, address: true });
    expect(uploadAreasShown('none')).toEqual({ identification: false, tax: false, address: false });
  });

  it('keep the stored value of every locked field on a write', () => {
    const stored = { nombre: 'ANA', email: 'a@x.mx', fisica: { curp: 'C1', rfc: 'R1', sexo: 'Femenino' } };
    const incoming = { nombre: 'EVA', email: 'b@x.mx', fisica: { curp: 'C2', rfc: 'R2', sexo: 'Masculino' } };
    expect(keepLockedValues('general_fields', stored, incoming)).toEqual({
      nombre: 'ANA',
      email: 'b@x.mx',
      fisica: { curp: 'C1', rfc: 'R1', sexo: 'Masculino' },
    });
    expect(keepLockedValues('api_fields', stored, incoming)).toEqual({
      nombre: 'EVA',
      email: 'a@x.mx',
      fisica: { curp: 'C2', rfc: 'R2', sexo: 'Femenino' },
    });
    expect(keepLockedValues('none', stored, incoming)).toBe(stored);
    expect(keepLockedValues('all', stored, incoming)).toBe(incoming);
  });

  it('hold no rule of a locked field against the person', () => {
    const errors = { nombre: '¡Este campo es requerido!', 'fisica.curp': '¡Este campo es requerido!', email: '¡Correo inválido!', 'representantes[1].rfc': 'x' };
    expect(errorsOfUnlocked('all', errors)).toBe(errors);
    expect(errorsOfUnlocked('general_fields', errors)).toEqual({ email: '¡Correo inválido!', 'representantes[1].rfc': 'x' });
    expect(errorsOfUnlocked('api_fields', errors)).toEqual({ nombre: '¡Este campo es requerido!', 'fisica.curp': '¡Este campo es requerido!' });
    expect(errorsOfUnlocked('none', errors)).toEqual({});
  });
});
