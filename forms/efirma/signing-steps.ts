// What the signing statechart (machines/efirma-sign.ts) hands the actors that open the key and
// sign the packet (services/efirma/signing-actors.ts): one shape for both sides.
import type { EfirmaCertificate } from './certificate';

/** The `.key` and its password, as the 'sign' event carries them, and the certificate they must match. */
export interface OpenKeyInput {
  keyFile: Blob;
  password: string;
  certificate: EfirmaCertificate;
}

/** The packet fetched, the opened key and what the PDF reader shows as the signature's reason. */
export interface SignInput {
  packet: Uint8Array;
  key: CryptoKey;
  certificate: EfirmaCertificate;
  reason: string;
}
