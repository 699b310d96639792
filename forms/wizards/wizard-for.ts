// Picks the wizard of a model by its person type and classification: how the server chooses the
// schema a write is validated with, and how a stored record finds its tabs.
import type { AnyObject, ObjectSchema } from 'yup';
import type { WizardDefinition } from './define-wizard';
import { AVAL_PF_WIZARD, PF_WIZARD } from './pf';
import { AVAL_PFAE_WIZARD, PFAE_WIZARD } from './pfae';
import { AVAL_PM_WIZARD, PM_WIZARD } from './pm';

export type AnyWizard = WizardDefinition<ObjectSchema<AnyObject>>;

export const WIZARDS: readonly AnyWizard[] = [PF_WIZARD, PFAE_WIZARD, PM_WIZARD, AVAL_PF_WIZARD, AVAL_PFAE_WIZARD, AVAL_PM_WIZARD] as unknown as AnyWizard[];

/** The wizard for a person type and classification (Cliente when none is given); undefined when none fits. */
export function wizardFor(tipoPersona: unknown, clasificacion: unknown = 'Cliente'): AnyWizard | undefined {
  const kind = clasificacion === undefined || clasificacion === null || clasificacion === '' ? 'Cliente' : clasificacion;
  return WIZARDS.find((wizard) => wizard.tipo_persona === tipoPersona && wizard.clasificacion === kind);
}

export const wizardNamed = (name: string): AnyWizard | undefined => WIZARDS.find((wizard) => wizard.name === name);
