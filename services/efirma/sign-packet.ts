// Signs the packet PDF in the browser: a PAdES signature (ETSI.CAdES.detached, SHA-256, with the
// signing certificate and the signing time among its signed attributes) added as an incremental
// update, so the bytes signed before stay as they were and earlier signatures stay valid. The key
// is the non-extractable CryptoKey of openEfirmaKey.
import { CryptoKeySigner, PDF } from '@libpdf/core';
import type { EfirmaCertificate } from '../../forms/efirma/certificate';

export interface SignPacketOptions {
  key: CryptoKey;
  certificate: EfirmaCertificate;
  /** Shown by PDF readers beside the signature ('Solicitante', 'Aval', 'Representante legal'). */
  reason: string;
  /** The signer's clock; the server checks it against its own. */
  signingTime?: Date;
}

/** The packet with one more signature. */
export async function signPacket(pdf: Uint8Array, { key, certificate, reason, signingTime = new Date() }: SignPacketOptions): Promise<Uint8Array> {
  const document = await PDF.load(pdf);
  const signer = new CryptoKeySigner(key, certificate.der, 'RSA', 'RSASSA-PKCS1-v1_5');
  const { bytes } = await document.sign({ signer, reason, location: 'México', signingTime, subFilter: 'ETSI.CAdES.detached', digestAlgorithm: 'SHA-256' });
  return bytes;
}
