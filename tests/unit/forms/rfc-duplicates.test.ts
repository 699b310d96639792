// Which duplicate-RFC checks a model takes, and how RFCs are compared.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../forms/messages';
import { duplicateChecksFor, duplicateMessage, modelRfc, rfcKey } from '../../../forms/rules/rfc-duplicates';

const person = (rfc: string, more: Record<string, unknown> = {}) => ({
  tipo_persona: 'Física',
  clasificacion: 'Cliente',
  uuid: null,
  fisica: { rfc, fecha_nacimiento: '1985-03-14' },
  ...more,
});
const UUID = '0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10';

describe('duplicateChecksFor', () => {
  it.each([
    ['an incomplete RFC', person('GARC850314AB'), true, null, null],
    ['an RFC that does not match the birth date', person('GARC850315AB1'), true, null, null],
    ['a new client, staff', person('GARC850314AB1'), true, null, { rfc: 'GARC850314AB1', clients: true, guarantors: false }],
    ['a new client, public', person('GARC850314AB1'), false, null, null],
    ['a stored client, public', person('GARC850314AB1', { uuid: UUID }), false, null, { rfc: 'GARC850314AB1', clients: false, guarantors: true }],
    ['a guarantor of a stored PM, public', person('GARC850314AB1', { clasificacion: 'Obligado' }), false, UUID, { rfc: 'GARC850314AB1', clients: false, guarantors: true }],
    ['a guarantor whose PM is not stored, public', person('GARC850314AB1', { clasificacion: 'Obligado', uuid: UUID }), false, null, null],
  ])('%s', (_case, model, staff, parentUuid, expected) => {
    expect(duplicateChecksFor('person', model, { staff, parentUuid })).toEqual(expected);
  });

  it('reads moral.rfc against the constitution date for a company', () => {
    const model = { tipo_persona: 'Moral', moral: { rfc: 'IOC100512AB3' }, informacion_fiscal: { fecha_constitucion: '2010-05-12' } };
    expect(duplicateChecksFor('company', model, { staff: true })).toEqual({ rfc: 'IOC100512AB3', clients: true, guarantors: false });
    expect(duplicateChecksFor('company', { ...model, informacion_fiscal: { fecha_constitucion: '2011-05-12' } }, { staff: true })).toBeNull();
  });
});

describe('comparing RFCs', () => {
  it('trims and upper-cases, Ñ included', () => {
    expect(rfcKey(' peña850314ab1 ')).toBe('PEÑA850314AB1');
    expect(rfcKey(null)).toBe('');
  });

  it("takes the model's own RFC by person type", () => {
    expect(modelRfc({ tipo_persona: 'Moral', moral: { rfc: 'ioc100512ab3' }, fisica: { rfc: 'X' } })).toBe('IOC100512AB3');
    expect(modelRfc({ tipo_persona: 'Física con actividad empresarial', fisica: { rfc: 'GARC850314AB1' } })).toBe('GARC850314AB1');
    expect(modelRfc({ moral: { rfc: 'IOC100512AB3' } })).toBe('IOC100512AB3');
    expect(modelRfc({ tipo_persona: 'Física' })).toBe('');
  });

  it('gives the client message before the guarantor one, and passes failed calls', () => {
    expect(duplicateMessage({ clients: 1, guarantors: 1 })).toBe(MESSAGES.rfcDuplicate);
    expect(duplicateMessage({ clients: 0, guarantors: 2 })).toBe(MESSAGES.rfcDuplicateGuarantor);
    expect(duplicateMessage({ clients: undefined, guarantors: undefined })).toBeUndefined();
  });
});
