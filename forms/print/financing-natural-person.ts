// The data sections of the natural-person financing forms (FO-PRO-014 PF, FO-PRO-015 PFAE), one per
// wizard tab in the wizard's order, with the labels the applicant saw. A field the person's answers
// make not apply (the spouse of a single person, the rent of an owned home) prints blank.
import { COUNTRY_MEXICO } from '../limits';
import { regimeApplies, spouseApplies } from '../pf/datos-generales';
import { linkedPartyApplies } from '../pf/empleo';
import { housingAmounts } from '../rules/housing';
import { entryName, money, phoneText, plain, shortDate } from './format';
import { addressRows, objectAt, yesNo, type Model } from './financing-parts';
import { fields, heading, type Block, type FieldRow } from './packet-model';

export interface NaturalPersonOptions {
  /** PFAE: profession, position, and the fiscal and operating addresses in Empleo. */
  businessActivity: boolean;
  /** A guarantor: the provider's legal name it signs before. */
  guarantor: boolean;
}

/** As the birthplace fields decide: catalogues for Mexico (or before a country is chosen), free text abroad. */
function birthplaceRows(fisica: Model): FieldRow[] {
  const pais = objectAt(fisica, 'pais');
  const abroad = plain(pais.clave) !== '' && pais.clave !== COUNTRY_MEXICO;
  return [
    { label: 'País de nacimiento', value: entryName(fisica.pais) },
    { label: 'Nacionalidad', value: plain(fisica.nacionalidad) },
    ...(abroad
      ? [
          { label: 'Estado o provincia de nacimiento', value: plain(fisica.entidad_nacimiento) },
          { label: 'Ciudad de nacimiento', value: plain(fisica.ciudad_nacimiento) },
        ]
      : [
          { label: 'Estado de nacimiento', value: entryName(fisica.estado) },
          { label: 'Municipio de nacimiento', value: entryName(fisica.municipio) },
        ]),
  ];
}

function datosGenerales(model: Model, guarantor: boolean): Block[] {
  const fisica = objectAt(model, 'fisica');
  const estadoCivil = plain(fisica.estado_civil);
  return [
    heading('Datos generales'),
    fields([
      ...(guarantor ? [{ label: 'Empresa ante la que se constituye como aval', value: plain(model.empresa_razon_social), wide: true }] : []),
      { label: 'Identificación oficial', value: plain(fisica.identificacion) },
      { label: 'Nombre(s)', value: plain(model.nombre) },
      { label: 'Apellido paterno', value: plain(fisica.apellido_paterno) },
      { label: 'Apellido materno', value: plain(fisica.apellido_materno) },
      { label: 'CURP', value: plain(fisica.curp) },
      { label: 'RFC con homoclave', value: plain(fisica.rfc) },
      { label: 'Sexo', value: plain(fisica.sexo) },
      { label: 'Fecha de nacimiento', value: shortDate(fisica.fecha_nacimiento) },
      { label: 'Correo electrónico', value: plain(model.email) },
      { label: 'Teléfono celular', value: phoneText(model.celular) },
    ]),
    fields(birthplaceRows(fisica)),
    fields([
      { label: 'Estado civil', value: estadoCivil },
      { label: 'Régimen matrimonial', value: regimeApplies(estadoCivil) ? plain(fisica.regimen_matrimonial) : '' },
      { label: 'Nombre completo del cónyuge', value: spouseApplies(estadoCivil) ? plain(fisica.nombre_completo_conyuge) : '', wide: true },
    ]),
  ];
}

function vivienda(model: Model): Block[] {
  const housing = objectAt(model, 'vivienda');
  const shown = housingAmounts(plain(housing.vivienda_tipo));
  const amount = (key: keyof typeof shown) => (shown[key].shown ? money(housing[key]) : '');
  return [
    heading('Vivienda'),
    fields([
      { label: 'Tipo de vivienda', value: plain(housing.vivienda_tipo) },
      { label: 'Años de residencia', value: plain(housing.vivienda_anios_residencia) },
      { label: 'Valor aproximado', value: amount('vivienda_valor_aproximado') },
      { label: 'Hipoteca mensual', value: amount('vivienda_valor_hipoteca_mensual') },
      { label: 'Renta mensual', value: amount('vivienda_valor_renta_mensual') },
      { label: 'Teléfono de casa', value: phoneText(housing.telefono) },
    ]),
    heading('Domicilio'),
    fields(addressRows(housing, 'colonia')),
  ];
}

