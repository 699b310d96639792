// What the server checks of a signed packet before keeping it (README, "e.firma"): every signature
// holds and the last covers the whole file; the bytes before the first signature are a packet the
// server issued for this application; a packet already signed is extended by exactly one signature;
// the new signer's certificate is an e.firma (not a CSD), valid when it signed, signed about now,
// issued through the SAT's chain when SAT_CA_DIR is configured, and its RFC one the application
// names. Each refusal is an ApiError with its Spanish message; nothing here stores anything.
import { EFIRMA_REFUSALS, SIGNING_TIME_TOLERANCE_MS } from '../../forms/contracts/efirma';
import type { EfirmaCertificate } from '../../forms/efirma/certificate';
import { certificateDay, certificateValidity } from '../../forms/efirma/certificate-validity';
import type { SignerRole } from '../../forms/efirma/signer-rule';
import { ApiError } from '../api-error';
import { verifyCertificateChain } from './certificate-chain';
import { readPdfSignatures, TooManySignaturesError, unsignedOriginal, type PdfSignature } from './pdf-signatures';

export interface SignedPacketContext {
  /** The signed PDF kept after the last signature, and how many signatures it holds; null before the first. */
  stored: { bytes: Uint8Array; signatures: number } | null;
  /** The packets the server issued for the application since its last change (length and SHA-256). */
  issued: Array<{ length: number; sha256: string }>;
  /** SAT_CA_DIR's certificates; null when it is not configured (the chain is not checked). */
  trusted: Uint8Array[] | null;
  /** The new signer's role for the certificate's RFC, null when the application does not name it. */
  roleOf(rfc: string): SignerRole | null;
  /** The RFCs that signed already. */
  signedBy: string[];
  isCompany: boolean;
  now: Date;
}

export interface AcceptedSignature {
  signature: PdfSignature & { signingTime: Date };
  certificate: EfirmaCertificate;
  role: SignerRole;
  chainChecked: boolean;
}

const refuse = (message: string, code: string, status = 422) => new ApiError(status, message, code);

const startsWith = (bytes: Uint8Array, prefix: Uint8Array) => bytes.length >= prefix.length && Buffer.from(bytes.buffer, bytes.byteOffset, prefix.length).equals(prefix);

const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * What one signature may add to the packet it signs: its dictionary, its /Contents (a CMS with the
 * signer's certificate, about 25 KB with the SAT's chain) and the updated cross-reference. An upload
 * adding more is refused before it is parsed, so a crafted file (a compressed stream that inflates to
 * gigabytes) cannot hold the server; one with more signature fields than expected is refused before
 * any is hashed.
 */
export const SIGNATURE_ADDS_AT_MOST = 64 * 1024;

/**
 * The length of what the upload is to extend: the stored signed PDF, or else the longest packet issued
 * for the application that it could start with; null when it is shorter than any.
 */
function baseLength(pdf: Uint8Array, context: SignedPacketContext): number | null {
  if (context.stored) return context.stored.bytes.length;
  const lengths = context.issued.map(({ length }) => length).filter((length) => length <= pdf.length);
  return lengths.length > 0 ? Math.max(...lengths) : null;
}

/** The new signature of `pdf`, once everything above holds. */
export async function checkSignedPacket(pdf: Uint8Array, context: SignedPacketContext): Promise<AcceptedSignature> {
  if (!startsWith(pdf, PDF_MAGIC)) throw refuse(EFIRMA_REFUSALS.notPdf, 'not_pdf');
  const base = baseLength(pdf, context);
  if (base === null) throw refuse(EFIRMA_REFUSALS.notThisApplication, 'not_this_application');
  if (pdf.length - base > SIGNATURE_ADDS_AT_MOST) throw refuse(EFIRMA_REFUSALS.oneSignature, 'one_signature_per_upload');
  const expected = (context.stored?.signatures ?? 0) + 1;
  let signatures: PdfSignature[];
  try {
    signatures = await readPdfSignatures(pdf, expected);
  } catch (error) {
    if (error instanceof TooManySignaturesError) throw refuse(EFIRMA_REFUSALS.oneSignature, 'one_signature_per_upload');
    throw refuse(EFIRMA_REFUSALS.notPdf, 'not_pdf');
  }
  if (signatures.length === 0) throw refuse(EFIRMA_REFUSALS.unsigned, 'unsigned');
  const problem = signatures.find((signature) => signature.problem !== null);
  if (problem?.problem === 'unsupported-digest') throw refuse(EFIRMA_REFUSALS.unsupportedDigest, 'unsupported_digest');
  if (problem) throw refuse(EFIRMA_REFUSALS.changed, 'signature_invalid');
  const last = signatures.at(-1)!;
  if (!last.coversWholeFile) throw refuse(EFIRMA_REFUSALS.notWhole, 'changed_after_signing');

  const original = unsignedOriginal(pdf, signatures);
  if (!original || !context.issued.some(({ length, sha256 }) => length === original.length && sha256 === original.sha256)) {
    throw refuse(EFIRMA_REFUSALS.notThisApplication, 'not_this_application');
  }
  const { stored } = context;
  if (stored && !startsWith(pdf, stored.bytes)) throw refuse(EFIRMA_REFUSALS.notFromStored, 'not_from_stored', 409);
  if (signatures.length !== expected || (stored && last.byteRange[1] < stored.bytes.length)) {
    throw refuse(EFIRMA_REFUSALS.oneSignature, 'one_signature_per_upload');
  }

  const certificate = last.certificate;
  if (!certificate || !last.certificateDer) throw refuse(EFIRMA_REFUSALS.noCertificate, 'not_sat_certificate');
  if (certificate.kind === 'csd') throw refuse(EFIRMA_REFUSALS.csd, 'csd');
  const signingTime = last.signingTime;
  if (!signingTime || Math.abs(signingTime.getTime() - context.now.getTime()) > SIGNING_TIME_TOLERANCE_MS) throw refuse(EFIRMA_REFUSALS.signingTime, 'signing_time');
  const validity = certificateValidity(certificate, signingTime);
  if (validity === 'expired') throw refuse(EFIRMA_REFUSALS.expired(certificateDay(certificate.notAfter)), 'certificate_expired');
  if (validity === 'not-yet-valid') throw refuse(EFIRMA_REFUSALS.notYetValid(certificateDay(certificate.notBefore)), 'certificate_not_yet_valid');
  if (context.trusted) {
    const chain = await verifyCertificateChain(last.certificateDer, context.trusted, signingTime);
    if (!chain.trusted) throw refuse(EFIRMA_REFUSALS.untrusted, 'certificate_untrusted');
  }
  const role = context.roleOf(certificate.rfc);
  if (!role) throw refuse(context.isCompany ? EFIRMA_REFUSALS.wrongSignerPm(certificate.rfc) : EFIRMA_REFUSALS.wrongSigner(certificate.rfc), 'wrong_signer');
  if (context.signedBy.includes(certificate.rfc)) throw refuse(EFIRMA_REFUSALS.alreadySigned, 'already_signed', 409);
  return { signature: { ...last, signingTime }, certificate, role, chainChecked: context.trusted !== null };
}
