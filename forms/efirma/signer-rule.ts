// Who may sign an application's packet with an e.firma, read from the application: a natural
// person (PF, PFAE) signs with an e.firma of their own RFC; a company (PM) with its own e.firma
// (held by its representative), or a legal representative listed in the application with theirs,
// and each of its guarantors with theirs (a company guarantor also through its representatives).
import { printedPerson } from '../print/printed-person';
import type { SIGNER_ROLES } from '../contracts/efirma';

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
