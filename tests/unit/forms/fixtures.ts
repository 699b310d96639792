// Complete, valid models of every wizard: the starting point of the table-driven tests, the API
// test of the 422 module and the validation benchmark.
import { defaultAvalPfModel, defaultPfModel, type AvalPfModel, type PfModel } from '../../../forms/wizards/pf';
import { defaultAvalPfaeModel, defaultPfaeModel, type PfaeModel } from '../../../forms/wizards/pfae';
import { defaultAvalPmModel, defaultPmModel, type AvalPmModel, type PmModel } from '../../../forms/wizards/pm';

const colonia = { colonia: 'Centro', municipio: 'Guadalajara', estado: 'Jalisco' };
const address = (calle: string) => ({
  domicilio: { calle, codigo_postal: '44100' },
  colonia,
  otra_colonia: '',
  colonia_catalogo: [colonia],
});

export function validPfModel(): PfModel {
  const model = defaultPfModel();
  return {
    ...model,
    nombre: 'CARLOS',
    email: 'carlos.garcia@example.com',
    celular: { numero: '331-234-5678', extension: '' },
    fisica: {
      ...model.fisica,
      identificacion: 'INE',
      apellido_paterno: 'GARCÍA',
      apellido_materno: 'RAMÍREZ',
      sexo: 'Masculino',
      fecha_nacimiento: '1985-03-14',
      curp: 'GARC850314HJCRRL09',
      rfc: 'GARC850314AB1',
      estado: { id_estado: 14, codigo: 'JC', nombre: 'Jalisco' },
      municipio: { id_municipio: 14039, nombre: 'Guadalajara' },
      estado_civil: 'Casado',
      regimen_matrimonial: 'Bienes separados',
      nombre_completo_conyuge: 'ANA LÓPEZ PÉREZ',
    },
    vivienda: {
      ...model.vivienda,
      vivienda_tipo: 'Hipoteca',
      vivienda_valor_aproximado: 2500000,
      vivienda_valor_hipoteca_mensual: 12000.5,
      vivienda_anios_residencia: '6 - 10',
      telefono: { numero: '333-111-2222', extension: '' },
      ...address('Av. Juárez 100'),
    },
    empleo: {
      ...model.empleo,
      empresa_nombre: 'ACME SA DE CV',
      empresa_fecha_ingreso: '2015-01-05',
      actividad_economica: { id_empresa_actividad: 461110, nombre: 'Comercio al por menor' },
      telefono: { numero: '333-444-5555', extension: '123' },
      ...address('Calle Morelos 50'),
    },
    operaciones_internacionales: 'NO APLICA',
    mantiene_vinculo_patrimonial: 'No',
    activos_pasivos: { ...model.activos_pasivos, activos_valor_vivienda: 2500000, pasivos_valor_deuda_vivienda: 800000.25 },
    referencia_familiar: {
      tipo_referencia: 'Familiar',
      nombre_completo: 'MARÍA GARCÍA',
      parentesco_tiempo_conocerlo: 'MADRE',
      telefono_numero: '331-000-1111',
      celular_numero: '',
    },
    referencia_personal_1: {
      tipo_referencia: 'Personal',
      nombre_completo: 'JUAN PÉREZ',
      parentesco_tiempo_conocerlo: 10,
      telefono_numero: '331-000-2222',
      celular_numero: '331-000-3333',
    },
    referencia_personal_2: {
      tipo_referencia: 'Personal',
      nombre_completo: 'LUIS TORRES',
      parentesco_tiempo_conocerlo: 5.5,
      telefono_numero: '331-000-4444',
      celular_numero: '',
    },
  };
}

export function validAvalPfModel(): AvalPfModel {
  return { ...defaultAvalPfModel('Arrendadora Occidente, S.A. de C.V., SOFOM, E.N.R.'), ...validPfModel(), clasificacion: 'Obligado' };
}

export function validAvalPfaeModel() {
  return { ...defaultAvalPfaeModel('Arrendadora Occidente, S.A. de C.V., SOFOM, E.N.R.'), ...validPfaeModel(), clasificacion: 'Obligado' as const };
}

