// Starts the wizard statechart of a route with the real calls (services/wizard-actors.ts).
import { useActorRef } from '@xstate/react';
import type { GuarantorSummary, Model } from '../../forms/contracts/application';
import { tabOfField } from '../../forms/wizards/define-wizard';
import type { AnyWizard } from '../../forms/wizards/wizard-for';
import { pldReviewMachine } from '../../machines/pld-review';
import { wizardMachine } from '../../machines/wizard';
import { searchBlacklistActor, wizardActors } from '../../services/wizard-actors';
import { useRuntime } from '../session/runtime-context';
import { hasPermission } from '../../forms/staff-permissions';
import { liveInspection } from './live-inspection';
import { forgetPendingGuarantors, keepPendingGuarantor } from './pending-guarantors';

export interface WizardActorOptions {
  wizard: AnyWizard;
  uuid: string | null;
  franchise: string | null;
  staff: boolean;
  /** Staff holding the Analista role: the PLD review runs only for them. */
  pldReviewer: boolean;
  /** A guarantor wizard: it ends with its last data tab, completes the guarantor and returns to its PM. */
  guarantor: boolean;
  parentUuid: string | null;
  /** Open a loaded record at this tab instead of its furthest one. */
  openAt: number | null;
  /** Guarantors saved before this new PM, linked by its first save. */
  pendingGuarantors: GuarantorSummary[];
}

export function useWizardActor({ wizard, uuid, franchise, staff, pldReviewer, guarantor, parentUuid, openAt, pendingGuarantors }: WizardActorOptions) {
  const { http, config, session } = useRuntime();
  return useActorRef(
    wizardMachine.provide({
      actors: {
        ...wizardActors(http, wizard),
        'pld review': pldReviewMachine.provide({ actors: { 'search blacklist': searchBlacklistActor(http) } }),
      },
      actions: {
        'remember pending guarantor': (_, params) => keepPendingGuarantor(params.summary),
        // Only those this PM sent or dropped: a guarantor saved meanwhile in another tab waits for the next PM.
        'forget pending guarantors': (_, params) => forgetPendingGuarantors(params.uuids),
      },
    }),
    {
      // The machine lab may attach to it (it publishes nothing until a lab asks): in `npm run dev`,
      // or for staff who may open the lab; an applicant's page never publishes their data.
      inspect: import.meta.env.DEV || hasPermission(session.getSnapshot().context.user?.roles, 'laboratorio') ? liveInspection : undefined,
      input: {
        code: wizard.code,
        // The data tabs, then for an applicant 'Validaciones PLD' (staff) or 'Leyenda de veracidad' (public).
        tabCount: wizard.tabs.length + (guarantor ? 0 : 1),
        uuid,
        franchise,
        staff,
        pldReviewer,
        guarantor,
        parentUuid,
        openAt,
        pendingGuarantors,
        tabOfField: (path: string) => tabOfField(wizard.tabs, path),
        // A natural-person guarantor names the company it guarantees for (spec 02 §3).
        blankModel: {
          ...(wizard.defaults() as Model),
          ...(guarantor && wizard.tipo_persona !== 'Moral' ? { empresa_razon_social: config.company.razonSocial } : {}),
        },
      },
    },
  );
}
