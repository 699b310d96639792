// The legal-entity wizards: PM and its guarantor (avalpm), with the tabs of spec 02 §2. The Avales
// tab validates nothing (spec 02 §4); a guarantor PM has no Avales tab and no shareholder gender.
import { boolean, object, type InferType } from 'yup';
import { GUARANTORS_MAX, NAME_MAX, SURNAME_MAX } from '../limits';
import { boundedList, entryText } from '../schema/fields';
import { TAB_TITLES } from '../messages';
import { pmAccionistasShape, pmGuarantorAccionistasShape } from '../pm/accionistas';
import { pmContactosShape } from '../pm/contactos';
import { pmDatosGeneralesShape } from '../pm/datos-generales';
import { pmReferenciasShape } from '../pm/referencias';
import { recordShape } from '../schema/record';
import { defineTab, defineWizard } from './define-wizard';

/** A guarantor as the PM's Avales tab lists it; the server answers the list and never takes it from a body. */
const avalEntry = () =>
  object({
    uuid: entryText(36),
    data: object({
      tipo_persona: entryText(),
      nombre: entryText(NAME_MAX),
      fisica: object({ apellido_paterno: entryText(SURNAME_MAX), apellido_materno: entryText(SURNAME_MAX) }).nullable(),
      persona_completa: boolean().nullable(),
    }).nullable(),
  });

export const pmSchema = object({
  ...recordShape('Moral', 'Cliente'),
  ...pmDatosGeneralesShape(),
  ...pmContactosShape(),
  ...pmAccionistasShape(),
  ...pmReferenciasShape(),
  avales: boundedList(avalEntry(), GUARANTORS_MAX).default(() => []),
});
export type PmModel = InferType<typeof pmSchema>;

export const PM_WIZARD = defineWizard({
  name: 'pm',
  code: 'wizardpm',
  tipo_persona: 'Moral',
  clasificacion: 'Cliente',
  tabs: [
    defineTab('pmdatosgenerales', TAB_TITLES.datosGenerales, pmDatosGeneralesShape()),
    defineTab('pmcontactos', TAB_TITLES.contactos, pmContactosShape()),
    defineTab('pmaccionistas', TAB_TITLES.accionistas, pmAccionistasShape(), { readsSession: true }),
    defineTab('pmreferencias', TAB_TITLES.proveedores, pmReferenciasShape()),
    defineTab('pmavales', TAB_TITLES.avales, {}, { alwaysValid: true }),
  ],
  schema: pmSchema,
});

export const avalPmSchema = object({
  ...recordShape('Moral', 'Obligado'),
  ...pmDatosGeneralesShape(),
  ...pmContactosShape(),
  ...pmGuarantorAccionistasShape(),
  ...pmReferenciasShape(),
});
export type AvalPmModel = InferType<typeof avalPmSchema>;

export const AVAL_PM_WIZARD = defineWizard({
  name: 'avalpm',
  code: 'wizardpm',
  tipo_persona: 'Moral',
  clasificacion: 'Obligado',
  tabs: [
    defineTab('pmdatosgenerales', TAB_TITLES.datosGenerales, pmDatosGeneralesShape()),
    defineTab('pmcontactos', TAB_TITLES.contactos, pmContactosShape()),
    defineTab('pmaccionistas', TAB_TITLES.accionistas, pmGuarantorAccionistasShape(), { readsSession: true }),
    defineTab('pmreferencias', TAB_TITLES.proveedores, pmReferenciasShape()),
  ],
  schema: avalPmSchema,
});

export const defaultPmModel = (): PmModel => PM_WIZARD.defaults();
export const defaultAvalPmModel = (): AvalPmModel => AVAL_PM_WIZARD.defaults();
