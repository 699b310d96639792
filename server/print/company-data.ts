// Reads the company data of the printed forms, seeding the missing rows from configuration: what
// the database holds wins, so a revision changed there prints without a new release.
import type { Db } from '../db/database';
import { FORM_KEYS, type PrintCompany } from '../../forms/print/company';

export interface CompanyData {
  /** The data as stored; rows missing from the database are written from `defaults` first. */
  read(): Promise<PrintCompany>;
}

export function createCompanyData(db: Db, defaults: PrintCompany): CompanyData {
  let seeded: Promise<void> | undefined;
  const seed = async () => {
    const companies = (['sofom', 'generic'] as const).map((role) => ({ role, ...defaults[role] }));
    const forms = FORM_KEYS.map((form_key) => ({ form_key, ...defaults.forms[form_key] }));
    await db.insertInto('print_company').values(companies).onConflict((c) => c.column('role').doNothing()).execute();
    await db.insertInto('print_form').values(forms).onConflict((c) => c.column('form_key').doNothing()).execute();
  };
  return {
    async read() {
      seeded ??= seed().catch((error: unknown) => {
        seeded = undefined;
        throw error;
      });
      await seeded;
      const [companies, forms] = await Promise.all([db.selectFrom('print_company').selectAll().execute(), db.selectFrom('print_form').selectAll().execute()]);
      const company = (role: string) => {
        const row = companies.find((c) => c.role === role)!;
        return { empresa_razon_social: row.empresa_razon_social, empresa_razon_social_clave: row.empresa_razon_social_clave };
      };
      const issue = (key: string) => {
        const row = forms.find((f) => f.form_key === key)!;
        return { codigo_formato: row.codigo_formato, revision: row.revision, fecha_emision: row.fecha_emision };
      };
      return {
        sofom: company('sofom'),
        generic: company('generic'),
        forms: Object.fromEntries(FORM_KEYS.map((key) => [key, issue(key)])) as PrintCompany['forms'],
      };
    },
  };
}
