// The Spanish label of every field as the wizards show it, by model path ('[]' for a list's items),
// and the titles of the groups that repeat fields (references, representatives, addresses). The
// tabs take their labels from here, and the change history names fields with the same texts.

export const FIELD_LABELS = {
  // Datos generales (PF, PFAE)
  'fisica.identificacion': 'Identificación oficial',
  nombre: 'Nombre(s)',
  'fisica.apellido_paterno': 'Apellido paterno',
  'fisica.apellido_materno': 'Apellido materno',
  'fisica.curp': 'CURP',
  'fisica.rfc': 'RFC con homoclave',
  'fisica.sexo': 'Sexo',
  'fisica.fecha_nacimiento': 'Fecha de nacimiento',
  email: 'Correo electrónico',
  'celular.numero': 'Teléfono celular',
  'fisica.pais': 'País de nacimiento',
  'fisica.nacionalidad': 'Nacionalidad',
  'fisica.estado': 'Estado de nacimiento',
  'fisica.municipio': 'Municipio de nacimiento',
  'fisica.entidad_nacimiento': 'Estado o provincia de nacimiento',
  'fisica.ciudad_nacimiento': 'Ciudad de nacimiento',
  'fisica.estado_civil': 'Estado civil',
  'fisica.regimen_matrimonial': 'Régimen matrimonial',
  'fisica.nombre_completo_conyuge': 'Nombre completo del cónyuge',
  // Vivienda
  'vivienda.vivienda_tipo': 'Tipo de vivienda',
  'vivienda.vivienda_anios_residencia': 'Años de residencia',
  'vivienda.vivienda_valor_aproximado': 'Valor aproximado',
  'vivienda.vivienda_valor_hipoteca_mensual': 'Hipoteca mensual',
  'vivienda.vivienda_valor_renta_mensual': 'Renta mensual',
  'vivienda.telefono.numero': 'Teléfono de casa',
  'vivienda.telefono.extension': 'Extensión',
  'vivienda.domicilio.calle': 'Calle y número',
  'vivienda.domicilio.codigo_postal': 'Código postal',
  'vivienda.colonia': 'Colonia',
  'vivienda.otra_colonia': 'Otra colonia',
  // Empleo
  'empleo.empresa_nombre': 'Empresa',
  'empleo.empresa_fecha_ingreso': 'Fecha de ingreso',
  'empleo.actividad_economica': 'Actividad económica',
  'empleo.profesion_actual': 'Profesión actual',
  'empleo.empresa_puesto_actual': 'Puesto actual',
  'empleo.telefono.numero': 'Teléfono del empleo',
  'empleo.telefono.extension': 'Extensión',
  operaciones_internacionales: 'Operaciones internacionales',
  mantiene_vinculo_patrimonial: '¿Mantiene vínculo patrimonial?',
  involucrado_vinculo_patrimonial: 'Nombre de la persona con vínculo patrimonial',
  'empleo.domicilio.calle': 'Calle y número',
  'empleo.domicilio.codigo_postal': 'Código postal',
  'empleo.colonia': 'Colonia',
  'empleo.otra_colonia': 'Otra colonia',
  'empleo.domicilio_fiscal.calle': 'Calle y número (fiscal)',
  'empleo.domicilio_fiscal.codigo_postal': 'Código postal',
  'empleo.colonia_fiscal': 'Colonia',
  'empleo.otra_colonia_fiscal': 'Otra colonia',
  'empleo.domicilio_operativo.calle': 'Calle y número (operativo)',
  'empleo.domicilio_operativo.codigo_postal': 'Código postal',
  'empleo.colonia_operativo': 'Colonia',
  'empleo.otra_colonia_operativo': 'Otra colonia',
  clonar_domicilo_fiscal: 'El domicilio operativo es el mismo que el fiscal',
  // Activos y pasivos
  'activos_pasivos.activos_valor_vivienda': 'Valor de tu vivienda',
  'activos_pasivos.activos_valor_automovil': 'Valor de tu automóvil',
  'activos_pasivos.activos_valor_otras_propiedades': 'Valor de otras propiedades',
  'activos_pasivos.pasivos_valor_deuda_vivienda': 'Deuda de vivienda',
  'activos_pasivos.pasivos_valor_deuda_automovil': 'Deuda de automóvil',
  'activos_pasivos.pasivos_valor_deuda_otras_propiedades': 'Deuda de otras propiedades',
  // Referencias personales (each of the three references has these)
  'referencia_familiar.nombre_completo': 'Nombre completo',
  'referencia_familiar.parentesco_tiempo_conocerlo': 'Parentesco',
  'referencia_familiar.telefono_numero': 'Teléfono',
  'referencia_familiar.celular_numero': 'Celular',
  'referencia_personal_1.nombre_completo': 'Nombre completo',
  'referencia_personal_1.parentesco_tiempo_conocerlo': 'Años de conocerlo',
  'referencia_personal_1.telefono_numero': 'Teléfono',
  'referencia_personal_1.celular_numero': 'Celular',
  'referencia_personal_2.nombre_completo': 'Nombre completo',
  'referencia_personal_2.parentesco_tiempo_conocerlo': 'Años de conocerlo',
  'referencia_personal_2.telefono_numero': 'Teléfono',
  'referencia_personal_2.celular_numero': 'Celular',
  // Datos generales (PM)
  'moral.rfc': 'RFC con homoclave',
  'informacion_fiscal.fecha_constitucion': 'Fecha de constitución',
  'moral.sector': 'Sector',
  'moral.actividad_economica': 'Actividad económica',
  'moral.numero_empleados': 'Número de empleados',
  'moral.telefono_numero': 'Teléfono',
  'moral.telefono_extension': 'Extensión',
  'moral.telefono2_numero': 'Segundo teléfono',
  'moral.telefono2_extension': 'Extensión del segundo teléfono',
  comentarios: 'Comentarios',
  'informacion_fiscal.domicilio_fiscal.calle': 'Calle y número (fiscal)',
  'informacion_fiscal.domicilio_fiscal.codigo_postal': 'Código postal',
  'informacion_fiscal.colonia_fiscal': 'Colonia',
  'informacion_fiscal.otra_colonia_fiscal': 'Otra colonia',
  'informacion_fiscal.domicilio_operativo.calle': 'Calle y número (operativo)',
  'informacion_fiscal.domicilio_operativo.codigo_postal': 'Código postal',
  'informacion_fiscal.colonia_operativo': 'Colonia',
  'informacion_fiscal.otra_colonia_operativo': 'Otra colonia',
  // Contactos: each legal representative and the payment contact
  'representantes[].nombre': 'Nombre completo',
  'representantes[].puesto': 'Puesto',
  'representantes[].rfc': 'RFC con homoclave',
  'representantes[].email': 'Correo electrónico',
  'representantes[].telefono': 'Teléfono',
  'representantes[].extension': 'Extensión',
  'contacto_pago.nombre': 'Nombre completo',
  'contacto_pago.puesto': 'Puesto',
  'contacto_pago.rfc': 'RFC con homoclave',
  'contacto_pago.email': 'Correo electrónico',
  'contacto_pago.telefono': 'Teléfono',
  'contacto_pago.extension': 'Extensión',
  // Accionistas mayoritarios
  'accionistas[].tipo_persona': 'Tipo de persona',
  'accionistas[].genero': 'Género',
  'accionistas[].nombre': 'Nombre(s)',
  'accionistas[].apellido_paterno': 'Apellido paterno',
  'accionistas[].apellido_materno': 'Apellido materno',
  'accionistas[].rfc': 'RFC con homoclave',
  'accionistas[].porcentaje_participacion': 'Porcentaje de participación',
  // Referencias (Proveedores)
  'referencias[].nombre_completo': 'Nombre o razón social',
  'referencias[].nombre_contacto': 'Nombre del contacto',
  'referencias[].contacto_puesto': 'Puesto del contacto',
  'referencias[].telefono_numero': 'Teléfono',
  'referencias[].telefono_extension': 'Extensión',
} as const;

