// Reading a SAT certificate: holder, RFC, CURP, serial as the SAT prints it, validity, e.firma or CSD.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readEfirmaCertificate, satSerial } from '../../../forms/efirma/certificate';
import { EfirmaCertificateError } from '../../../forms/efirma/problems';
import { certificateValidity } from '../../../forms/efirma/certificate-validity';
import { efirmaCredentials } from '../../support/efirma/make-credentials';

const credentials = efirmaCredentials();
const read = (file: string) => readEfirmaCertificate(new Uint8Array(readFileSync(file)));
const problemOf = (bytes: Uint8Array) => {
  try {
    readEfirmaCertificate(bytes);
    return null;
  } catch (error) {
    return error instanceof EfirmaCertificateError ? error.problem : String(error);
  }
};

describe('readEfirmaCertificate', () => {
  it("reads a natural person's e.firma: name, RFC, CURP, the serial's digits, validity", () => {
    const { pf } = credentials;
    const certificate = read(pf.cer);
    expect(certificate).toMatchObject({ holderName: 'CARLOS GARCIA RAMIREZ', rfc: 'GARC850314AB1', representativeRfc: null, curp: 'GARC850314HJCRRL09', serial: '00001000000700000001', kind: 'efirma', issuer: 'AC DE PRUEBAS E.FIRMA (NO ES DEL SAT)' });
    expect(certificate.notBefore).toEqual(pf.notBefore);
    expect(certificate.notAfter).toEqual(pf.notAfter);
    expect(certificate.der).toEqual(new Uint8Array(readFileSync(pf.cer)));
  });

  it("reads a company's e.firma: the company's name and RFC, its representative's RFC and CURP", () => {
    expect(read(credentials.pm.cer)).toMatchObject({ holderName: 'INDUSTRIAS DEL OCCIDENTE SA DE CV', rfc: 'IOC100512AB3', representativeRfc: 'LOPE800101XY1', curp: 'LOPE800101HJCPRN01', kind: 'efirma' });
  });

  it('reads a name in UTF-8 (Ñ)', () => {
    expect(read(credentials.guarantor.cer)).toMatchObject({ holderName: 'ANA MUÑOZ PEREZ', rfc: 'MUPA880707QR5', curp: 'MUPA880707MJCXRN03' });
  });

  it('tells a CSD (a branch in OU) from an e.firma of the same taxpayer', () => {
    expect(read(credentials.csd.cer)).toMatchObject({ rfc: 'GARC850314AB1', kind: 'csd' });
  });

  it('reads PEM as well as DER', () => {
    expect(readEfirmaCertificate(new Uint8Array(readFileSync(credentials.pf.cer.replace(/\.cer$/, '.pem'))))).toMatchObject({ rfc: 'GARC850314AB1', serial: '00001000000700000001' });
  });

  it('refuses a file that is not a certificate, and a certificate without an RFC', () => {
    expect(problemOf(new TextEncoder().encode('no soy un certificado'))).toBe('not-a-certificate');
    expect(problemOf(new Uint8Array(readFileSync(credentials.pf.key)))).toBe('not-a-certificate');
    expect(problemOf(new Uint8Array(readFileSync(credentials.pf.cer)).subarray(0, 500))).toBe('not-a-certificate');
    expect(problemOf(new TextEncoder().encode('-----BEGIN CERTIFICATE-----\n!!!\n-----END CERTIFICATE-----'))).toBe('not-a-certificate');
    expect(problemOf(new Uint8Array(readFileSync(credentials.ca.cer)))).toBe('not-a-sat-certificate');
  });
});

describe('certificateValidity', () => {
  it('is expired after its end, not yet valid before its start, valid between', () => {
    const now = new Date();
    expect(certificateValidity(read(credentials.pf.cer), now)).toBe('valid');
    expect(certificateValidity(read(credentials.expired.cer), now)).toBe('expired');
    expect(certificateValidity(read(credentials.notYetValid.cer), now)).toBe('not-yet-valid');
    const expired = read(credentials.expired.cer);
    expect(certificateValidity(expired, new Date(expired.notAfter.getTime() - 1000))).toBe('valid');
  });
});

describe('satSerial', () => {
  it('prints the ASCII digits the SAT encodes, and hex for any other serial', () => {
    expect(satSerial(new TextEncoder().encode('00001000000504465028'))).toBe('00001000000504465028');
    expect(satSerial(new Uint8Array([0x01, 0xab]))).toBe('01AB');
  });
});
