// Who the PLD check screens in a model, and which changes make a review stale: a PM's shareholders
// are screened as its beneficial owners (a company by its name, a person once name and first
// surname are filled), each at the field that names it.
import { describe, expect, it } from 'vitest';
import { pldIdentityKey, pldParties } from '../../../forms/pld-identity';
import { validPfModel, validPmModel } from './fixtures';

describe('pldParties', () => {
  it("lists a PM's shareholders after its representatives, by their name fields", () => {
    const pm = validPmModel() as unknown as Record<string, unknown>;
    const shareholders = pldParties(pm).filter((party) => party.path.startsWith('accionistas'));
    expect(shareholders).toEqual([
      { path: 'accionistas[0].nombre', nombre: 'JUAN LÓPEZ DÍAZ' },
      { path: 'accionistas[1].nombre', nombre: 'ANA RUIZ' },
      { path: 'accionistas[2].nombre', nombre: 'INVERSORA SA' },
    ]);
  });

  it('waits for a person shareholder’s first surname', () => {
    const pm = validPmModel();
    pm.accionistas = [{ ...pm.accionistas[0]!, apellido_paterno: '' }];
    expect(pldParties(pm as unknown as Record<string, unknown>).filter((party) => party.path.startsWith('accionistas'))).toEqual([]);
  });
});

describe('pldIdentityKey', () => {
  it("changes with a shareholder's name, type or RFC, not with their share", () => {
    const pm = validPmModel();
    const key = pldIdentityKey(pm as unknown as Record<string, unknown>);
    const changed = (change: Partial<(typeof pm.accionistas)[number]>) =>
      pldIdentityKey({ ...pm, accionistas: [{ ...pm.accionistas[0]!, ...change }, ...pm.accionistas.slice(1)] } as unknown as Record<string, unknown>);
    expect(changed({ nombre: 'PEDRO' })).not.toBe(key);
    expect(changed({ rfc: 'LODJ700101ZZ9' })).not.toBe(key);
    expect(changed({ tipo_persona: 'Moral' })).not.toBe(key);
    expect(changed({ porcentaje_participacion: 10 })).toBe(key);
  });

  it('reads names as they are stored, tidy: a doubled or trailing space is the same name', () => {
    const pf = validPfModel() as unknown as Record<string, any>;
    const key = pldIdentityKey(pf);
    expect(pldIdentityKey({ ...pf, nombre: ` ${pf.nombre}  ` })).toBe(key);
    expect(pldIdentityKey({ ...pf, fisica: { ...pf.fisica, apellido_paterno: 'DE  LA PEÑA' } })).toBe(pldIdentityKey({ ...pf, fisica: { ...pf.fisica, apellido_paterno: 'DE LA PEÑA' } }));
    expect(pldIdentityKey({ ...pf, nombre: 'OTRO' })).not.toBe(key);
  });
});
