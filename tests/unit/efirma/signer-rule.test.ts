// Who may sign a packet: a person's own RFC; a company's, its listed representatives' and its
// guarantors' (a company guarantor also through its representatives); nobody else.
import { describe, expect, it } from 'vitest';
import { signerRole } from '../../../forms/efirma/signer-rule';
import { validAvalPmModel, validPfaeModel, validPfModel, validPmModel } from '../forms/fixtures';

const loose = (model: object) => model as unknown as Record<string, unknown>;

describe('signerRole', () => {
  it("takes a natural person's own RFC only", () => {
    expect(signerRole(loose(validPfModel()), [], 'GARC850314AB1')).toBe('solicitante');
    expect(signerRole(loose(validPfModel()), [], ' garc850314ab1 ')).toBe('solicitante');
    expect(signerRole(loose(validPfaeModel()), [], 'GARC850314AB1')).toBe('solicitante');
    expect(signerRole(loose(validPfModel()), [], 'LOPE800101XY1')).toBeNull();
    expect(signerRole(loose(validPfModel()), [], '')).toBeNull();
  });

  it("takes a company's RFC, a listed representative's and a guarantor's", () => {
    const pm = loose(validPmModel());
    const guarantors = [loose(validPfModel()), loose({ ...validAvalPmModel(), representantes: [{ rfc: 'RERA700101AB1' }] })];
    expect(signerRole(pm, guarantors, 'IOC100512AB3')).toBe('solicitante');
    expect(signerRole(pm, guarantors, 'LOPE800102XY2')).toBe('representante');
    expect(signerRole(pm, guarantors, 'GARC850314AB1')).toBe('aval');
    expect(signerRole(pm, guarantors, 'RERA700101AB1')).toBe('aval');
    expect(signerRole(pm, [], 'GARC850314AB1')).toBeNull();
    expect(signerRole(pm, guarantors, 'XAXX010101000')).toBeNull();
  });
});
