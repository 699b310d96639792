// The data sections of the legal-entity financing form (FO-PRO-016), for a PM and a guarantor PM,
// one per wizard tab in the wizard's order, with the labels the applicant saw. The lists print as
// tables with at least the blank rows the wizard starts with.
import { DEFAULT_SHAREHOLDERS } from '../pm/accionistas';
import { DEFAULT_REPRESENTATIVES } from '../pm/contactos';
import { DEFAULT_SUPPLIER_REFERENCES } from '../pm/referencias';
import { SUPPLIER_REFERENCE_TYPE } from '../options';
import { entryName, phoneText, plain, shortDate } from './format';
import { addressRows, itemsAt, objectAt, paddedRows, percentage, type Model } from './financing-parts';
import { fields, heading, type Block } from './packet-model';

export interface LegalEntityOptions {
  /** A guarantor PM: its shareholders carry no gender. */
  guarantor: boolean;
}

function datosGenerales(model: Model): Block[] {
  const moral = objectAt(model, 'moral');
  const fiscal = objectAt(model, 'informacion_fiscal');
  return [
    heading('Datos generales'),
    fields([
      { label: 'Razón social', value: plain(model.nombre), wide: true },
      { label: 'RFC con homoclave', value: plain(moral.rfc) },
      { label: 'Fecha de constitución', value: shortDate(fiscal.fecha_constitucion) },
      { label: 'Sector', value: plain(moral.sector) },
      { label: 'Número de empleados', value: plain(moral.numero_empleados) },
      { label: 'Actividad económica', value: entryName(moral.actividad_economica), wide: true },
      { label: 'Correo electrónico', value: plain(model.email), wide: true },
      { label: 'Teléfono', value: phoneText(moral.telefono_numero) },
      { label: 'Extensión', value: plain(moral.telefono_extension) },
      { label: 'Segundo teléfono', value: phoneText(moral.telefono2_numero) },
      { label: 'Extensión del segundo teléfono', value: plain(moral.telefono2_extension) },
      { label: 'Comentarios', value: plain(model.comentarios), wide: true },
    ]),
    heading('Domicilio fiscal'),
    fields(addressRows(fiscal, 'colonia_fiscal')),
    heading('Domicilio operativo'),
    fields(addressRows(fiscal, 'colonia_operativo')),
  ];
}

/** The legal representatives and the payment contact: the same fields, one table. */
function contactos(model: Model): Block[] {
  const contact = (who: string, item: Model) => [
    who,
    plain(item.nombre),
    plain(item.puesto),
    plain(item.rfc),
    plain(item.email),
    phoneText(item.telefono, item.extension),
  ];
  return [
    heading('Contactos'),
    {
      kind: 'table',
      columns: ['Contacto', 'Nombre completo', 'Puesto', 'RFC con homoclave', 'Correo electrónico', 'Teléfono'],
      rows: [
        ...paddedRows(itemsAt(model, 'representantes'), DEFAULT_REPRESENTATIVES, (item, position) => contact(`Representante legal ${position}`, item)),
        contact('Contacto de pago', objectAt(model, 'contacto_pago')),
      ],
    },
  ];
}

function accionistas(model: Model, guarantor: boolean): Block[] {
  return [
    heading('Accionistas mayoritarios'),
    {
      kind: 'table',
      columns: [
        'Tipo de persona',
        ...(guarantor ? [] : ['Género']),
        'Nombre(s) o razón social',
        'Apellido paterno',
        'Apellido materno',
        'RFC con homoclave',
        'Porcentaje de participación',
      ],
      rows: paddedRows(itemsAt(model, 'accionistas'), DEFAULT_SHAREHOLDERS, (item) => [
        plain(item.tipo_persona),
        ...(guarantor ? [] : [plain(item.genero)]),
        plain(item.nombre),
        plain(item.apellido_paterno),
        plain(item.apellido_materno),
        plain(item.rfc),
        percentage(item.porcentaje_participacion),
      ]),
    },
  ];
}

/** Each supplier numbered as the wizard titles it ('Proveedor 1'), from its reference type. */
function referencias(model: Model): Block[] {
  return [
    heading('Referencias (Proveedores)'),
    {
      kind: 'table',
      columns: ['Referencia', 'Nombre o razón social', 'Nombre del contacto', 'Puesto del contacto', 'Teléfono'],
      rows: paddedRows(itemsAt(model, 'referencias'), DEFAULT_SUPPLIER_REFERENCES, (item, position) => [
        `${plain(item.tipo_referencia) || SUPPLIER_REFERENCE_TYPE} ${position}`,
        plain(item.nombre_completo),
        plain(item.nombre_contacto),
        plain(item.contacto_puesto),
        phoneText(item.telefono_numero, item.telefono_extension),
      ]),
    },
  ];
}

/** The sections of Datos generales, Contactos, Accionistas mayoritarios and Referencias (Proveedores). */
export function legalEntityBlocks(model: Model, { guarantor }: LegalEntityOptions): Block[] {
  return [...datosGenerales(model), ...contactos(model), ...accionistas(model, guarantor), ...referencias(model)];
}
