// The natural-person wizards, built once: PF (Física) and PFAE (with business activity), each with
// its guarantor (avalpf, avalpfae). They share the five tabs of spec 01 §2; PFAE has its own
// Empleo (spec 01 §5), and a guarantor its own Datos generales.
import { object, type AnyObject, type InferType, type ObjectSchema, type ObjectShape } from 'yup';
import type { WizardCode } from '../contracts/application';
import { TAB_TITLES } from '../messages';
import type { PersonType } from '../options';
import { pfActivosPasivosShape } from '../pf/activos-pasivos';
import { pfaeEmpleoShape, pfEmpleoShape } from '../pf/empleo';
import { pfDatosGeneralesShape, pfGuarantorDatosGeneralesShape } from '../pf/datos-generales';
import { pfReferenciasShape } from '../pf/referencias';
import { pfViviendaShape } from '../pf/vivienda';
import { recordShape } from '../schema/record';
import { defineTab, defineWizard } from './define-wizard';

interface NaturalPersonKind<E extends ObjectShape> {
  /** The applicant's route name; its guarantor's is `aval${name}`. */
  name: 'pf' | 'pfae';
  code: WizardCode;
  tipo_persona: PersonType;
  /** The Empleo tab's shape. */
  empleo: () => E;
}

const tabsOf = (datosGenerales: ObjectShape, empleo: ObjectShape) => [
  defineTab('datos_generales', TAB_TITLES.datosGenerales, datosGenerales),
  defineTab('vivienda', TAB_TITLES.vivienda, pfViviendaShape()),
  defineTab('empleo', TAB_TITLES.empleo, empleo),
  defineTab('activos_pasivos', TAB_TITLES.activosPasivos, pfActivosPasivosShape()),
  defineTab('referencias', TAB_TITLES.referenciasPersonales, pfReferenciasShape()),
];

/** The applicant's wizard and its guarantor's. */
function naturalPersonWizards<E extends ObjectShape>({ name, code, tipo_persona, empleo }: NaturalPersonKind<E>) {
  const rest = () => ({ ...pfViviendaShape(), ...empleo(), ...pfActivosPasivosShape(), ...pfReferenciasShape() });
  const applicantSchema = object({ ...recordShape(tipo_persona, 'Cliente'), ...pfDatosGeneralesShape(), ...rest() });
  const guarantorSchema = object({ ...recordShape(tipo_persona, 'Obligado'), ...pfGuarantorDatosGeneralesShape(), ...rest() });
  return {
    applicant: defineWizard({
      name,
      code,
      tipo_persona,
      clasificacion: 'Cliente',
      tabs: tabsOf(pfDatosGeneralesShape(), empleo()),
      schema: applicantSchema as typeof applicantSchema & ObjectSchema<AnyObject>,
    }),
    guarantor: defineWizard({
      name: `aval${name}`,
      code,
      tipo_persona,
      clasificacion: 'Obligado',
      tabs: tabsOf(pfGuarantorDatosGeneralesShape(), empleo()),
      schema: guarantorSchema as typeof guarantorSchema & ObjectSchema<AnyObject>,
    }),
  };
}

export const { applicant: PF_WIZARD, guarantor: AVAL_PF_WIZARD } = naturalPersonWizards({ name: 'pf', code: 'wizardpf', tipo_persona: 'Física', empleo: pfEmpleoShape });
export const { applicant: PFAE_WIZARD, guarantor: AVAL_PFAE_WIZARD } = naturalPersonWizards({
  name: 'pfae',
  code: 'wizardpfae',
  tipo_persona: 'Física con actividad empresarial',
  empleo: pfaeEmpleoShape,
});

export const [pfSchema, avalPfSchema, pfaeSchema, avalPfaeSchema] = [PF_WIZARD.schema, AVAL_PF_WIZARD.schema, PFAE_WIZARD.schema, AVAL_PFAE_WIZARD.schema];
export type PfModel = InferType<typeof pfSchema>;
export type AvalPfModel = InferType<typeof avalPfSchema>;
export type PfaeModel = InferType<typeof pfaeSchema>;
export type AvalPfaeModel = InferType<typeof avalPfaeSchema>;

export const defaultPfModel = (): PfModel => PF_WIZARD.defaults();
export const defaultPfaeModel = (): PfaeModel => PFAE_WIZARD.defaults();
/** `empresaRazonSocial`: the provider's legal name from the configuration. */
export const defaultAvalPfModel = (empresaRazonSocial = ''): AvalPfModel => ({ ...AVAL_PF_WIZARD.defaults(), empresa_razon_social: empresaRazonSocial });
export const defaultAvalPfaeModel = (empresaRazonSocial = ''): AvalPfaeModel => ({ ...AVAL_PFAE_WIZARD.defaults(), empresa_razon_social: empresaRazonSocial });
