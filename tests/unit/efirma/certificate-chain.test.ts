// The signer's certificate against the CA certificates the server trusts (SAT_CA_DIR), at a time.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { certificatesInFile, readCaDirectory, verifyCertificateChain } from '../../../server/efirma/certificate-chain';
import { efirmaCredentials } from '../../support/efirma/make-credentials';

const credentials = efirmaCredentials();
const bytes = (file: string) => new Uint8Array(readFileSync(file));
const ca = bytes(credentials.ca.cer);
const work = mkdtempSync(path.join(tmpdir(), 'sat-ca-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('verifyCertificateChain', () => {
  it('trusts an e.firma its CA issued, within its validity', async () => {
    expect(await verifyCertificateChain(bytes(credentials.pf.cer), [ca], new Date())).toEqual({ trusted: true });
    expect(await verifyCertificateChain(bytes(credentials.pm.cer), [bytes(credentials.foreignCa.cer), ca], new Date())).toEqual({ trusted: true });
  });

  it('does not trust one from another CA, nor with no CA at all', async () => {
    expect(await verifyCertificateChain(bytes(credentials.foreign.cer), [ca], new Date())).toMatchObject({ trusted: false });
    expect(await verifyCertificateChain(bytes(credentials.pf.cer), [], new Date())).toMatchObject({ trusted: false });
  });

  it('judges validity at the time given: an expired certificate held when it was current', async () => {
    const expired = credentials.expired;
    expect(await verifyCertificateChain(bytes(expired.cer), [ca], new Date())).toMatchObject({ trusted: false });
    expect(await verifyCertificateChain(bytes(expired.cer), [ca], new Date(expired.notAfter.getTime() - 86_400_000))).toEqual({ trusted: true });
    expect(await verifyCertificateChain(bytes(credentials.notYetValid.cer), [ca], new Date())).toMatchObject({ trusted: false });
  });
});

describe('readCaDirectory', () => {
  it('reads DER and PEM files, several certificates to a PEM file, and skips other files', () => {
    copyFileSync(credentials.ca.cer, path.join(work, 'raiz.cer'));
    writeFileSync(path.join(work, 'cadena.pem'), Buffer.concat([readFileSync(credentials.ca.pem), readFileSync(credentials.foreignCa.pem)]));
    writeFileSync(path.join(work, 'LEEME.txt'), 'no es un certificado');
    const certificates = readCaDirectory(work);
    expect(certificates).toHaveLength(3);
    expect(certificates[0]).toEqual(ca);
    expect(certificatesInFile(bytes(credentials.ca.pem))).toEqual([ca]);
  });

  it('throws on a certificate file that is not one', () => {
    writeFileSync(path.join(work, 'roto.cer'), 'no es un certificado');
    expect(() => readCaDirectory(work)).toThrow();
  });
});
