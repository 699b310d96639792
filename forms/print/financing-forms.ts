// The financing application of a packet (spec 02 §2): FO-PRO-014 for a natural person, FO-PRO-015
// with business activity, FO-PRO-016 for a legal entity, for the applicant or a guarantor of the
// same person type. The data sections come from financing-natural-person.ts and
// financing-legal-entity.ts; here, the title, and the declaration, place, date and signature that close it.
import { fullName } from '../person-name';
import { PERSON_TYPE_PF, PERSON_TYPE_PFAE, PERSON_TYPE_PM } from '../options';
import type { FormKey } from './company';
import { formHeader, type PrintContext } from './form-header';
import { longDate } from './format';
import { legalEntityBlocks } from './financing-legal-entity';
import { naturalPersonBlocks } from './financing-natural-person';
import type { Block, PrintForm } from './packet-model';
import { paragraph, SIGNING_PLACE } from './legal-text';

export const FINANCING_TITLE = 'Solicitud de financiamiento';
export const GUARANTOR_FINANCING_TITLE = 'Solicitud de financiamiento — Aval (obligado solidario)';

const FORM_KEY_BY_PERSON_TYPE: Record<string, FormKey> = {
  [PERSON_TYPE_PF]: 'financing_pf',
  [PERSON_TYPE_PFAE]: 'financing_pfae',
  [PERSON_TYPE_PM]: 'financing_pm',
};


/** 'Guadalajara, Jalisco, México, a 23 de Noviembre de 2026'. */
const signedAt = (context: PrintContext) => `${SIGNING_PLACE}, a ${longDate(context.today)}`;

/** The natural person's statement: short, in the first person, as the wizard's 'Leyenda de veracidad'. */
function naturalPersonDeclaration(company: string, guarantor: boolean) {
  const opening = guarantor ? 'En mi carácter de aval (obligado solidario), declaro' : 'Declaro';
  return (
    `${opening} bajo protesta de decir verdad que los datos asentados en esta solicitud son verdaderos y que los documentos ` +
    `que presento son auténticos. Autorizo a ${company} a verificar esta información por los medios que considere necesarios ` +
    'y me comprometo a informarle de cualquier cambio en ella.'
  );
}

/** The legal entity's statement, signed by its representative: articles 112 and 115 of the Ley de Instituciones de Crédito. */
function legalEntityDeclaration(company: string, guarantor: boolean) {
  const role = guarantor ? 'que se constituye como aval (obligado solidario)' : 'solicitante';
  return (
    `Quien suscribe, en representación de la persona moral ${role}, declara bajo protesta de decir verdad que cuenta con ` +
    'facultades suficientes para firmar esta solicitud y que los datos asentados en ella y los documentos que la acompañan son ' +
    'verdaderos, completos y vigentes. Manifiesta conocer que el artículo 112 de la Ley de Instituciones de Crédito sanciona a ' +
    'quien, con el propósito de obtener un crédito, proporcione datos falsos sobre su situación o la de la persona que representa. ' +
    `Asimismo, acepta que ${company} utilice esta información para cumplir con las disposiciones de carácter general en materia de ` +
    'prevención de operaciones con recursos de procedencia ilícita y de financiamiento al terrorismo emitidas con fundamento en el ' +
    'artículo 115 de la misma ley, y se obliga a informarle de cualquier cambio en los datos proporcionados.'
  );
}

/** The signer under the line: the person's name, or its role while the name is not filled in. */
function naturalPersonSigner(model: Record<string, unknown>, guarantor: boolean) {
  return fullName(model) || (guarantor ? 'Nombre y firma del aval' : 'Nombre y firma del solicitante');
}

/** The financing form of an applicant or guarantor, by its `tipo_persona`; a model of another type is refused. */
export function financingForm(model: Record<string, unknown>, context: PrintContext): PrintForm {
  const tipo = model.tipo_persona;
  const key = typeof tipo === 'string' ? FORM_KEY_BY_PERSON_TYPE[tipo] : undefined;
  if (!key) throw new Error(`No financing form for the person type '${String(tipo)}'`);
  const guarantor = model.clasificacion === 'Obligado';
  const company = context.company.sofom.empresa_razon_social;
  const header = formHeader(context, key, guarantor ? GUARANTOR_FINANCING_TITLE : FINANCING_TITLE);
  const closing = (declaration: string, signer: string): Block[] => [
    paragraph(declaration),
    paragraph(signedAt(context)),
    { kind: 'signatures', signers: [signer] },
  ];
  if (key === 'financing_pm') {
    return {
      header,
      blocks: [...legalEntityBlocks(model, { guarantor }), ...closing(legalEntityDeclaration(company, guarantor), 'Nombre y firma del representante legal')],
    };
  }
  return {
    header,
    blocks: [
      ...naturalPersonBlocks(model, { businessActivity: key === 'financing_pfae', guarantor }),
      ...closing(naturalPersonDeclaration(company, guarantor), naturalPersonSigner(model, guarantor)),
    ],
  };
}
