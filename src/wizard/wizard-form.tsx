// The tab shown, as a form: the stepper, the title, the server's refusals, the tab's view and the
// step buttons. final-form holds the values and checks them with the tab's schema (the one client
// check of a step); the statechart is told of every step and of where the checks stand.
import { Button, H2 } from '@blueprintjs/core';
import { ArrowLeft, ArrowRight, Tick } from '@blueprintjs/icons';
import { useCallback, useMemo } from 'react';
import { Form } from 'react-final-form';
import { printPath } from '../../forms/app-paths';
import type { Model } from '../../forms/contracts/application';
import type { StoredDocument } from '../../forms/contracts/documents';
import type { FillChange } from '../../forms/documents/ocr-fill';
import { nestErrors, validateModelSync } from '../../forms/validate';
import { errorsOfUnlocked } from '../../forms/locking';
import { useEditableLevel } from '../components/fields/form-lock';
import { ShownErrorsProvider } from '../components/fields/shown-errors-provider';
import { OcrMarksProvider } from '../documents/ocr-marks';
import { UploadOwnerProvider } from '../documents/upload-owner';
import { receivedDocumentsShown } from '../../forms/documents/received';
import { saveButtonText } from '../../forms/wizard-state';
import { ErrorSummary } from './error-summary';
import { FieldChecks } from './field-checks';
import { KeptDraft } from './kept-draft';
import type { LocalDraft } from './local-draft';
import { PldIdentityWatch } from './pld-identity-watch';
import type { PldReviewRef } from './pld-review-selectors';
import {
  selectActiveTabs,
  selectBusy,
  selectCurrent,
  selectGuarantorsAddable,
  selectGuarantorsChangeable,
  selectModel,
  selectOcrFills,
  selectStoredDocuments,
  selectServerErrors,
  selectTabErrors,
  selectUuid,
  type WizardActorRef,
} from './selectors';
import { TabView } from './tab-view';
import { useStatementAcceptance } from './statement-acceptance';
import { useWizardView } from './use-wizard-view';
import type { WizardRoute } from './wizard-routes';
import { WizardStepper } from './wizard-stepper';
import { BusyButton } from '../components/busy-button';
import { TAB_TITLE_ID } from './tab-title';

export interface WizardFormProps {
  actor: WizardActorRef;
  route: WizardRoute;
  /** Every tab's title, the closing one included. */
  titles: string[];
  staff: boolean;
  pldReviewer: boolean;
  review: PldReviewRef | undefined;
  /** The unsaved values this browser keeps. */
  draft: LocalDraft;
}

/** What the form renders of the wizard's state. */
const FORM_VIEW = {
  current: selectCurrent,
  model: selectModel,
  uuid: selectUuid,
  busy: selectBusy,
  active: selectActiveTabs,
  tabErrors: selectTabErrors,
  serverErrors: selectServerErrors,
  guarantorsChangeable: selectGuarantorsChangeable,
  guarantorsAddable: selectGuarantorsAddable,
  ocrFills: selectOcrFills,
  storedDocuments: selectStoredDocuments,
};

const NOT_TEXT = new Set(['submit', 'button', 'checkbox', 'radio', 'file', 'reset', 'image']);
const isTextEntry = (target: EventTarget) => target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);

