// The company data every form's header carries (spec 02 §2): the two companies the credit-report
// authorisations are given to, and each form's code, revision and issue date. Kept in the database
// (server/print/company-data.ts), seeded from configuration; nothing here is a default.

/** The forms of the packets, by what they are. */
export const FORM_KEYS = [
  'financing_pf',
  'financing_pfae',
  'financing_pm',
  'authorisation_sofom',
  'authorisation_generic',
  'bureau_pf',
  'bureau_pm',
  'privacy',
] as const;
export type FormKey = (typeof FORM_KEYS)[number];

/** One form's identity as printed in its header. */
export interface FormIssue {
  codigo_formato: string;
  revision: string;
  /** dd/mm/aaaa */
  fecha_emision: string;
}

export interface Company {
  empresa_razon_social: string;
  empresa_razon_social_clave: string;
}

export interface PrintCompany {
  /** The company whose key is the configured {product}: a SOFOM E.N.R., the packet's issuer. */
  sofom: Company;
  /** The second company, a commercial company, authorised with the generic variant. */
  generic: Company;
  forms: Record<FormKey, FormIssue>;
}
