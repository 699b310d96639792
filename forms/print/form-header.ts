// Every form's header (spec 02 §2): its title, and the code, revision and issue date of the company
// data, with the legal name of the company that issues it.
import type { Company, FormKey, PrintCompany } from './company';
import type { FormHeader } from './packet-model';

/** What every form of a packet is laid out with: the company data and the day it prints. */
export interface PrintContext {
  company: PrintCompany;
  /** The day the packet is printed: the date the forms carry (the PM form's 'día de Mes de año'). */
  today: Date;
}

export function formHeader(context: PrintContext, key: FormKey, title: string, issuer: Company = context.company.sofom): FormHeader {
  const issue = context.company.forms[key];
  return { title, code: issue.codigo_formato, revision: issue.revision, issued: issue.fecha_emision, company: issuer.empresa_razon_social };
}
