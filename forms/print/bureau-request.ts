// The request for a special credit report (spec 02 §2): the person asks the credit information
// company for their own report and marks one way to receive it. FO-PRO-010 for a legal entity,
// FO-PRO-008 for a natural person with or without business activity.
import { formHeader, type PrintContext } from './form-header';
import { bold, nameRun, paragraph, personRows, placeAndDate, signatures } from './legal-text';
import { heading, type PrintForm } from './packet-model';
import { COUNTRY, printedPerson } from './printed-person';

export const BUREAU_REQUEST_TITLE = 'Solicitud de reporte de crédito especial';

/** The ways the report can be delivered, of which the person marks only one (spec 02 §2). */
export const DELIVERY_OPTIONS = [
  'Correo electrónico',
  'Fax',
  'Correo certificado con acuse de recibo',
  'Otorgante del crédito',
  'Oficina de atención a clientes de la sociedad de información crediticia',
] as const;

export const ONLY_ONE_OPTION = 'Marque una sola opción de entrega.';

export function bureauRequestForm(model: object, context: PrintContext): PrintForm {
  const person = printedPerson(model);
  const legalEntity = person.kind === 'PM';
  return {
    header: formHeader(context, legalEntity ? 'bureau_pm' : 'bureau_pf', BUREAU_REQUEST_TITLE),
    blocks: [
      heading(legalEntity ? 'Datos de la persona moral solicitante' : 'Datos de la persona solicitante'),
      { kind: 'fields', rows: [...personRows(person), { label: 'País', value: COUNTRY }] },
      heading('Solicitud'),
      legalEntity
        ? paragraph(
            nameRun(person.name),
            ', por conducto de su representante legal, solicita a la sociedad de información crediticia un reporte de crédito ',
            'especial con la información de su historial crediticio que conste en la base de datos de esa sociedad, y pide que ',
            'se le entregue por el medio que señala a continuación.',
          )
        : paragraph(
            'Yo, ',
            nameRun(person.name),
            ', por mi propio derecho, solicito a la sociedad de información crediticia un reporte de crédito especial con la ',
            'información de mi historial crediticio que conste en la base de datos de esa sociedad, y pido que se me entregue ',
            'por el medio que señalo a continuación.',
          ),
      heading('Medio de entrega del reporte'),
      paragraph(
        bold(ONLY_ONE_OPTION),
        ' Si elige correo electrónico, el reporte se envía a la dirección anotada en este formato; si elige correo certificado, ',
        'al domicilio anotado, y si elige fax, anote el número.',
      ),
      { kind: 'checkboxes', options: [...DELIVERY_OPTIONS] },
      { kind: 'fields', rows: [{ label: 'Número de fax (solo si eligió esa opción)', value: '' }] },
      heading('Información para el solicitante'),
      paragraph(
        'Toda persona tiene derecho a recibir ',
        bold('un reporte de crédito especial gratuito cada 12 meses'),
        '. Los reportes adicionales que se soliciten dentro de ese periodo pueden tener costo.',
      ),
      paragraph(
        'La sociedad de información crediticia atiende las solicitudes en un plazo de ',
        bold('2 días hábiles'),
        ' contados a partir de su recepción, y entrega el reporte por el medio elegido dentro de un plazo de ',
        bold('5 días hábiles'),
        '.',
      ),
      paragraph(
        'Para proteger la información del solicitante, el reporte solo se entrega una vez verificada su identidad. Acompañe esta ',
        legalEntity
          ? 'solicitud con una copia de la identificación oficial vigente de su representante legal y del documento que acredite sus facultades.'
          : 'solicitud con una copia de su identificación oficial vigente.',
      ),
      placeAndDate(context),
      signatures(person),
    ],
  };
}