function empleo(model: Model, businessActivity: boolean): Block[] {
  const job = objectAt(model, 'empleo');
  const phone = objectAt(job, 'telefono');
  return [
    heading('Empleo'),
    fields([
      { label: 'Empresa', value: plain(job.empresa_nombre), wide: true },
      { label: 'Fecha de ingreso', value: shortDate(job.empresa_fecha_ingreso) },
      { label: 'Actividad económica', value: entryName(job.actividad_economica) },
      ...(businessActivity
        ? [
            { label: 'Profesión actual', value: plain(job.profesion_actual) },
            { label: 'Puesto actual', value: plain(job.empresa_puesto_actual) },
          ]
        : []),
      { label: 'Teléfono del empleo', value: phoneText(phone.numero) },
      { label: 'Extensión', value: plain(phone.extension) },
      { label: 'Operaciones internacionales', value: plain(model.operaciones_internacionales) },
      { label: '¿Mantiene vínculo patrimonial?', value: yesNo(model.mantiene_vinculo_patrimonial) },
      {
        label: 'Nombre de la persona con vínculo patrimonial',
        value: linkedPartyApplies(model.mantiene_vinculo_patrimonial) ? plain(model.involucrado_vinculo_patrimonial) : '',
        wide: true,
      },
    ]),
    heading('Domicilio del empleo'),
    fields(addressRows(job, 'colonia')),
    ...(businessActivity
      ? [heading('Domicilio fiscal'), fields(addressRows(job, 'colonia_fiscal')), heading('Domicilio operativo'), fields(addressRows(job, 'colonia_operativo'))]
      : []),
  ];
}

function activosPasivos(model: Model): Block[] {
  const values = objectAt(model, 'activos_pasivos');
  return [
    heading('Activos y pasivos'),
    fields([
      { label: 'Valor de tu vivienda', value: money(values.activos_valor_vivienda) },
      { label: 'Deuda de vivienda', value: money(values.pasivos_valor_deuda_vivienda) },
      { label: 'Valor de tu automóvil', value: money(values.activos_valor_automovil) },
      { label: 'Deuda de automóvil', value: money(values.pasivos_valor_deuda_automovil) },
      { label: 'Valor de otras propiedades', value: money(values.activos_valor_otras_propiedades) },
      { label: 'Deuda de otras propiedades', value: money(values.pasivos_valor_deuda_otras_propiedades) },
    ]),
  ];
}

/** The three references in one table; the family one gives a relationship, the personal ones the years known. */
function referencias(model: Model): Block[] {
  const references = [
    { key: 'referencia_familiar', type: 'Familiar', family: true },
    { key: 'referencia_personal_1', type: 'Personal', family: false },
    { key: 'referencia_personal_2', type: 'Personal', family: false },
  ];
  return [
    heading('Referencias personales'),
    {
      kind: 'table',
      columns: ['Tipo', 'Nombre completo', 'Parentesco', 'Años de conocerlo', 'Teléfono', 'Celular'],
      rows: references.map(({ key, type, family }) => {
        const reference = objectAt(model, key);
        const relation = plain(reference.parentesco_tiempo_conocerlo);
        return [
          plain(reference.tipo_referencia) || type,
          plain(reference.nombre_completo),
          family ? relation : '',
          family ? '' : relation,
          phoneText(reference.telefono_numero),
          phoneText(reference.celular_numero),
        ];
      }),
    },
  ];
}

/** The sections of Datos generales, Vivienda, Empleo, Activos y pasivos and Referencias personales. */
export function naturalPersonBlocks(model: Model, { businessActivity, guarantor }: NaturalPersonOptions): Block[] {
  return [...datosGenerales(model, guarantor), ...vivienda(model), ...empleo(model, businessActivity), ...activosPasivos(model), ...referencias(model)];
}
