// Which forms wizard each route opens, where it lives, and how it ends: an applicant's wizard
// ends with the PLD or truthfulness tab and finishes; a guarantor's ends with its last data tab
// and returns to its PM (spec 02 §2).
import { AVAL_PF_WIZARD, PF_WIZARD } from '../../forms/wizards/pf';
import { AVAL_PFAE_WIZARD, PFAE_WIZARD } from '../../forms/wizards/pfae';
import { AVAL_PM_WIZARD, PM_WIZARD } from '../../forms/wizards/pm';
import type { ApplicantWizard } from '../../forms/app-paths';
import type { AnyWizard } from '../../forms/wizards/wizard-for';

/** The tab views a wizard shows: the natural-person ones (with or without business activity) or the legal-entity ones. */
export type TabViews = 'pf' | 'pfae' | 'pm';

export interface WizardRoute {
  /** The route's base path: /pf, /avalpm, /aval/pf… */
  base: string;
  /** The applicant's wizard, whose print view prints the record; null for a guarantor. */
  print: ApplicantWizard | null;
  title: string;
  wizard: AnyWizard;
  views: TabViews;
  /** A guarantor wizard; `unstoredParent` when its PM is not stored yet (/aval/...). */
  guarantor: false | { unstoredParent: boolean };
}

const wizard = (definition: unknown) => definition as AnyWizard;

const applicant = (base: string, print: ApplicantWizard, title: string, definition: unknown, views: TabViews): WizardRoute => ({
  base,
  print,
  title,
  wizard: wizard(definition),
  views,
  guarantor: false,
});

const guarantor = (base: string, title: string, definition: unknown, views: TabViews, unstoredParent = false): WizardRoute => ({
  base,
  print: null,
  title,
  wizard: wizard(definition),
  views,
  guarantor: { unstoredParent },
});

export const WIZARD_ROUTES = {
  pf: applicant('/pf', 'pf', 'Solicitud de Persona Física', PF_WIZARD, 'pf'),
  pfae: applicant('/pfae', 'pfae', 'Solicitud de Persona Física con actividad empresarial', PFAE_WIZARD, 'pfae'),
  pm: applicant('/pm', 'pm', 'Solicitud de Persona Moral', PM_WIZARD, 'pm'),
  avalpf: guarantor('/avalpf', 'Aval Persona Física', AVAL_PF_WIZARD, 'pf'),
  avalpfae: guarantor('/avalpfae', 'Aval Persona Física con actividad empresarial', AVAL_PFAE_WIZARD, 'pfae'),
  avalpm: guarantor('/avalpm', 'Aval Persona Moral', AVAL_PM_WIZARD, 'pm'),
  'aval/pf': guarantor('/aval/pf', 'Aval Persona Física', AVAL_PF_WIZARD, 'pf', true),
  'aval/pfae': guarantor('/aval/pfae', 'Aval Persona Física con actividad empresarial', AVAL_PFAE_WIZARD, 'pfae', true),
  'aval/pm': guarantor('/aval/pm', 'Aval Persona Moral', AVAL_PM_WIZARD, 'pm', true),
} satisfies Record<string, WizardRoute>;

export type WizardRouteName = keyof typeof WIZARD_ROUTES;

/** Where a guarantor of a person type is added or edited from a stored PM's Avales tab. */
export function guarantorRoute(tipoPersona: string | undefined): WizardRouteName {
  if (tipoPersona === 'Moral') return 'avalpm';
  if (tipoPersona === 'Física con actividad empresarial') return 'avalpfae';
  return 'avalpf';
}
