// The addresses of an application: its wizard and its print view (spec 02 §2). Shared by the
// browser's routes, the staff lists' links and the links the e-mails carry.

/** The wizards of an applicant, and the print view each has. */
export type ApplicantWizard = 'pf' | 'pfae' | 'pm';
/** A stored record's wizard: an applicant's or a guarantor's (aval…). */
export type StoredWizard = ApplicantWizard | `aval${ApplicantWizard}`;

export const APPLICANT_WIZARDS = ['pf', 'pfae', 'pm'] as const satisfies readonly ApplicantWizard[];

/** '/pf/{uuid}': the wizard that opens the record. */
export const wizardPath = (wizard: StoredWizard, uuid: string) => `/${wizard}/${encodeURIComponent(uuid)}`;

/** '/printPF', the print view of an applicant's wizard; a guarantor prints with its PM. */
export const printBase = (wizard: ApplicantWizard) => `/print${wizard.toUpperCase()}`;

/** '/printPF/{uuid}'. */
export const printPath = (wizard: ApplicantWizard, uuid: string) => `${printBase(wizard)}/${encodeURIComponent(uuid)}`;

/** The applicant's wizard of a person type (spec's tipo_persona); null when it has none. */
export function wizardOfPersonType(tipoPersona: string): ApplicantWizard | null {
  if (tipoPersona === 'Física') return 'pf';
  if (tipoPersona === 'Moral') return 'pm';
  return tipoPersona ? 'pfae' : null;
}

/** The wizard path that opens a record of a person type (spec 01 §2 'Unfinished registrations list'). */
export function wizardRouteFor(tipoPersona: string, uuid: string): string | null {
  const wizard = wizardOfPersonType(tipoPersona);
  return wizard ? wizardPath(wizard, uuid) : null;
}
