// Table-driven tests of the schemas: each row changes one thing in a complete valid model and
// expects the exact message at the field path (null: the model stays valid).
import { describe, expect, it } from 'vitest';
import { applyChanges, type FieldChange } from '../../../forms/dependent-fields';
import { MESSAGES } from '../../../forms/messages';
import type { ValidationContext } from '../../../forms/schema/context';
import { validateModelSync } from '../../../forms/validate';
import { tabOfField } from '../../../forms/wizards/define-wizard';
import type { AnyWizard } from '../../../forms/wizards/wizard-for';
import { wizardNamed } from '../../../forms/wizards/wizard-for';
import { validAvalPfModel, validAvalPmModel, validPfaeModel, validPfModel, validPmModel } from './fixtures';

const MODELS: Record<string, () => Record<string, unknown>> = {
  pf: validPfModel,
  pfae: validPfaeModel,
  pm: validPmModel,
  avalpf: validAvalPfModel,
  avalpm: validAvalPmModel,
};

type Row = [label: string, wizard: string, changes: Record<string, unknown>, path: string, message: string | null, context?: ValidationContext];

const other = { colonia: 'Otra', municipio: 'Guadalajara', estado: 'Jalisco' };

const rows: Row[] = [
  // Datos generales PF
  ['identificacion required', 'pf', { 'fisica.identificacion': '' }, 'fisica.identificacion', MESSAGES.required],
  ['identificacion from the list', 'pf', { 'fisica.identificacion': 'Licencia' }, 'fisica.identificacion', MESSAGES.invalidValue],
  ['nombre required', 'pf', { nombre: '' }, 'nombre', MESSAGES.required],
  ['nombre up to 200', 'pf', { nombre: 'A'.repeat(201) }, 'nombre', '¡El texto no debe exceder 200 caracteres!'],
  ['apellido_paterno up to 99', 'pf', { 'fisica.apellido_paterno': 'A'.repeat(100) }, 'fisica.apellido_paterno', '¡El texto no debe exceder 99 caracteres!'],
  ['apellido_materno optional', 'pf', { 'fisica.apellido_materno': '' }, 'fisica.apellido_materno', null],
  ['email with ñ', 'pf', { email: 'peña@example.com' }, 'email', MESSAGES.invalidEmail],
  ['sexo required', 'pf', { 'fisica.sexo': null }, 'fisica.sexo', MESSAGES.required],
  ['fecha_nacimiento invalid', 'pf', { 'fisica.fecha_nacimiento': '1985-02-30' }, 'fisica.fecha_nacimiento', MESSAGES.invalidDate],
  ['rfc against the birth date', 'pf', { 'fisica.fecha_nacimiento': '1986-03-14' }, 'fisica.rfc', MESSAGES.rfcBirthDateMismatch],
  ['rfc of 12', 'pf', { 'fisica.rfc': 'GARC850314AB' }, 'fisica.rfc', MESSAGES.rfcLength13],
  ['curp of 17', 'pf', { 'fisica.curp': 'GARC850314HJCRRL0' }, 'fisica.curp', MESSAGES.curpLength],
  ['celular required', 'pf', { 'celular.numero': '' }, 'celular.numero', MESSAGES.required],
  ['celular of 9 digits', 'pf', { 'celular.numero': '331-234-567' }, 'celular.numero', MESSAGES.phoneLength],
  ['country required', 'pf', { 'fisica.pais': null }, 'fisica.pais', MESSAGES.required],
  ['born in MX: state from the catalogue required', 'pf', { 'fisica.estado': null }, 'fisica.estado', MESSAGES.required],
  ['born in MX: municipality required', 'pf', { 'fisica.municipio': null }, 'fisica.municipio', MESSAGES.required],
  ['born in MX: free-text state not required', 'pf', {}, 'fisica.entidad_nacimiento', null],
  ['born abroad: free-text state required', 'pf', { 'fisica.pais': { id_pais: 840, clave: 'US', nombre: 'Estados Unidos' }, 'fisica.estado': null }, 'fisica.entidad_nacimiento', MESSAGES.required],
  ['born abroad: free-text city required', 'pf', { 'fisica.pais': { id_pais: 840, clave: 'US', nombre: 'Estados Unidos' } }, 'fisica.ciudad_nacimiento', MESSAGES.required],
  ['born abroad: no catalogue state needed', 'pf', { 'fisica.pais': { id_pais: 840, clave: 'US', nombre: 'Estados Unidos' }, 'fisica.estado': null }, 'fisica.estado', null],
  ['estado_civil required', 'pf', { 'fisica.estado_civil': '' }, 'fisica.estado_civil', MESSAGES.required],
  ['regime required when Casado', 'pf', { 'fisica.regimen_matrimonial': '' }, 'fisica.regimen_matrimonial', MESSAGES.required],
  ['regime required when Divorciado', 'pf', { 'fisica.estado_civil': 'Divorciado', 'fisica.regimen_matrimonial': '', 'fisica.nombre_completo_conyuge': '' }, 'fisica.regimen_matrimonial', MESSAGES.required],
  ['regime not required when Soltero', 'pf', { 'fisica.estado_civil': 'Soltero', 'fisica.regimen_matrimonial': '', 'fisica.nombre_completo_conyuge': '' }, 'fisica.regimen_matrimonial', null],
  ['spouse required when Casado', 'pf', { 'fisica.nombre_completo_conyuge': '' }, 'fisica.nombre_completo_conyuge', MESSAGES.required],
  ['spouse not required when Viudo', 'pf', { 'fisica.estado_civil': 'Viudo', 'fisica.nombre_completo_conyuge': '' }, 'fisica.nombre_completo_conyuge', null],
  // Vivienda
  ['vivienda_tipo required', 'pf', { 'vivienda.vivienda_tipo': '' }, 'vivienda.vivienda_tipo', MESSAGES.required],
  ['Hipoteca requires the mortgage', 'pf', { 'vivienda.vivienda_valor_hipoteca_mensual': null }, 'vivienda.vivienda_valor_hipoteca_mensual', MESSAGES.required],
  ['Hipoteca requires the approximate value', 'pf', { 'vivienda.vivienda_valor_aproximado': '' }, 'vivienda.vivienda_valor_aproximado', MESSAGES.required],
  ['Rentada requires the rent', 'pf', { 'vivienda.vivienda_tipo': 'Rentada', 'vivienda.vivienda_valor_aproximado': null, 'vivienda.vivienda_valor_hipoteca_mensual': null }, 'vivienda.vivienda_valor_renta_mensual', MESSAGES.required],
  ['Rentada needs no approximate value', 'pf', { 'vivienda.vivienda_tipo': 'Rentada', 'vivienda.vivienda_valor_aproximado': null, 'vivienda.vivienda_valor_renta_mensual': 8000 }, 'vivienda.vivienda_valor_aproximado', null],
  ['Otros needs no approximate value', 'pf', { 'vivienda.vivienda_tipo': 'Otros', 'vivienda.vivienda_valor_aproximado': null }, 'vivienda.vivienda_valor_aproximado', null],
  ['amount one cent over', 'pf', { 'vivienda.vivienda_valor_aproximado': 10000000000 }, 'vivienda.vivienda_valor_aproximado', '¡Número inválido, el valor máximo permitido es: 9999999999.99!'],
  ['amount with 3 decimals', 'pf', { 'vivienda.vivienda_valor_aproximado': '1000.123' }, 'vivienda.vivienda_valor_aproximado', MESSAGES.invalidNumber],
  ['amount not a number', 'pf', { 'vivienda.vivienda_valor_aproximado': 'mucho' }, 'vivienda.vivienda_valor_aproximado', MESSAGES.invalidNumber],
  ['years of residence from the list', 'pf', { 'vivienda.vivienda_anios_residencia': '' }, 'vivienda.vivienda_anios_residencia', MESSAGES.required],
  ['housing phone required', 'pf', { 'vivienda.telefono.numero': '' }, 'vivienda.telefono.numero', MESSAGES.required],
  ['street up to 200', 'pf', { 'vivienda.domicilio.calle': 'C'.repeat(201) }, 'vivienda.domicilio.calle', '¡El texto no debe exceder 200 caracteres!'],
  ['postal code of 4 digits', 'pf', { 'vivienda.domicilio.codigo_postal': '4410' }, 'vivienda.domicilio.codigo_postal', MESSAGES.postalCodeInvalid],
  ['postal code with no neighbourhood', 'pf', { 'vivienda.colonia_catalogo': [] }, 'vivienda.domicilio.codigo_postal', MESSAGES.postalCodeNotFound],
  ['neighbourhood required', 'pf', { 'vivienda.colonia': null }, 'vivienda.colonia', MESSAGES.required],
  ['Otra requires otra_colonia', 'pf', { 'vivienda.colonia': other }, 'vivienda.otra_colonia', MESSAGES.required],
  ['otra_colonia up to 99', 'pf', { 'vivienda.colonia': other, 'vivienda.otra_colonia': 'O'.repeat(100) }, 'vivienda.otra_colonia', '¡El texto no debe exceder 99 caracteres!'],
  // Empleo
  ['start date required', 'pf', { 'empleo.empresa_fecha_ingreso': null }, 'empleo.empresa_fecha_ingreso', MESSAGES.required],
  ['company name required', 'pf', { 'empleo.empresa_nombre': '' }, 'empleo.empresa_nombre', MESSAGES.required],
  ['economic activity required', 'pf', { 'empleo.actividad_economica': null }, 'empleo.actividad_economica', MESSAGES.required],
  ['extension of 10 digits', 'pf', { 'empleo.telefono.extension': '1234567890' }, 'empleo.telefono.extension', '¡Número inválido, el valor máximo permitido es: 999999999!'],
  ['international operations from the list', 'pf', { operaciones_internacionales: 'TURISMO' }, 'operaciones_internacionales', MESSAGES.invalidValue],
  ['linked party required when Si', 'pf', { mantiene_vinculo_patrimonial: 'Si' }, 'involucrado_vinculo_patrimonial', MESSAGES.required],
  ['linked party not required when No', 'pf', { mantiene_vinculo_patrimonial: 'No' }, 'involucrado_vinculo_patrimonial', null],
  ['PFAE: profession required', 'pfae', { 'empleo.profesion_actual': '' }, 'empleo.profesion_actual', MESSAGES.required],
  ['PFAE: position required', 'pfae', { 'empleo.empresa_puesto_actual': '' }, 'empleo.empresa_puesto_actual', MESSAGES.required],
  ['PFAE: fiscal postal code', 'pfae', { 'empleo.domicilio_fiscal.codigo_postal': 'ABCDE' }, 'empleo.domicilio_fiscal.codigo_postal', MESSAGES.postalCodeInvalid],
  ['PFAE: operating Otra', 'pfae', { 'empleo.colonia_operativo': other }, 'empleo.otra_colonia_operativo', MESSAGES.required],
  // Activos y pasivos
  ['assets optional', 'pf', { 'activos_pasivos.activos_valor_automovil': null }, 'activos_pasivos.activos_valor_automovil', null],
  ['liabilities too big', 'pf', { 'activos_pasivos.pasivos_valor_deuda_automovil': 99999999999 }, 'activos_pasivos.pasivos_valor_deuda_automovil', '¡Número inválido, el valor máximo permitido es: 9999999999.99!'],
  // Referencias
  ['family relationship from the list', 'pf', { 'referencia_familiar.parentesco_tiempo_conocerlo': 'AMIGO' }, 'referencia_familiar.parentesco_tiempo_conocerlo', MESSAGES.invalidValue],
  ['family phone required', 'pf', { 'referencia_familiar.telefono_numero': '' }, 'referencia_familiar.telefono_numero', MESSAGES.required],
  ['reference mobile optional but of 10 digits', 'pf', { 'referencia_personal_1.celular_numero': '331' }, 'referencia_personal_1.celular_numero', MESSAGES.phoneLength],
  ['years known up to 99', 'pf', { 'referencia_personal_2.parentesco_tiempo_conocerlo': 100 }, 'referencia_personal_2.parentesco_tiempo_conocerlo', '¡Número inválido, el valor máximo permitido es: 99!'],
  ['years known with 3 decimals', 'pf', { 'referencia_personal_2.parentesco_tiempo_conocerlo': 1.255 }, 'referencia_personal_2.parentesco_tiempo_conocerlo', MESSAGES.invalidNumber],
  ['reference name required', 'pf', { 'referencia_personal_2.nombre_completo': '' }, 'referencia_personal_2.nombre_completo', MESSAGES.required],
  // PM Datos generales
  ['business name up to 200', 'pm', { nombre: 'S'.repeat(201) }, 'nombre', '¡El texto no debe exceder 200 caracteres!'],
  ['legal-entity e-mail message', 'pm', { email: 'contacto@' }, 'email', MESSAGES.invalidEmailMoral],
  ['legal-entity e-mail with Ñ', 'pm', { email: 'ÑANDU@empresa.mx' }, 'email', MESSAGES.invalidEmailMoral],
  ['company RFC of 11', 'pm', { 'moral.rfc': 'IOC100512AB' }, 'moral.rfc', MESSAGES.rfcLength12],
  ['company RFC against the constitution date', 'pm', { 'informacion_fiscal.fecha_constitucion': '2010-05-13' }, 'moral.rfc', MESSAGES.rfcConstitutionDateMismatch],
  ['sector from the list', 'pm', { 'moral.sector': 'Agro' }, 'moral.sector', MESSAGES.invalidValue],
  ['employees required', 'pm', { 'moral.numero_empleados': '' }, 'moral.numero_empleados', MESSAGES.required],
  ['employees up to 5 digits', 'pm', { 'moral.numero_empleados': 123456 }, 'moral.numero_empleados', '¡Número inválido, el valor máximo permitido es: 99999!'],
  ['second phone optional', 'pm', { 'moral.telefono2_numero': '' }, 'moral.telefono2_numero', null],
  ['second phone of 10 digits', 'pm', { 'moral.telefono2_numero': '333-12' }, 'moral.telefono2_numero', MESSAGES.phoneLength],
  ['incorporation date required', 'pm', { 'informacion_fiscal.fecha_constitucion': '' }, 'informacion_fiscal.fecha_constitucion', MESSAGES.required],
  ['comments up to 600', 'pm', { comentarios: 'c'.repeat(601) }, 'comentarios', '¡El texto no debe exceder 600 caracteres!'],
  ['operating otra_colonia given', 'pm', {}, 'informacion_fiscal.otra_colonia_operativo', null],
  ['operating otra_colonia required with Otra', 'pm', { 'informacion_fiscal.otra_colonia_operativo': '' }, 'informacion_fiscal.otra_colonia_operativo', MESSAGES.required],
  // Contactos
  ['representative RFC of 13', 'pm', { 'representantes[1].rfc': 'LOPE800102XY' }, 'representantes[1].rfc', MESSAGES.rfcLength13],
  ['representative e-mail', 'pm', { 'representantes[0].email': 'rep' }, 'representantes[0].email', MESSAGES.invalidEmailMoral],
  ['representative position required', 'pm', { 'representantes[2].puesto': '' }, 'representantes[2].puesto', MESSAGES.required],
  ['representative extension optional', 'pm', { 'representantes[2].extension': '' }, 'representantes[2].extension', null],
  ['at least one representative', 'pm', { representantes: [] }, 'representantes', MESSAGES.required],
  ['payment contact phone required', 'pm', { 'contacto_pago.telefono': '' }, 'contacto_pago.telefono', MESSAGES.required],
  // Accionistas
  ['Moral shareholder RFC of 12', 'pm', {}, 'accionistas[2].rfc', null],
  ['Moral shareholder with a 13-character RFC', 'pm', { 'accionistas[2].rfc': 'LODJ700101AB1' }, 'accionistas[2].rfc', MESSAGES.rfcLength12],
  ['natural shareholder with a 12-character RFC', 'pm', { 'accionistas[0].rfc': 'INV990303EF4' }, 'accionistas[0].rfc', MESSAGES.rfcLength13],
  ['natural shareholder gender required', 'pm', { 'accionistas[0].genero': '' }, 'accionistas[0].genero', MESSAGES.required],
  ['Moral shareholder needs no gender', 'pm', {}, 'accionistas[2].genero', null],
  ['shareholder type from the list', 'pm', { 'accionistas[0].tipo_persona': 'Física' }, 'accionistas[0].tipo_persona', MESSAGES.invalidValue],
  ['percentage up to 99', 'pm', { 'accionistas[0].porcentaje_participacion': 100 }, 'accionistas[0].porcentaje_participacion', '¡Número inválido, el valor máximo permitido es: 99!'],
  ['percentage with 3 decimals', 'pm', { 'accionistas[0].porcentaje_participacion': 40.001 }, 'accionistas[0].porcentaje_participacion', MESSAGES.invalidNumber],
  ['total of 100 for staff', 'pm', {}, 'accionistas[0].porcentaje_participacion', null, { staff: true }],
  ['total not 100 for staff, first field', 'pm', { 'accionistas[0].porcentaje_participacion': 30 }, 'accionistas[0].porcentaje_participacion', MESSAGES.shareholdersTotal, { staff: true }],
  ['total not 100 for staff, every field', 'pm', { 'accionistas[0].porcentaje_participacion': 30 }, 'accionistas[2].porcentaje_participacion', MESSAGES.shareholdersTotal, { staff: true }],
  ['total not checked for the public', 'pm', { 'accionistas[0].porcentaje_participacion': 30 }, 'accionistas[1].porcentaje_participacion', null, { staff: false }],
  ['guarantor PM: no gender', 'avalpm', { 'accionistas[0].porcentaje_participacion': 30 }, 'accionistas[0].porcentaje_participacion', MESSAGES.shareholdersTotal, { staff: true }],
  // Suppliers
  ['supplier name required', 'pm', { 'referencias[0].nombre_completo': '' }, 'referencias[0].nombre_completo', MESSAGES.required],
  ['supplier phone required', 'pm', { 'referencias[2].telefono_numero': '' }, 'referencias[2].telefono_numero', MESSAGES.required],
  ['supplier contact optional', 'pm', { 'referencias[1].nombre_contacto': '' }, 'referencias[1].nombre_contacto', null],
  // Guarantors
  ['guarantor PF is Obligado', 'avalpf', { clasificacion: 'Cliente' }, 'clasificacion', MESSAGES.invalidValue],
  ['client PF is Cliente', 'pf', { clasificacion: 'Obligado' }, 'clasificacion', MESSAGES.invalidValue],
];

