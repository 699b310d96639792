// The natural-person wizards: PF (Física) and its guarantor (avalpf), with the five tabs of spec 01 §2.
import { object, type InferType } from 'yup';
import { TAB_TITLES } from '../messages';
import { pfActivosPasivosShape } from '../pf/activos-pasivos';
import { pfDatosGeneralesShape, pfGuarantorDatosGeneralesShape } from '../pf/datos-generales';
import { pfEmpleoShape } from '../pf/empleo';
import { pfReferenciasShape } from '../pf/referencias';
import { pfViviendaShape } from '../pf/vivienda';
import { recordShape } from '../schema/record';
import { defineTab, defineWizard } from './define-wizard';

const tabs = (datosGenerales: ReturnType<typeof pfDatosGeneralesShape>) => [
  defineTab('datos_generales', TAB_TITLES.datosGenerales, datosGenerales),
  defineTab('vivienda', TAB_TITLES.vivienda, pfViviendaShape()),
  defineTab('empleo', TAB_TITLES.empleo, pfEmpleoShape()),
  defineTab('activos_pasivos', TAB_TITLES.activosPasivos, pfActivosPasivosShape()),
  defineTab('referencias', TAB_TITLES.referenciasPersonales, pfReferenciasShape()),
];

export const pfSchema = object({
  ...recordShape('Física', 'Cliente'),
  ...pfDatosGeneralesShape(),
  ...pfViviendaShape(),
  ...pfEmpleoShape(),
  ...pfActivosPasivosShape(),
  ...pfReferenciasShape(),
});
export type PfModel = InferType<typeof pfSchema>;

export const PF_WIZARD = defineWizard({
  name: 'pf',
  code: 'wizardpf',
  tipo_persona: 'Física',
  clasificacion: 'Cliente',
  tabs: tabs(pfDatosGeneralesShape()),
  schema: pfSchema,
});

export const avalPfSchema = object({
  ...recordShape('Física', 'Obligado'),
  ...pfGuarantorDatosGeneralesShape(),
  ...pfViviendaShape(),
  ...pfEmpleoShape(),
  ...pfActivosPasivosShape(),
  ...pfReferenciasShape(),
});
export type AvalPfModel = InferType<typeof avalPfSchema>;

export const AVAL_PF_WIZARD = defineWizard({
  name: 'avalpf',
  code: 'wizardpf',
  tipo_persona: 'Física',
  clasificacion: 'Obligado',
  tabs: tabs(pfGuarantorDatosGeneralesShape()),
  schema: avalPfSchema,
});

export const defaultPfModel = (): PfModel => PF_WIZARD.defaults();
/** `empresaRazonSocial`: the provider's legal name from the configuration. */
export const defaultAvalPfModel = (empresaRazonSocial = ''): AvalPfModel => ({ ...AVAL_PF_WIZARD.defaults(), empresa_razon_social: empresaRazonSocial });
