import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { curpCentury, readCurp } from '../../../forms/rules/curp';
import { CURP_STATE_CODES, CURP_STATES } from '../../../forms/rules/curp-states';

describe('what a CURP implies', () => {
  it('fills sex, birth date and birth state', () => {
    expect(readCurp('GARC850314HJCRRL09')).toEqual({
      sexo: 'Masculino',
      fecha_nacimiento: '1985-03-14',
      estado: { id_estado: 14, codigo: 'JAL', nombre: 'Jalisco' },
      bornAbroad: false,
    });
  });

  it.each([
    ['JC', 'JAL'],
    ['DF', 'CDMX'],
    ['NL', 'NL'],
  ])('the spec examples: %s gives %s', (code, abbreviation) => {
    expect(CURP_STATES[code].codigo).toBe(abbreviation);
  });

  it('M gives Femenino', () => {
    expect(readCurp('LOPA010203MDFPRNA5')?.sexo).toBe('Femenino');
  });

  it('century: a digit or O at character 17 gives 19, any other letter 20', () => {
    expect(readCurp('GARC850314HJCRRL09')?.fecha_nacimiento).toBe('1985-03-14');
    expect(readCurp('GARC850314HJCRRLO9')?.fecha_nacimiento).toBe('1985-03-14');
    expect(readCurp('LOPA010203MDFPRNA5')?.fecha_nacimiento).toBe('2001-02-03');
    expect(curpCentury('7')).toBe(1900);
    expect(curpCentury('O')).toBe(1900);
    expect(curpCentury('B')).toBe(2000);
  });

  it('NE means born abroad: no Mexican state', () => {
    expect(readCurp('GARC850314HNERRL09')).toMatchObject({ estado: null, bornAbroad: true });
  });

  it('a malformed CURP implies nothing', () => {
    expect(readCurp('GARC850314HJCRRL0')).toBeNull();
    expect(readCurp('GARC850230HJCRRL09')).toBeNull();
  });

  it('the map holds every state of the INEGI catalogue, by its CURP code, INEGI number and common abbreviation', () => {
    const file = ['data/entidades_federativas.csv', '../shared/data/catalogos/entidades_federativas.csv'].find((f) => fs.existsSync(f));
    if (!file) return;
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n').slice(1);
    const rows = lines.map((line) => line.split(','));
    expect(CURP_STATE_CODES.slice().sort()).toEqual(rows.map((r) => r[1]).sort());
    for (const [claveInegi, claveCurp, nombre, , , , abreviatura] of rows) {
      if (claveCurp === 'NE') continue;
      expect(CURP_STATES[claveCurp]).toEqual({ id_estado: Number(claveInegi), codigo: abreviatura, nombre });
    }
  });
});