const toChanges = (changes: Record<string, unknown>): FieldChange[] => Object.entries(changes).map(([name, value]) => ({ name, value }));

describe('schemas', () => {
  it.each(Object.entries(MODELS))('the complete %s model is valid, for staff and public', (name, model) => {
    const wizard = wizardNamed(name)!;
    expect(validateModelSync(wizard.schema, model(), { staff: true }).errors).toEqual({});
    expect(validateModelSync(wizard.schema, model(), { staff: false }).errors).toEqual({});
  });

  it.each(rows)('%s', (_label, name, changes, path, message, context = {}) => {
    const wizard = wizardNamed(name) as AnyWizard;
    const model = applyChanges(MODELS[name](), toChanges(changes));
    const { errors } = validateModelSync(wizard.schema, model, context);
    expect(errors[path] ?? null).toBe(message);
    // The tab that owns the field reports the same message.
    const pattern = path.replace(/\[\d+\]/g, '[]');
    const tab = wizard.tabs.find((t) => t.fields.includes(pattern));
    if (tab) expect(validateModelSync(tab.schema, model, context).errors[path] ?? null).toBe(message);
  });

  it('the nationality is derived from the country, whatever is sent', () => {
    const wizard = wizardNamed('pf')!;
    const sent = applyChanges(validPfModel(), toChanges({ 'fisica.nacionalidad': 'Extranjera' }));
    const result = validateModelSync(wizard.schema, sent);
    expect(result.valid && (result.value.fisica as { nacionalidad: string }).nacionalidad).toBe('Mexicana');
  });

  it('unknown keys are dropped and the name is upper-cased', () => {
    const result = validateModelSync(wizardNamed('pf')!.schema, { ...validPfModel(), nombre: 'carlos', intruso: 1 });
    expect(result.valid).toBe(true);
    expect(result.value).not.toHaveProperty('intruso');
    expect(result.value?.nombre).toBe('CARLOS');
  });
});

describe('the tab that owns a field', () => {
  it('names the tab of a path, list positions and nested objects included', () => {
    const pf = wizardNamed('pf')!;
    const pm = wizardNamed('pm')!;
    expect(tabOfField(pf.tabs, 'fisica.rfc')).toBe(0);
    expect(tabOfField(pf.tabs, 'vivienda.vivienda_tipo')).toBe(1);
    expect(tabOfField(pm.tabs, 'representantes[2].rfc')).toBe(1);
    expect(tabOfField(pm.tabs, 'accionistas[0].porcentaje_participacion')).toBe(2);
    expect(tabOfField(pf.tabs, 'pld_coincidences')).toBeNull();
  });
});
