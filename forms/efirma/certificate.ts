// Reads a SAT certificate (the `.cer` of an e.firma or of a CSD) into what the signing dialog shows
// and the server checks: holder, RFC, CURP, the serial number as the SAT prints it, validity, and
// whether it is an e.firma or a CSD. The SAT's layout: the holder's RFC in x500UniqueIdentifier
// (2.5.4.45) and CURP in serialNumber (2.5.4.5); a company's certificate carries 'RFC / RFC of its
// representative' and ' / CURP of its representative'; a CSD, the certificate for invoices, names a
// branch in OU (an e.firma has no OU); the serial is the ASCII of 20 digits.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { EfirmaCertificateError } from './problems';

const OID = {
  commonName: '2.5.4.3',
  name: '2.5.4.41',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  uniqueIdentifier: '2.5.4.45',
  serialNumber: '2.5.4.5',
} as const;

const RFC = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/;
const DIGITS = /^\d+$/;

export type EfirmaCertificateKind = 'efirma' | 'csd';

export interface EfirmaCertificate {
  /** The holder's name: a person's, or the company's. */
  holderName: string;
  /** The holder's RFC: 13 characters for a person, 12 for a company. */
  rfc: string;
  /** A company's: its legal representative's RFC, who holds the certificate. */
  representativeRfc: string | null;
  /** A person's CURP, or a company representative's; null when the certificate carries none. */
  curp: string | null;
  /** The serial number as the SAT prints it ('00001000000504465028'); in hex when it is not digits. */
  serial: string;
  notBefore: Date;
  notAfter: Date;
  /** 'csd' for a certificado de sello digital (invoices), which cannot sign the packet. */
  kind: EfirmaCertificateKind;
  /** The issuer's common name. */
  issuer: string;
  /** The certificate, DER. */
  der: Uint8Array;
}

/** The DER of a `.cer`: as the SAT gives it, or PEM. */
function derOf(bytes: Uint8Array): Uint8Array {
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, 64));
  if (!text.includes('-----BEGIN')) return bytes;
  const body = new TextDecoder('latin1').decode(bytes).match(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/)?.[1];
  if (!body) throw new EfirmaCertificateError('not-a-certificate');
  try {
    return Uint8Array.from(atob(body.replace(/\s+/g, '')), (char) => char.charCodeAt(0));
  } catch {
    throw new EfirmaCertificateError('not-a-certificate');
  }
}

/** A parsed certificate from its DER; throws EfirmaCertificateError when it is not one. */
export function parseX509(der: Uint8Array): pkijs.Certificate {
  // Copies: pkijs compares values by their whole buffer (PKI.js issue 382).
  const asn1 = asn1js.fromBER(der.slice().buffer);
  if (asn1.offset === -1 || asn1.offset !== der.length) throw new EfirmaCertificateError('not-a-certificate');
  try {
    return pkijs.Certificate.fromBER(der.slice().buffer);
  } catch {
    throw new EfirmaCertificateError('not-a-certificate');
  }
}

const attribute = (name: pkijs.RelativeDistinguishedNames, oid: string): string | null => {
  const value = name.typesAndValues.find((entry) => entry.type === oid)?.value as { valueBlock?: { value?: unknown } } | undefined;
  return typeof value?.valueBlock?.value === 'string' ? value.valueBlock.value : null;
};

/** ' A / B ' → ['A', 'B']: the parts the SAT separates with a slash, trimmed. */
const parts = (value: string | null) => (value ?? '').split('/').map((part) => part.trim());

/** The serial number as the SAT prints it: its bytes are the ASCII of its digits. */
export function satSerial(serialBytes: Uint8Array): string {
  const ascii = String.fromCharCode(...serialBytes);
  if (DIGITS.test(ascii)) return ascii;
  return Array.from(serialBytes, (byte) => byte.toString(16).padStart(2, '0')).join('').toUpperCase();
}

/** Reads a `.cer` (DER or PEM); throws EfirmaCertificateError for a file that is not a SAT certificate. */
export function readEfirmaCertificate(bytes: Uint8Array): EfirmaCertificate {
  const der = derOf(bytes);
  const certificate = parseX509(der);
  const subject = certificate.subject;
  const [rfc = '', representativeRfc = ''] = parts(attribute(subject, OID.uniqueIdentifier));
  if (!RFC.test(rfc)) throw new EfirmaCertificateError('not-a-sat-certificate');
  const [holderCurp = '', representativeCurp = ''] = parts(attribute(subject, OID.serialNumber));
  return {
    holderName: (attribute(subject, OID.name) ?? attribute(subject, OID.commonName) ?? attribute(subject, OID.organization) ?? '').trim(),
    rfc,
    representativeRfc: RFC.test(representativeRfc) ? representativeRfc : null,
    curp: holderCurp || representativeCurp || null,
    serial: satSerial(new Uint8Array(certificate.serialNumber.valueBlock.valueHexView)),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    kind: (attribute(subject, OID.organizationalUnit) ?? '').trim() === '' ? 'efirma' : 'csd',
    issuer: attribute(certificate.issuer, OID.commonName) ?? '',
    der: der.slice(),
  };
}
