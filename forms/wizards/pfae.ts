// The business-activity wizards: PFAE and its guarantor (avalpfae): the PF tabs, with the PFAE Empleo (spec 01 §5).
import { object, type InferType } from 'yup';
import { TAB_TITLES } from '../messages';
import { pfActivosPasivosShape } from '../pf/activos-pasivos';
import { pfDatosGeneralesShape, pfGuarantorDatosGeneralesShape } from '../pf/datos-generales';
import { pfaeEmpleoShape } from '../pf/empleo';
import { pfReferenciasShape } from '../pf/referencias';
import { pfViviendaShape } from '../pf/vivienda';
import { recordShape } from '../schema/record';
import { defineTab, defineWizard } from './define-wizard';

const tabs = (datosGenerales: ReturnType<typeof pfDatosGeneralesShape>) => [
  defineTab('datos_generales', TAB_TITLES.datosGenerales, datosGenerales),
  defineTab('vivienda', TAB_TITLES.vivienda, pfViviendaShape()),
  defineTab('empleo', TAB_TITLES.empleo, pfaeEmpleoShape()),
  defineTab('activos_pasivos', TAB_TITLES.activosPasivos, pfActivosPasivosShape()),
  defineTab('referencias', TAB_TITLES.referenciasPersonales, pfReferenciasShape()),
];

export const pfaeSchema = object({
  ...recordShape('Física con actividad empresarial', 'Cliente'),
  ...pfDatosGeneralesShape(),
  ...pfViviendaShape(),
  ...pfaeEmpleoShape(),
  ...pfActivosPasivosShape(),
  ...pfReferenciasShape(),
});
export type PfaeModel = InferType<typeof pfaeSchema>;

export const PFAE_WIZARD = defineWizard({
  name: 'pfae',
  code: 'wizardpfae',
  tipo_persona: 'Física con actividad empresarial',
  clasificacion: 'Cliente',
  tabs: tabs(pfDatosGeneralesShape()),
  schema: pfaeSchema,
});

export const avalPfaeSchema = object({
  ...recordShape('Física con actividad empresarial', 'Obligado'),
  ...pfGuarantorDatosGeneralesShape(),
  ...pfViviendaShape(),
  ...pfaeEmpleoShape(),
  ...pfActivosPasivosShape(),
  ...pfReferenciasShape(),
});
export type AvalPfaeModel = InferType<typeof avalPfaeSchema>;

export const AVAL_PFAE_WIZARD = defineWizard({
  name: 'avalpfae',
  code: 'wizardpfae',
  tipo_persona: 'Física con actividad empresarial',
  clasificacion: 'Obligado',
  tabs: tabs(pfGuarantorDatosGeneralesShape()),
  schema: avalPfaeSchema,
});

export const defaultPfaeModel = (): PfaeModel => PFAE_WIZARD.defaults();
/** `empresaRazonSocial`: the provider's legal name from the configuration. */
export const defaultAvalPfaeModel = (empresaRazonSocial = ''): AvalPfaeModel => ({ ...AVAL_PFAE_WIZARD.defaults(), empresa_razon_social: empresaRazonSocial });
