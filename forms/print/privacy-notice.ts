// The privacy notice (FO-DIC-012) addressed to one person of the packet, issued by the SOFOM E.N.R.:
// who holds the data, which data and why, transfers, ARCO rights, revocation, changes, and the
// person's acknowledgment and signature. Written for the Mexican LFPDPPP.
import { formHeader, type PrintContext } from './form-header';
import { bold, nameRun, paragraph, placeAndDate, signatures, SIGNING_PLACE } from './legal-text';
import { heading, type PrintForm } from './packet-model';
import { printedPerson } from './printed-person';

export const PRIVACY_NOTICE_TITLE = 'Aviso de privacidad';

/** The box the person ticks to refuse the secondary purposes. */
export const REFUSE_SECONDARY_PURPOSES = 'No acepto que mis datos personales se traten para las finalidades secundarias descritas.';

/** The days the company has to answer an ARCO request (LFPDPPP). */
export const ARCO_ANSWER_DAYS = 20;

export function privacyNoticeForm(model: object, context: PrintContext): PrintForm {
  const person = printedPerson(model);
  const issuer = context.company.sofom;
  const legalEntity = person.kind === 'PM';
  return {
    header: formHeader(context, 'privacy', PRIVACY_NOTICE_TITLE, issuer),
    blocks: [
      {
        kind: 'fields',
        rows: [
          { label: 'Dirigido a', value: person.name, wide: true },
          { label: 'Tipo de persona', value: person.personType },
          { label: 'RFC', value: person.rfc },
        ],
      },
      heading('1. Identidad y domicilio del responsable'),
      paragraph(
        nameRun(issuer.empresa_razon_social),
        ` (en lo sucesivo, «la Empresa»), con domicilio en ${SIGNING_PLACE}, es responsable del tratamiento de los datos `,
        'personales que usted le proporcione o que la Empresa obtenga con motivo de su solicitud de crédito o de arrendamiento, ',
        'y los protegerá conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares y a las ',
        'demás disposiciones aplicables.',
      ),
      ...(legalEntity
        ? [
            paragraph(
              'Cuando quien solicita es una persona moral, este aviso se refiere a los datos personales de las personas físicas ',
              'relacionadas con ella, como sus representantes legales, accionistas y contactos.',
            ),
          ]
        : []),
      heading('2. Datos personales que se recaban'),
      paragraph('Para las finalidades de este aviso, la Empresa recaba las siguientes categorías de datos personales:'),
      paragraph(
        bold('De identificación:'),
        ' nombre, fecha y lugar de nacimiento, nacionalidad, estado civil, CURP, firma y los datos de su identificación oficial.',
      ),
      paragraph(bold('De contacto:'), ' domicilio, números de teléfono y correo electrónico.'),
      paragraph(
        bold('Financieros y patrimoniales:'),
        ' ingresos, empleo o actividad económica, bienes, deudas, referencias personales y comerciales, e historial crediticio.',
      ),
      paragraph(
        bold('Fiscales:'),
        ' Registro Federal de Contribuyentes (RFC), régimen y domicilio fiscales, y la constancia de situación fiscal.',
      ),
      paragraph(
        'Si usted proporciona datos de otras personas, como referencias o avales, declara que les informó de ello y que cuenta ',
        'con su consentimiento para hacerlo.',
      ),
      heading('3. Finalidades del tratamiento'),
      paragraph(
        bold('Finalidades primarias,'),
        ' necesarias para la relación jurídica con la Empresa: a) evaluar su solicitud de crédito o de arrendamiento, verificar ',
        'su identidad y la veracidad de los datos proporcionados, y consultar su historial crediticio cuando usted lo autorice; ',
        'b) formalizar, administrar y dar seguimiento a la relación contractual que, en su caso, se celebre, incluida la ',
        'cobranza; c) cumplir las obligaciones legales de la Empresa, entre ellas las de identificación del cliente y de ',
        'prevención de operaciones con recursos de procedencia ilícita y de financiamiento al terrorismo, y atender los ',
        'requerimientos de las autoridades competentes.',
      ),
      paragraph(
        bold('Finalidades secundarias,'),
        ' que no son necesarias para dicha relación: d) enviarle información sobre productos, servicios y promociones de la ',
        'Empresa; e) realizar encuestas de calidad y estudios de mercado.',
      ),
      paragraph(
        'Si no desea que sus datos personales se traten para las finalidades secundarias, marque la casilla siguiente. Su ',
        'negativa no será motivo para negarle los servicios que solicita, y podrá manifestarla también después, por el medio ',
        'descrito en el apartado 5.',
      ),
      { kind: 'checkboxes', options: [REFUSE_SECONDARY_PURPOSES] },
      heading('4. Transferencias de datos'),
      paragraph(
        'La Empresa podrá transferir sus datos personales a: a) las sociedades de información crediticia, para consultar su ',
        'historial crediticio con la autorización que usted otorgue y para informar el comportamiento de los créditos y ',
        'arrendamientos que se celebren; b) las autoridades financieras, fiscales, judiciales y administrativas competentes, ',
        'cuando la ley lo exija o medie un requerimiento fundado y motivado. Estas transferencias son necesarias para la ',
        'relación jurídica con usted o para cumplir obligaciones legales. La Empresa no realizará otras transferencias que ',
        'requieran su consentimiento sin obtenerlo previamente.',
      ),
      heading('5. Derechos ARCO'),
      paragraph(
        'Usted tiene derecho a conocer qué datos personales suyos tiene la Empresa y cómo los trata (acceso); a pedir que se ',
        'corrijan cuando sean inexactos o estén incompletos (rectificación); a solicitar que se eliminen de los registros de la ',
        'Empresa cuando considere que no se tratan conforme a la ley (cancelación), y a oponerse a su tratamiento para fines ',
        'específicos (oposición). La cancelación y la oposición no procederán cuando la ley obligue a conservar los datos o ',
        'cuando estos sean necesarios para cumplir la relación jurídica con usted.',
      ),
      paragraph(
        'Para ejercer estos derechos, presente una solicitud por escrito dirigida a la ',
        bold('Oficina de Protección de Datos Personales'),
        ' de la Empresa, en su domicilio o por los medios de contacto que esta le haya dado a conocer. La solicitud debe ',
        'indicar su nombre y un domicilio o correo electrónico para recibir la respuesta; acompañar los documentos que ',
        'acrediten su identidad o, en su caso, la de su representante; describir con claridad los datos y el derecho que ',
        'desea ejercer, y adjuntar cualquier documento que facilite la localización de sus datos. Si pide una rectificación, ',
        'indique además las correcciones y acompañe los documentos que las sustenten.',
      ),
      paragraph(
        'La Empresa le comunicará su respuesta en un plazo máximo de ',
        bold(`${ARCO_ANSWER_DAYS} días hábiles`),
        ' contados a partir de la fecha en que reciba su solicitud, como lo establece la Ley Federal de Protección de Datos ',
        'Personales en Posesión de los Particulares.',
      ),
      heading('6. Revocación del consentimiento'),
      paragraph(
        'Usted puede revocar en cualquier momento el consentimiento que otorgó para el tratamiento de sus datos personales, ',
        'así como pedir que se limite su uso o divulgación, mediante una solicitud presentada por el mismo medio y con los ',
        'mismos requisitos que los derechos ARCO. La revocación no tendrá efectos retroactivos, y la Empresa podrá seguir ',
        'tratando los datos que deba conservar por una obligación legal o mientras subsista la relación jurídica con usted.',
      ),
      heading('7. Cambios al aviso de privacidad'),
      paragraph(
        'La Empresa puede modificar este aviso por cambios en la ley, en sus políticas internas o en los servicios que ofrece. ',
        'Las modificaciones se darán a conocer en las oficinas de la Empresa y por los medios de contacto que usted haya ',
        'proporcionado.',
      ),
      heading('Consentimiento'),
      legalEntity
        ? paragraph(
            'El representante legal que firma declara que leyó y comprendió este aviso de privacidad; otorga su consentimiento ',
            'expreso para que la Empresa trate sus propios datos personales, incluidos los financieros y patrimoniales, para ',
            'las finalidades primarias y las transferencias descritas, y manifiesta que informó de su contenido a las demás ',
            'personas físicas cuyos datos proporcionó ',
            nameRun(person.name),
            '.',
          )
        : paragraph(
            'Declaro que leí y comprendí este aviso de privacidad, y otorgo mi consentimiento expreso para que la Empresa trate ',
            'mis datos personales, incluidos los financieros y patrimoniales, para las finalidades primarias y las ',
            'transferencias descritas.',
          ),
      placeAndDate(context),
      signatures(person),
    ],
  };
}
