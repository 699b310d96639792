import { describe, expect, it } from 'vitest';
import { diffModels } from '../../forms/model-diff';

describe('change history diff', () => {
  it('lists each changed leaf with its path, before and after', () => {
    expect(
      diffModels(
        { nombre: 'ANA', fisica: { curp: 'A', rfc: 'R' }, representantes: [{ rfc: 'X' }], tags: ['a'] },
        { nombre: 'ANA', fisica: { curp: 'B', rfc: 'R' }, representantes: [{ rfc: 'X' }, { rfc: 'Y' }], tags: ['a', 'b'] },
      ),
    ).toEqual([
      { path: 'fisica.curp', before: 'A', after: 'B' },
      { path: 'representantes[1].rfc', before: null, after: 'Y' },
      { path: 'tags', before: ['a'], after: ['a', 'b'] },
    ]);
  });

  it('lists every field of a new record, and leaves out the neighbourhood lists', () => {
    expect(diffModels({}, { fisica: { curp: 'A' }, vivienda: { colonia_catalogo: [{ colonia: 'Centro' }], calle: 'X' } })).toEqual([
      { path: 'fisica.curp', before: null, after: 'A' },
      { path: 'vivienda.calle', before: null, after: 'X' },
    ]);
  });
});
