// Who may sign an application's packet with an e.firma, and when. Read from the application: a natural
// person (PF, PFAE) signs with an e.firma of their own RFC; a company (PM) with its own e.firma
// (held by its representative), or a legal representative listed in the application with theirs,
// and each of its guarantors with theirs (a company guarantor also through its representatives).
// And only while the certificate is valid.
import { printedPerson } from '../print/printed-person';
import type { SIGNER_ROLES } from '../contracts/efirma';
import { shortDate } from '../print/format';
import type { EfirmaCertificate } from './certificate';

export type SignerRole = (typeof SIGNER_ROLES)[number];

type Model = Record<string, unknown>;

const clean = (rfc: unknown) => (typeof rfc === 'string' ? rfc.trim().toUpperCase() : '');

/** The RFCs of the legal representatives listed in a PM model. */
function representativeRfcs(model: Model): string[] {
  const list = Array.isArray(model.representantes) ? (model.representantes as unknown[]) : [];
  return list.map((item) => clean((item as Model | null)?.rfc)).filter(Boolean);
}

/** The signer's role when `rfc` (the certificate's) may sign the application's packet; null when it may not. */
export function signerRole(application: Model, guarantors: Model[], rfc: string): SignerRole | null {
  const signer = clean(rfc);
  if (signer === '') return null;
  const own = clean(printedPerson(application).rfc);
  if (own !== '' && signer === own) return 'solicitante';
  if (printedPerson(application).kind !== 'PM') return null;
  if (representativeRfcs(application).includes(signer)) return 'representante';
  for (const guarantor of guarantors) {
    const person = printedPerson(guarantor);
    if (clean(person.rfc) === signer || (person.kind === 'PM' && representativeRfcs(guarantor).includes(signer))) return 'aval';
  }
  return null;
}

export type CertificateValidity = 'valid' | 'expired' | 'not-yet-valid';

/** Whether the certificate is within its validity at `at`. */
export function certificateValidity(certificate: Pick<EfirmaCertificate, 'notBefore' | 'notAfter'>, at: Date): CertificateValidity {
  if (at.getTime() < certificate.notBefore.getTime()) return 'not-yet-valid';
  if (at.getTime() > certificate.notAfter.getTime()) return 'expired';
  return 'valid';
}

/** The day a certificate's validity starts or ends, as the dialog and the server's refusals say it (UTC, dd/MM/yyyy). */
export const certificateDay = (date: Date) => shortDate(date.toISOString().slice(0, 10));
