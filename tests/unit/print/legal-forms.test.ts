import { describe, expect, it } from 'vitest';
import { printedPerson } from '../../../forms/print/printed-person';
import { validPfaeModel, validPfModel, validPmModel } from '../forms/fixtures';

describe('printedPerson', () => {
  it('reads a PF: name with surnames, RFC, CURP, home address in one line, cell phone', () => {
    expect(printedPerson(validPfModel())).toEqual({
      kind: 'PF',
      personType: 'Persona física',
      name: 'CARLOS GARCÍA RAMÍREZ',
      rfc: 'GARC850314AB1',
      curp: 'GARC850314HJCRRL09',
      address: 'Av. Juárez 100, Col. Centro, Guadalajara, Jalisco, C.P. 44100, México',
      email: 'carlos.garcia@example.com',
      phone: '331-234-5678',
      representative: '',
    });
  });

  it('reads a PFAE with its fiscal address', () => {
    const person = printedPerson(validPfaeModel());
    expect(person).toMatchObject({ kind: 'PFAE', personType: 'Persona física con actividad empresarial', curp: 'GARC850314HJCRRL09' });
    expect(person.address).toBe('Av. Vallarta 1, Col. Centro, Guadalajara, Jalisco, C.P. 44100, México');
  });

  it('reads a PM: business name, RFC, no CURP, fiscal address, phone with extension, first representative', () => {
    expect(printedPerson(validPmModel())).toEqual({
      kind: 'PM',
      personType: 'Persona moral',
      name: 'INDUSTRIAS DEL OCCIDENTE SA DE CV',
      rfc: 'IOC100512AB3',
      curp: '',
      address: 'Av. López Mateos 10, Col. Centro, Guadalajara, Jalisco, C.P. 44100, México',
      email: 'contacto@industrias.com.mx',
      phone: '333-600-7000 ext. 10',
      representative: 'REPRESENTANTE 1',
    });
  });

  it("prints the free-text neighbourhood when the colonia is 'Otra', and skips blank representatives", () => {
    const model = validPmModel();
    model.informacion_fiscal = { ...model.informacion_fiscal, colonia_fiscal: { colonia: 'Otra', municipio: 'Zapopan', estado: 'Jalisco' }, otra_colonia_fiscal: 'Los Robles' };
    model.representantes = [{ ...model.representantes[0]!, nombre: '' }, ...model.representantes.slice(1)];
    const person = printedPerson(model);
    expect(person.address).toBe('Av. López Mateos 10, Col. Los Robles, Zapopan, Jalisco, C.P. 44100, México');
    expect(person.representative).toBe('REPRESENTANTE 2');
  });

  it('prints blanks, not a lone country, when nothing is known', () => {
    expect(printedPerson({ tipo_persona: 'Física' })).toMatchObject({ name: '', rfc: '', curp: '', address: '', phone: '', email: '' });
    expect(printedPerson({ tipo_persona: 'Moral', informacion_fiscal: null, representantes: 'x' })).toMatchObject({ name: '', address: '', representative: '' });
  });
});
