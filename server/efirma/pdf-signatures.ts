// The signatures of a signed packet, checked as a PDF reader checks them: each signature field's
// /ByteRange must leave out exactly its own /Contents, the CMS inside must carry the digest of the
// bytes the range covers, be signed by the certificate it names, and bind that certificate through
// its signing-certificate attribute. The PDF structure is read with @libpdf/core's parser, the CMS
// with pkijs. Also the packet as it was before anyone signed it, to compare with the one issued.
import { createHash } from 'node:crypto';
import { PDF, PdfNumber, type PdfDict } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { readEfirmaCertificate, type EfirmaCertificate } from '../../forms/efirma/certificate';
import { webCrypto } from './pkijs-engine';

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha1: '1.3.14.3.2.26',
};
/** The digests a signature may use: SHA-1 is not accepted. */
const DIGESTS: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/**
 * Why a signature does not hold: its byte range or CMS cannot be read ('malformed'), a digest
 * other than SHA-2, the covered bytes changed after signing ('digest-mismatch'), a signature value
 * that the certificate's key did not make ('bad-signature'), or no signing-certificate attribute
 * naming the certificate it carries ('signing-certificate').
 */
export type SignatureProblem = 'malformed' | 'unsupported-digest' | 'digest-mismatch' | 'bad-signature' | 'signing-certificate';

export interface PdfSignature {
  /** The signature field's name. */
  field: string;
  byteRange: [number, number, number, number];
  /** Where the bytes it signs end: the end of the revision it was added in. */
  signedLength: number;
  /** Whether it covers the file to its last byte (nothing was appended after it). */
  coversWholeFile: boolean;
  subFilter: string;
  /** The signer's certificate, DER; null when the CMS names none it carries. */
  certificateDer: Uint8Array | null;
  /** The same read as a SAT certificate; null when it is not one (no RFC). */
  certificate: EfirmaCertificate | null;
  /** The signing time of its signed attributes, else of the signature dictionary's /M; null without either. */
  signingTime: Date | null;
  /** null when the signature holds. */
  problem: SignatureProblem | null;
}

const sha = (algorithm: string, ...parts: Uint8Array[]) => {
  const hash = createHash(algorithm);
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};
const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);
const viewOf = (value: { valueBlock: { valueHexView: Uint8Array } }) => new Uint8Array(value.valueBlock.valueHexView);

/** A PDF date ('D:20261126151046Z', 'D:20261126091046-06'00'') as a Date; null when it is not one. */
export function pdfDate(text: string): Date | null {
  const match = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(text.trim());
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', sign, offsetHours = '00', offsetMinutes = '00'] = match;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const offset = sign === '+' || sign === '-' ? (sign === '+' ? 1 : -1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000 : 0;
  const date = new Date(utc - offset);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A signed attribute's first value, read again with this module's asn1js (so instanceof holds whichever copy pkijs uses). */
function attributeValue(signer: pkijs.SignerInfo, oid: string): asn1js.AsnType | null {
  const value = signer.signedAttrs?.attributes.find((attribute) => attribute.type === oid)?.values[0] as { toBER(): ArrayBuffer } | undefined;
  if (!value) return null;
  const reread = asn1js.fromBER(value.toBER());
  return reread.offset === -1 ? null : reread.result;
}

/** Whether the signing-certificate attribute (v2, or v1 with SHA-1) names this certificate. */
function bindsCertificate(signer: pkijs.SignerInfo, certificateDer: Uint8Array): boolean {
  const v2 = attributeValue(signer, OID.signingCertificateV2);
  const v1 = attributeValue(signer, OID.signingCertificate);
  const value = v2 ?? v1;
  if (!(value instanceof asn1js.Sequence)) return false;
  const certs = value.valueBlock.value[0];
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : null;
  if (!(first instanceof asn1js.Sequence)) return false;
  const [head, next] = first.valueBlock.value;
  let algorithm = v2 ? 'sha256' : 'sha1';
  let hash = head;
  // ESSCertIDv2: hashAlgorithm is optional (SHA-256 when absent).
  if (v2 && head instanceof asn1js.Sequence) {
    const oid = (head.valueBlock.value[0] as asn1js.ObjectIdentifier | undefined)?.valueBlock.toString();
    const named = oid === OID.sha1 ? 'sha1' : oid ? DIGESTS[oid] : undefined;
    if (!named) return false;
    algorithm = named;
    hash = next;
  }
  return hash instanceof asn1js.OctetString && equalBytes(viewOf(hash), sha(algorithm, certificateDer));
}

function signingTimeOf(signer: pkijs.SignerInfo, dictionary: PdfDict): Date | null {
  const value = attributeValue(signer, OID.signingTime);
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) return value.toDate();
  const m = dictionary.getString('M');
  return m ? pdfDate(new TextDecoder('latin1').decode(m.bytes)) : null;
}

