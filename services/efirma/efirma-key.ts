// Opens the SAT's `.key` in the browser: a PKCS#8 EncryptedPrivateKeyInfo (PBES2 with PBKDF2 and
// DES-EDE3-CBC, which WebCrypto cannot decrypt) is decrypted with node-forge, checked against the
// certificate's public key, and imported into WebCrypto as a key that cannot be exported: from
// there on the page can sign with it but no script can read it back. The decrypted bytes are
// overwritten once imported.
import forge from 'node-forge';
import { parseX509, type EfirmaCertificate } from '../../forms/efirma/certificate';
import { EfirmaKeyError } from '../../forms/efirma/problems';

const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';

const binary = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return text;
};
const stripZeros = (hex: string) => hex.replace(/^(00)+/, '').toLowerCase();

/** The certificate's RSA modulus, hex. */
function certificateModulus(certificate: EfirmaCertificate): string {
  const info = parseX509(certificate.der).subjectPublicKeyInfo;
  if (info.algorithm.algorithmId !== RSA_ENCRYPTION) throw new EfirmaKeyError('not-rsa');
  const modulus = (info.parsedKey as { modulus?: { valueBlock: { valueHexView: Uint8Array } } } | undefined)?.modulus;
  if (!modulus) throw new EfirmaKeyError('not-rsa');
  return stripZeros(Array.from(modulus.valueBlock.valueHexView, (byte) => byte.toString(16).padStart(2, '0')).join(''));
}

/**
 * The `.key` as a non-extractable RSASSA-PKCS1-v1_5 SHA-256 signing key, once the password opens it
 * and it is the key of `certificate`; throws EfirmaKeyError otherwise.
 */
export async function openEfirmaKey(keyFile: Uint8Array, password: string, certificate: EfirmaCertificate): Promise<CryptoKey> {
  let encrypted: forge.asn1.Asn1;
  try {
    encrypted = forge.asn1.fromDer(forge.util.createBuffer(binary(keyFile)));
  } catch {
    throw new EfirmaKeyError('not-a-key');
  }
  let info: forge.asn1.Asn1 | null;
  try {
    // null, or a thrown padding error, when the password does not open it.
    info = forge.pki.decryptPrivateKeyInfo(encrypted, password);
  } catch (error) {
    // A file that is not an encrypted PKCS#8 key, or one encrypted in a way forge does not read, says so;
    // anything else is the garbage a wrong password decrypts to.
    throw new EfirmaKeyError(/EncryptedPrivateKeyInfo|Unsupported|OID/i.test(String(error)) ? 'not-a-key' : 'wrong-password');
  }
  if (!info) throw new EfirmaKeyError('wrong-password');
  let key: forge.pki.rsa.PrivateKey;
  try {
    key = forge.pki.privateKeyFromAsn1(info) as forge.pki.rsa.PrivateKey;
  } catch {
    // A wrong password rarely decrypts to valid padding and still not to a key.
    throw new EfirmaKeyError('wrong-password');
  }
  if (stripZeros(key.n.toString(16).padStart(2, '0')) !== certificateModulus(certificate)) throw new EfirmaKeyError('key-mismatch');
  const der = Uint8Array.from(forge.asn1.toDer(info).getBytes(), (char) => char.charCodeAt(0));
  try {
    return await crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  } finally {
    der.fill(0);
  }
}
