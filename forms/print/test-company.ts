// The company data of the seeded defaults, for tests and benchmarks of the packet.
import type { PrintCompany } from './company';

const issue = (codigo_formato: string, revision = '1', fecha_emision = '01/09/2025') => ({ codigo_formato, revision, fecha_emision });

export const TEST_COMPANY: PrintCompany = {
  sofom: { empresa_razon_social: 'Arrendadora Occidente, S.A. de C.V., SOFOM, E.N.R.', empresa_razon_social_clave: 'AOCC' },
  generic: { empresa_razon_social: 'Occidente Arrendamiento Comercial, S.A. de C.V.', empresa_razon_social_clave: 'OAC' },
  forms: {
    financing_pf: issue('FO-PRO-014'),
    financing_pfae: issue('FO-PRO-015'),
    financing_pm: issue('FO-PRO-016'),
    authorisation_sofom: issue('PRO-FT-006', '3'),
    authorisation_generic: issue('PRO-FT-006', '3'),
    bureau_pf: issue('FO-PRO-008'),
    bureau_pm: issue('FO-PRO-010'),
    privacy: issue('FO-DIC-012'),
  },
};