/** The four integers of a /ByteRange that leaves out exactly a hex string; null otherwise. */
function byteRangeOf(dictionary: PdfDict, pdf: Uint8Array): [number, number, number, number] | null {
  const array = dictionary.getArray('ByteRange');
  if (!array || array.length !== 4) return null;
  const numbers = [0, 1, 2, 3].map((i) => {
    const item = array.at(i);
    return item instanceof PdfNumber ? item.value : NaN;
  });
  if (!numbers.every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
  const [start, firstLength, second, secondLength] = numbers as [number, number, number, number];
  if (start !== 0 || firstLength === 0 || second <= firstLength + 1 || second + secondLength > pdf.length) return null;
  // The gap is the /Contents value itself: '<', hex digits, '>'.
  if (pdf[firstLength] !== 0x3c || pdf[second - 1] !== 0x3e) return null;
  for (let i = firstLength + 1; i < second - 1; i++) {
    const byte = pdf[i]!;
    const hex = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
    if (!hex) return null;
  }
  return [start, firstLength, second, secondLength];
}

async function checkSignature(pdf: Uint8Array, field: string, dictionary: PdfDict): Promise<PdfSignature> {
  const subFilter = dictionary.getName('SubFilter')?.value ?? '';
  const byteRange = byteRangeOf(dictionary, pdf);
  const base = { field, subFilter, certificateDer: null, certificate: null, signingTime: null };
  if (!byteRange) return { ...base, byteRange: [0, 0, 0, 0], signedLength: 0, coversWholeFile: false, problem: 'malformed' };
  const signedLength = byteRange[2] + byteRange[3];
  const ranged = { ...base, byteRange, signedLength, coversWholeFile: signedLength === pdf.length };

  // The CMS: the DER at the start of /Contents, the rest zero padding; /Contents is what the gap holds.
  const contents = dictionary.getString('Contents')?.bytes;
  const gap = Buffer.from(pdf.subarray(byteRange[1] + 1, byteRange[2] - 1)).toString('latin1').toLowerCase();
  if (!contents || Buffer.from(contents).toString('hex') !== gap) return { ...ranged, problem: 'malformed' };
  const asn1 = asn1js.fromBER(contents.slice().buffer);
  if (asn1.offset === -1) return { ...ranged, problem: 'malformed' };
  let signedData: pkijs.SignedData;
  try {
    const info = pkijs.ContentInfo.fromBER(contents.slice(0, asn1.offset).buffer);
    if (info.contentType !== OID.signedData) return { ...ranged, problem: 'malformed' };
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch {
    return { ...ranged, problem: 'malformed' };
  }
  const signer = signedData.signerInfos.length === 1 ? signedData.signerInfos[0]! : null;
  if (!signer || !(signer.sid instanceof pkijs.IssuerAndSerialNumber)) return { ...ranged, problem: 'malformed' };
  const sid = signer.sid;
  const signerCertificate = (signedData.certificates ?? []).find(
    (candidate): candidate is pkijs.Certificate =>
      candidate instanceof pkijs.Certificate && candidate.issuer.isEqual(sid.issuer) && candidate.serialNumber.isEqual(sid.serialNumber),
  );
  const certificateDer = signerCertificate ? new Uint8Array(signerCertificate.toSchema().toBER(false)) : null;
  let certificate: EfirmaCertificate | null = null;
  if (certificateDer) {
    try {
      certificate = readEfirmaCertificate(certificateDer);
    } catch {
      certificate = null;
    }
  }
  const described = { ...ranged, certificateDer, certificate, signingTime: signingTimeOf(signer, dictionary) };
  if (!certificateDer) return { ...described, problem: 'malformed' };

  const digest = DIGESTS[signer.digestAlgorithm.algorithmId];
  if (!digest) return { ...described, problem: 'unsupported-digest' };
  const covered = [pdf.subarray(0, byteRange[1]), pdf.subarray(byteRange[2], signedLength)];
  const messageDigest = attributeValue(signer, OID.messageDigest);
  if (!(messageDigest instanceof asn1js.OctetString)) return { ...described, problem: 'malformed' };
  if (!equalBytes(viewOf(messageDigest), sha(digest, ...covered))) return { ...described, problem: 'digest-mismatch' };

  const data = new Uint8Array(byteRange[1] + byteRange[3]);
  data.set(covered[0]!, 0);
  data.set(covered[1]!, byteRange[1]);
  let verified = false;
  try {
    const result = await signedData.verify({ signer: 0, data: data.buffer, extendedMode: true, checkChain: false }, webCrypto());
    verified = result.signatureVerified === true;
  } catch {
    verified = false;
  }
  if (!verified) return { ...described, problem: 'bad-signature' };
  if (!bindsCertificate(signer, certificateDer)) return { ...described, problem: 'signing-certificate' };
  return { ...described, problem: null };
}

export class TooManySignaturesError extends Error {}

/**
 * Every signature of the PDF, in the order they were added (by where the bytes they sign end);
 * none for a PDF without signature fields. Throws when the bytes are not a PDF, and
 * TooManySignaturesError, before hashing any, when it has more than `max` signature fields.
 */
export async function readPdfSignatures(pdf: Uint8Array, max = Infinity): Promise<PdfSignature[]> {
  const document = await PDF.load(pdf, { lenient: false });
  const fields = document.getForm()?.getSignatureFields() ?? [];
  if (fields.length > max) throw new TooManySignaturesError();
  const signatures: PdfSignature[] = [];
  for (const field of fields) {
    if (!field.isSigned()) continue;
    const dictionary = field.getSignatureDict();
    if (!dictionary) continue;
    signatures.push(await checkSignature(pdf, field.name, dictionary));
  }
  return signatures.sort((a, b) => a.signedLength - b.signedLength);
}

const EOF_MARKER = [0x25, 0x25, 0x45, 0x4f, 0x46]; // %%EOF

/**
 * The PDF as it was before its first signature was added: its bytes up to the last %%EOF (and the
 * line end after it) before that signature's /Contents, with their SHA-256 in hex. The server
 * compares them with the packet it issued. null when no signature, or no %%EOF before it.
 */
export function unsignedOriginal(pdf: Uint8Array, signatures: Pick<PdfSignature, 'byteRange'>[]): { length: number; sha256: string } | null {
  const gaps = signatures.map((signature) => signature.byteRange[1]).filter((gap) => gap > 0);
  if (gaps.length === 0) return null;
  const before = Math.min(...gaps);
  for (let i = before - EOF_MARKER.length; i >= 0; i--) {
    if (!EOF_MARKER.every((byte, k) => pdf[i + k] === byte)) continue;
    let end = i + EOF_MARKER.length;
    if (pdf[end] === 0x0d) end++;
    if (pdf[end] === 0x0a) end++;
    return { length: end, sha256: Buffer.from(sha('sha256', pdf.subarray(0, end))).toString('hex') };
  }
  return null;
}