export function WizardForm({ actor, route, titles, staff, pldReviewer, review, draft }: WizardFormProps) {
  const { current, model, uuid, busy, active, tabErrors, serverErrors, guarantorsChangeable, guarantorsAddable, ocrFills, storedDocuments } = useWizardView(actor, FORM_VIEW);
  const personType = route.wizard.tipo_persona;
  const uploadOwner = useMemo(
    () => ({
      uuid,
      stored: receivedDocumentsShown(storedDocuments, personType),
      received: (document: StoredDocument) => actor.send({ type: 'document.received', document }),
    }),
    [uuid, storedDocuments, personType, actor],
  );
  const guarantor = route.guarantor !== false;
  const tab = route.wizard.tabs[current];
  const isLast = current === titles.length - 1;

  // The fields OCR reads filled are the statechart's, so their marks and 'Deshacer' outlive a change of tab.
  const recordOcrFill = useCallback(
    (area: string, changes: FillChange[]) => actor.send(changes.length > 0 ? { type: 'ocr.filled', area, changes } : { type: 'ocr.undone', area }),
    [actor],
  );

  const statement = useStatementAcceptance(actor);

  // A field the editable level locks is never flagged: the person cannot fill it (forms/locking.ts).
  const editable = useEditableLevel();
  const validate = useMemo(
    () =>
      tab && !tab.alwaysValid
        ? (values: Model) => nestErrors(errorsOfUnlocked(editable, validateModelSync(tab.schema, values, { staff }).errors))
        : undefined,
    [tab, staff, editable],
  );

  return (
    <Form<Model>
      key={current}
      initialValues={model}
      keepDirtyOnReinitialize
      validate={validate}
      // A step is the statechart's: it waits for the checks, and has the form submitted when they fail.
      onSubmit={() => {}}
      render={({ values, form }) => (
        <ShownErrorsProvider>
          <FieldChecks actor={actor} />
          {pldReviewer && <PldIdentityWatch review={review} />}
          <WizardStepper
            titles={titles}
            current={current}
            active={active}
            errors={tabErrors}
            busy={busy}
            onSelect={(index) => actor.send({ type: 'tab.selected', index, values: form.getState().values })}
          />
          <form
            className="wizard-tab"
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'tab.next', values: form.getState().values });
            }}
            // Enter in a text field does not send the tab: 'Siguiente' does (a search box's Enter picks its option first).
            onKeyDown={(event) => {
              if (event.key === 'Enter' && isTextEntry(event.target)) event.preventDefault();
            }}
            noValidate
            aria-labelledby={TAB_TITLE_ID}
          >
            <H2 id={TAB_TITLE_ID} className="wizard-tab-title" tabIndex={-1}>
              {titles[current]}
            </H2>
            <ErrorSummary actor={actor} serverErrors={serverErrors} values={values} company={route.wizard.tipo_persona === 'Moral'} />
            <KeptDraft draft={draft} wizard={route.wizard} />
            <UploadOwnerProvider value={uploadOwner}>
              <OcrMarksProvider fills={ocrFills} onRecord={recordOcrFill}>
                <TabView
                  route={route}
                  tabKey={tab?.key}
                  staff={staff}
                  values={values}
                  printHref={uuid && route.print ? printPath(route.print, uuid) : null}
                  parentUuid={uuid}
                  canAddGuarantors={guarantorsAddable}
                  canChangeGuarantors={guarantorsChangeable}
                  onRemoveGuarantor={(key, name) => actor.send({ type: 'guarantor.remove', key, name })}
                  review={review}
                  pldReviewer={pldReviewer}
                  statement={statement}
                  onEditTab={(index) => actor.send({ type: 'tab.selected', index, values: form.getState().values })}
                />
              </OcrMarksProvider>
            </UploadOwnerProvider>
            <div className="wizard-actions">
              {current > 0 && (
                <Button
                  icon={<ArrowLeft />}
                  text="Anterior"
                  disabled={busy}
                  onClick={() => actor.send({ type: 'tab.previous', values: form.getState().values })}
                />
              )}
              {isLast ? (
                <BusyButton
                  intent="primary"
                  endIcon={<Tick />}
                  text={saveButtonText(true, guarantor)}
                  busy={busy}
                  onClick={() => actor.send({ type: 'wizard.finish', values: form.getState().values })}
                />
              ) : (
                <BusyButton intent="primary" type="submit" endIcon={<ArrowRight />} text={saveButtonText(false, guarantor)} busy={busy} />
              )}
            </div>
          </form>
        </ShownErrorsProvider>
      )}
    />
  );
}
