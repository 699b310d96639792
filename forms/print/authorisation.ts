// The credit-report authorisation (spec 02 §2, PRO-FT-006): one person allows a company to obtain
// their credit information from the credit information companies. It prints twice, once per company:
// the SOFOM E.N.R. variant first, then the one for commercial companies and financial entities. A
// natural person signs the PF-style text; a legal entity (through its legal representative) and a
// natural person with business activity sign the PM-style one.
import type { Company, FormKey } from './company';
import { formHeader, type PrintContext } from './form-header';
import { bold, nameRun, paragraph, personRows, placeAndDate, signatures } from './legal-text';
import { heading, type Block, type PrintForm, type TextRun } from './packet-model';
import { printedPerson, type PrintedPerson } from './printed-person';

export const AUTHORISATION_TITLE = 'Autorización para solicitar reportes de crédito';

/** The notice that each person fills their own authorisation (spec 02 §2). */
export const SINGLE_PERSON_NOTICE = 'Esta autorización se llena de forma individual, para una sola persona.';

interface Variant {
  key: FormKey;
  issuer: (context: PrintContext) => Company;
  /** Whom the format is for, printed under the title. */
  audience: string;
  /** The capacity in which the company asks for the reports. */
  capacity: string;
}

const VARIANTS: readonly Variant[] = [
  {
    key: 'authorisation_sofom',
    issuer: (context) => context.company.sofom,
    audience: 'Formato para sociedades financieras de objeto múltiple, entidades no reguladas',
    capacity: 'en su carácter de sociedad financiera de objeto múltiple, entidad no regulada',
  },
  {
    key: 'authorisation_generic',
    issuer: (context) => context.company.generic,
    audience: 'Formato para empresas comerciales y entidades financieras',
    capacity: 'en su carácter de empresa comercial o entidad financiera',
  },
];

const VALIDITY = bold('3 (tres) años contados a partir de la fecha de su firma');

/** The text a natural person (Física) signs in the first person. */
function naturalPersonText(person: PrintedPerson, company: TextRun, capacity: string): Block[] {
  return [
    paragraph(
      'Yo, ',
      nameRun(person.name),
      ', por mi propio derecho, autorizo expresamente a ',
      company,
      ` (en lo sucesivo, «la Empresa»), que actúa ${capacity}, para que, a través de su personal facultado, solicite y obtenga `,
      'de las sociedades de información crediticia que estime pertinentes la información relativa a mi historial y a mi comportamiento crediticio.',
    ),
    paragraph(
      'Declaro que se me explicó, y que comprendo, la naturaleza y el alcance de la información que la Empresa obtendrá, y que esta se ',
      'utilizará exclusivamente para el análisis, otorgamiento, administración y seguimiento del crédito o del arrendamiento en el ',
      'que intervengo como solicitante o como aval, así como de la relación jurídica correspondiente. Acepto que, para esos ',
      'mismos fines, la Empresa consulte periódicamente mi información crediticia.',
    ),
    paragraph(
      'Esta autorización tendrá una vigencia de ',
      VALIDITY,
      ' y, en cualquier caso, permanecerá vigente mientras subsista la relación jurídica que me vincule con la Empresa.',
    ),
    paragraph(
      'Manifiesto, bajo protesta de decir verdad, que los datos asentados en este formato son verdaderos y que otorgo esta ',
      'autorización de manera libre e informada.',
    ),
  ];
}

/** The text a legal entity signs through its legal representative; a PFAE signs it too (spec 02 §2). */
function businessText(person: PrintedPerson, company: TextRun, capacity: string): Block[] {
  const through = person.kind === 'PM' ? 'por conducto de su representante legal' : 'por su propio derecho o por conducto de su representante legal';
  return [
    paragraph(
      nameRun(person.name),
      ` (en lo sucesivo, «el Solicitante»), ${through}, autoriza expresamente a `,
      company,
      ` (en lo sucesivo, «la Empresa»), que actúa ${capacity}, para que, a través de su personal facultado, solicite y obtenga `,
      'de las sociedades de información crediticia que estime pertinentes la información relativa al historial y al comportamiento ',
      'crediticio del Solicitante.',
    ),
    paragraph(
      'El Solicitante declara que se le explicó, y que comprende, la naturaleza y el alcance de la información que la Empresa ',
      'obtendrá, y que esta se utilizará exclusivamente para el análisis, otorgamiento, administración y seguimiento del crédito o del ',
      'arrendamiento en el que interviene como solicitante o como aval, así como de la relación jurídica correspondiente. ',
      'Acepta, asimismo, que para esos mismos fines la Empresa consulte periódicamente su información crediticia.',
    ),
    paragraph(
      'Esta autorización tendrá una vigencia de ',
      VALIDITY,
      ' y, en cualquier caso, permanecerá vigente mientras subsista la relación jurídica entre el Solicitante y la Empresa.',
    ),
    paragraph(
      'Quien firma este documento declara, bajo protesta de decir verdad, que los datos asentados en él son verdaderos y, si lo ',
      'hace en representación del Solicitante, que cuenta con facultades suficientes para otorgar esta autorización, las cuales ',
      'no le han sido revocadas ni limitadas.',
    ),
  ];
}

function authorisationForm(person: PrintedPerson, context: PrintContext, variant: Variant): PrintForm {
  const issuer = variant.issuer(context);
  const company = issuer.empresa_razon_social ? bold(issuer.empresa_razon_social) : nameRun('');
  const natural = person.kind === 'PF';
  const rows = personRows(person);
  if (person.kind === 'PFAE') rows.push({ label: 'Representante legal (en su caso)', value: '', wide: true });
  return {
    header: formHeader(context, variant.key, AUTHORISATION_TITLE, issuer),
    blocks: [
      heading(variant.audience),
      paragraph(bold(SINGLE_PERSON_NOTICE), ' Cada solicitante y cada aval firman su propio formato.'),
      heading(natural ? 'Datos de la persona física que autoriza' : 'Datos del solicitante (persona moral o persona física con actividad empresarial)'),
      { kind: 'fields', rows },
      heading('Autorización'),
      ...(natural ? naturalPersonText : businessText)(person, company, variant.capacity),
      placeAndDate(context),
      signatures(person),
      heading('Para uso exclusivo de la Empresa'),
      {
        kind: 'fields',
        rows: [
          { label: 'Folio de consulta', value: '' },
          { label: 'Fecha de consulta', value: '' },
          { label: 'Sociedad de información crediticia consultada', value: '', wide: true },
          { label: 'Nombre y firma de quien realizó la consulta', value: '', wide: true },
        ],
      },
    ],
  };
}

/** The authorisations of one person: the SOFOM E.N.R. variant, then the generic one. */
export function authorisationForms(model: object, context: PrintContext): PrintForm[] {
  const person = printedPerson(model);
  return VARIANTS.map((variant) => authorisationForm(person, context, variant));
}