export function validPfaeModel(): PfaeModel {
  const pf = validPfModel();
  const model = defaultPfaeModel();
  return {
    ...model,
    ...pf,
    tipo_persona: 'Física con actividad empresarial',
    empleo: {
      ...model.empleo,
      ...pf.empleo,
      profesion_actual: 'CONTADOR',
      empresa_puesto_actual: 'DIRECTOR',
      domicilio_fiscal: { calle: 'Av. Vallarta 1', codigo_postal: '44100' },
      colonia_fiscal: colonia,
      otra_colonia_fiscal: '',
      colonia_fiscal_catalogo: [colonia],
      domicilio_operativo: { calle: 'Av. Vallarta 2', codigo_postal: '44100' },
      colonia_operativo: colonia,
      otra_colonia_operativo: '',
      colonia_operativo_catalogo: [colonia],
    },
  };
}

const representative = (i: number) => ({
  nombre: `REPRESENTANTE ${i}`,
  email: `rep${i}@empresa.com.mx`,
  rfc: `LOPE80010${i}XY${i}`,
  puesto: 'Director',
  telefono: `331-555-000${i}`,
  extension: '',
  index: null,
});

function pmFields() {
  return {
    nombre: 'INDUSTRIAS DEL OCCIDENTE SA DE CV',
    email: 'contacto@industrias.com.mx',
    comentarios: '',
    moral: {
      rfc: 'IOC100512AB3',
      sector: 'Industria',
      numero_empleados: 120,
      telefono_numero: '333-600-7000',
      telefono_extension: '10',
      telefono2_numero: '',
      telefono2_extension: '',
      actividad_economica: { id_empresa_actividad: 311, nombre: 'Industria alimentaria' },
    },
    informacion_fiscal: {
      fecha_constitucion: '2010-05-12',
      domicilio_fiscal: { calle: 'Av. López Mateos 10', codigo_postal: '44100' },
      colonia_fiscal: colonia,
      otra_colonia_fiscal: '',
      colonia_fiscal_catalogo: [colonia],
      domicilio_operativo: { calle: 'Periférico 20', codigo_postal: '44100' },
      colonia_operativo: { colonia: 'Otra', municipio: 'Guadalajara', estado: 'Jalisco' },
      otra_colonia_operativo: 'Parque Industrial',
      colonia_operativo_catalogo: [colonia],
    },
    representantes: [1, 2, 3].map(representative),
    contacto_pago: { ...representative(4), index: undefined },
    referencias: [1, 2, 3].map((i) => ({
      tipo_referencia: 'Proveedor',
      nombre_completo: `PROVEEDOR ${i}`,
      nombre_contacto: 'Contacto',
      contacto_puesto: 'Ventas',
      telefono_numero: `333-700-000${i}`,
      telefono_extension: '',
    })),
  };
}

export function validPmModel(): PmModel {
  const model = defaultPmModel();
  return {
    ...model,
    ...pmFields(),
    accionistas: [
      { tipo_persona: 'Física con actividad empresarial', genero: 'Hombre', nombre: 'JUAN', apellido_paterno: 'LÓPEZ', apellido_materno: 'DÍAZ', rfc: 'LODJ700101AB1', porcentaje_participacion: 40 },
      { tipo_persona: 'Física con actividad empresarial', genero: 'Mujer', nombre: 'ANA', apellido_paterno: 'RUIZ', apellido_materno: '', rfc: 'RUAN750202CD2', porcentaje_participacion: 35.5 },
      { tipo_persona: 'Moral', genero: '', nombre: 'INVERSORA SA', apellido_paterno: '', apellido_materno: '', rfc: 'INV990303EF4', porcentaje_participacion: 24.5 },
    ],
  };
}

export function validAvalPmModel(): AvalPmModel {
  const model = defaultAvalPmModel();
  return {
    ...model,
    ...pmFields(),
    accionistas: validPmModel().accionistas.map(({ genero: _genero, ...rest }) => rest),
  };
}
