// The real actors of the wizard statechart (machines/wizard.ts), provided by the hook that starts
// it: the application calls, the general-data check at finish, and the PLD review's search.
import type { AxiosInstance } from 'axios';
import { fromPromise } from 'xstate';
import { beforeSubmit } from '../forms/before-submit';
import type { LoadedAnswer, Model, RemovedGuarantorAnswer, SaveAnswer, WizardCode } from '../forms/contracts/application';
import type { BlacklistAnswer } from '../forms/contracts/pld';
import { validateModel } from '../forms/validate';
import type { SaveInput, TabValidation, TabValidationInput } from '../forms/wizard-state';
import { errorsOfUnlocked } from '../forms/locking';
import type { AnyWizard } from '../forms/wizards/wizard-for';
import { checkNewGuarantor, loadApplication, removeGuarantor, saveApplication } from './applications';
import { screenApplication } from './pld';

/** The wizard's I/O actors for one wizard definition over the HTTP client. */
export function wizardActors(http: AxiosInstance, wizard: AnyWizard) {
  return {
    'load application': fromPromise<LoadedAnswer, { code: WizardCode; uuid: string; flag: 0 | 1 }>(({ input }) =>
      loadApplication(http, input.code, input.uuid, input.flag),
    ),
    'validate tab': fromPromise<TabValidation, TabValidationInput>(async ({ input }) => {
      const tab = wizard.tabs[input.index];
      if (!tab || tab.alwaysValid) return { valid: true, errors: {} };
      const errors = errorsOfUnlocked(input.editable, (await validateModel(tab.schema, input.values, { staff: input.staff })).errors);
      return { valid: Object.keys(errors).length === 0, errors };
    }),
    'save application': fromPromise<SaveAnswer, SaveInput>(({ input }) => saveApplication(http, input)),
    'remove guarantor': fromPromise<RemovedGuarantorAnswer, { parentUuid: string; key: string }>(({ input }) =>
      removeGuarantor(http, input.parentUuid, input.key),
    ),
    'check parent': fromPromise<void, { parentUuid: string }>(({ input }) => checkNewGuarantor(http, input.parentUuid)),
  };
}

/** The PLD review's search: the whole application as the server takes it. */
export const searchBlacklistActor = (http: AxiosInstance) =>
  fromPromise<BlacklistAnswer, { model: Model }>(({ input }) => screenApplication(http, beforeSubmit(input.model)));
