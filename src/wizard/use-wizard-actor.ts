// Starts the wizard statechart of a route with the real calls and the forms' validation.
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { beforeSubmit } from '../../forms/before-submit';
import { validateModel } from '../../forms/validate';
import type { AnyWizard } from '../../forms/wizards/wizard-for';
import { wizardMachine, type Model } from '../../machines/wizard';
import { createApplication, loadApplication, updateApplication } from '../../services/applications';
import { useRuntime } from '../session/runtime-context';

export interface WizardActorOptions {
  wizard: AnyWizard;
  uuid: string | null;
  franchise: string | null;
  staff: boolean;
}

export function useWizardActor({ wizard, uuid, franchise, staff }: WizardActorOptions) {
  const { http } = useRuntime();
  return useActorRef(
    wizardMachine.provide({
      actors: {
        'load application': fromPromise(({ input }) => loadApplication(http, input.code, input.uuid, input.flag)),
        'validate tab': fromPromise(async ({ input }) => {
          const tab = wizard.tabs[input.index];
          if (!tab || tab.alwaysValid) return { valid: true, errors: {} };
          const result = await validateModel(tab.schema, input.values, { staff: input.staff });
          return { valid: result.valid, errors: result.errors };
        }),
        'create application': fromPromise(({ input }) =>
          createApplication(http, input.code, { data: beforeSubmit(input.model as Model), meta: input.meta }),
        ),
        'update application': fromPromise(({ input }) =>
          updateApplication(http, input.code, input.uuid, { data: beforeSubmit(input.model as Model), meta: input.meta }),
        ),
      },
    }),
    {
      input: {
        code: wizard.code,
        // The five tabs, then 'Validaciones PLD' (staff) or 'Leyenda de veracidad' (public).
        tabCount: wizard.tabs.length + 1,
        uuid,
        franchise,
        staff,
        parentUuid: null,
        blankModel: wizard.defaults() as Model,
      },
    },
  );
}