export type LabelledField = keyof typeof FIELD_LABELS;

/** Where a legal entity's form labels a field otherwise: its name is the business name. */
export const COMPANY_FIELD_LABELS: Partial<Record<LabelledField, string>> = {
  nombre: 'Razón social',
};

/**
 * A shareholder's name is labelled by the shareholder's own person type, not the applicant's: a
 * company's is its 'Razón social', anyone else's (a type not chosen yet too: '') their name. Where
 * the type is not known (`undefined`: a history entry that changed the name only), both.
 */
export function shareholderNameLabel(tipoPersona: string | undefined): string {
  if (tipoPersona === undefined) return 'Nombre o razón social';
  return tipoPersona === 'Moral' ? 'Razón social' : FIELD_LABELS['accionistas[].nombre'];
}

/** Whether `path` is a shareholder's name ('accionistas[1].nombre'), labelled by `shareholderNameLabel`. */
export const isShareholderName = (path: string) => labelPath(path) === 'accionistas[].nombre';

/** The titles of the groups of fields a form repeats. */
export const GROUP_TITLES = {
  referencia_familiar: 'Referencia familiar',
  referencia_personal_1: 'Primera referencia personal',
  referencia_personal_2: 'Segunda referencia personal',
  /** Followed by the item's position: 'Representante legal 2'. */
  representantes: 'Representante legal',
  contacto_pago: 'Contacto de pago',
  accionistas: 'Accionista',
  referencias: 'Proveedor',
  domicilioFiscal: 'Domicilio fiscal',
  domicilioOperativo: 'Domicilio operativo',
} as const;

