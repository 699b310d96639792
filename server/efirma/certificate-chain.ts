// Whether a signer's certificate was issued, through the SAT's chain, by one of the certificates
// the server trusts (the folder SAT_CA_DIR: the SAT's root and intermediate certificates, DER or
// PEM), at a given time. pkijs builds and checks the path: names, signatures, validity periods
// and that every issuer is a CA.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as pkijs from 'pkijs';
import { parseX509 } from '../../forms/efirma/certificate';
import { webCrypto } from './pkijs-engine';

const PEM = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

/** Every certificate of a file: one DER, or one or more PEM blocks. */
export function certificatesInFile(bytes: Uint8Array): Uint8Array[] {
  const text = Buffer.from(bytes).toString('latin1');
  const blocks = [...text.matchAll(PEM)].map((match) => new Uint8Array(Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64')));
  return blocks.length > 0 ? blocks : [bytes];
}

/** The certificates of a folder's .cer, .crt, .der and .pem files; throws on one that is not a certificate. */
export function readCaDirectory(dir: string): Uint8Array[] {
  return readdirSync(dir)
    .filter((name) => /\.(cer|crt|der|pem)$/i.test(name))
    .sort()
    .flatMap((name) =>
      certificatesInFile(new Uint8Array(readFileSync(path.join(dir, name)))).map((der) => {
        parseX509(der);
        return der;
      }),
    );
}

export type ChainResult = { trusted: true } | { trusted: false; reason: string };

/**
 * Whether `certificate` chains up to one of `trusted` at `at`; `trusted` may hold the roots and
 * the intermediates alike (a folder of the SAT's certificates).
 */
export async function verifyCertificateChain(certificate: Uint8Array, trusted: Uint8Array[], at: Date): Promise<ChainResult> {
  if (trusted.length === 0) return { trusted: false, reason: 'no trusted certificates' };
  const leaf = parseX509(certificate);
  const anchors = trusted.map(parseX509);
  const engine = new pkijs.CertificateChainValidationEngine({ trustedCerts: anchors, certs: [leaf, ...anchors], checkDate: at });
  try {
    const result = await engine.verify({}, webCrypto());
    return result.result ? { trusted: true } : { trusted: false, reason: result.resultMessage };
  } catch (error) {
    return { trusted: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
