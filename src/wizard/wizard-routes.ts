// Which forms wizard each route opens, and where it lives.
import { PF_WIZARD } from '../../forms/wizards/pf';
import { PFAE_WIZARD } from '../../forms/wizards/pfae';
import type { AnyWizard } from '../../forms/wizards/wizard-for';

export interface WizardRoute {
  /** The route's base path: /pf, /pfae. */
  base: string;
  /** The print view of the record. */
  print: string;
  title: string;
  wizard: AnyWizard;
}

export const WIZARD_ROUTES = {
  pf: { base: '/pf', print: '/printPF', title: 'Solicitud de Persona Física', wizard: PF_WIZARD as unknown as AnyWizard },
  pfae: {
    base: '/pfae',
    print: '/printPFAE',
    title: 'Solicitud de Persona Física con actividad empresarial',
    wizard: PFAE_WIZARD as unknown as AnyWizard,
  },
} satisfies Record<string, WizardRoute>;

export type WizardRouteName = keyof typeof WIZARD_ROUTES;