/** A model path as the label map writes it: list positions as '[]' ('representantes[1].rfc' is 'representantes[].rfc'). */
export const labelPath = (path: string) => path.replace(/\[\d+\]/g, '[]');

/**
 * The label of the field at `path` ('representantes[0].rfc' too); a legal entity's form (`company`)
 * may label it otherwise. Undefined for a path no form shows.
 */
export function fieldLabel(path: string, company = false): string | undefined {
  const key = labelPath(path) as LabelledField;
  if (!Object.hasOwn(FIELD_LABELS, key)) return undefined;
  return (company ? COMPANY_FIELD_LABELS[key] : undefined) ?? FIELD_LABELS[key];
}

/** The label of the field at `path` as its form shows it for `model` (a shareholder's name by the shareholder's type). */
export function fieldLabelIn(path: string, model: Record<string, unknown>, company: boolean): string | undefined {
  const shareholder = /^accionistas\[(\d+)\]\.nombre$/.exec(path);
  if (!shareholder) return fieldLabel(path, company);
  const shareholders = Array.isArray(model.accionistas) ? (model.accionistas as { tipo_persona?: unknown }[]) : [];
  const tipo = shareholders[Number(shareholder[1])]?.tipo_persona;
  return shareholderNameLabel(typeof tipo === 'string' ? tipo : '');
}

/** The group that repeats the field at `path` in its form ('Representante legal 2', 'Domicilio fiscal'), if any. */
export function groupTitleOf(path: string): string | undefined {
  const item = /^(representantes|accionistas|referencias)\[(\d+)\]/.exec(path);
  if (item) return `${GROUP_TITLES[item[1] as 'representantes' | 'accionistas' | 'referencias']} ${Number(item[2]) + 1}`;
  if (/(^|\.)(domicilio_|colonia_|otra_colonia_)fiscal/.test(path)) return GROUP_TITLES.domicilioFiscal;
  if (/(^|\.)(domicilio_|colonia_|otra_colonia_)operativo/.test(path)) return GROUP_TITLES.domicilioOperativo;
  const group = path.split('.')[0];
  return Object.hasOwn(GROUP_TITLES, group) ? GROUP_TITLES[group as keyof typeof GROUP_TITLES] : undefined;
}

/** The label of a field the forms show: for a component given its field's name. */
export function labelOf(path: string): string {
  return fieldLabel(path) ?? path;
}

const LABEL_KEYS = Object.keys(FIELD_LABELS);
const LABEL_ORDER = new Map(LABEL_KEYS.map((key, i) => [key, i]));
const orderOf = (path: string) => LABEL_ORDER.get(labelPath(path)) ?? LABEL_ORDER.size;
/** Where the form lays a field out: a list's items where the list is, one after the other, each with its fields in order. */
function layoutKey(path: string): [number, number, number] {
  const item = /^([^[]+)\[(\d+)\]/.exec(path);
  if (!item) return [orderOf(path), -1, 0];
  const list = LABEL_KEYS.findIndex((key) => key.startsWith(`${item[1]}[]`));
  return [list === -1 ? LABEL_KEYS.length : list, Number(item[2]), orderOf(path)];
}
/** Two model paths in the order the forms lay their fields out (the order of FIELD_LABELS, a list's items one after the other). */
export const byFormLayout = (a: string, b: string) => {
  const [x, y] = [layoutKey(a), layoutKey(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};
