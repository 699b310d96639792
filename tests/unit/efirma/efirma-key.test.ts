// Opening the SAT's .key: the password, the key of that certificate, a non-extractable signing key.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseX509, readEfirmaCertificate } from '../../../forms/efirma/certificate';
import { EfirmaKeyError } from '../../../forms/efirma/problems';
import { openEfirmaKey } from '../../../services/efirma/efirma-key';
import { efirmaCredentials } from '../../support/efirma/make-credentials';

const credentials = efirmaCredentials();
const bytes = (file: string) => new Uint8Array(readFileSync(file));
const certificate = (file: string) => readEfirmaCertificate(bytes(file));
const problemOf = async (key: Uint8Array, password: string, cer = credentials.pf.cer) => {
  try {
    await openEfirmaKey(key, password, certificate(cer));
    return null;
  } catch (error) {
    return error instanceof EfirmaKeyError ? error.problem : String(error);
  }
};

describe('openEfirmaKey', () => {
  it('opens the .key with its password into a signing key no script can export, that the certificate verifies', async () => {
    const key = await openEfirmaKey(bytes(credentials.pf.key), credentials.password, certificate(credentials.pf.cer));
    expect(key.extractable).toBe(false);
    expect(key.usages).toEqual(['sign']);
    expect(key.algorithm).toMatchObject({ name: 'RSASSA-PKCS1-v1_5', hash: { name: 'SHA-256' } });
    await expect(crypto.subtle.exportKey('pkcs8', key)).rejects.toThrow();
    const data = new TextEncoder().encode('paquete');
    const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, data);
    const spki = new Uint8Array(parseX509(bytes(credentials.pf.cer)).subjectPublicKeyInfo.toSchema().toBER(false));
    const publicKey = await crypto.subtle.importKey('spki', spki, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']);
    expect(await crypto.subtle.verify('RSASSA-PKCS1-v1_5', publicKey, signature, data)).toBe(true);
  });

  it('refuses a wrong password', async () => {
    expect(await problemOf(bytes(credentials.pf.key), 'otra-contraseña')).toBe('wrong-password');
    expect(await problemOf(bytes(credentials.pf.key), '')).toBe('wrong-password');
  });

  it("refuses a key that is not the certificate's", async () => {
    expect(await problemOf(bytes(credentials.mismatched.key), credentials.password, credentials.mismatched.cer)).toBe('key-mismatch');
    expect(await problemOf(bytes(credentials.pm.key), credentials.password, credentials.pf.cer)).toBe('key-mismatch');
  });

  it('refuses a file that is not an encrypted private key', async () => {
    expect(await problemOf(bytes(credentials.pf.cer), credentials.password)).toBe('not-a-key');
    expect(await problemOf(new TextEncoder().encode('no soy una llave'), credentials.password)).toBe('not-a-key');
    expect(await problemOf(bytes(credentials.pf.key).subarray(0, 100), credentials.password)).toBe('not-a-key');
  });
});
