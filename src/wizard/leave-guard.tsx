// Leaving the wizard for another page of the app while values are unsaved asks first; the
// browser's own warning covers a reload, a closed tab or another address (local-draft.ts).
import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../components/dialog';
import { useBlocker } from 'react-router-dom';
import { ANSWER, focusAnswer } from '../components/dialog-focus';
import { keepsPage } from '../layout/record-follow';
import { focusTitleIfNowhere, MAIN_ID } from '../layout/route-focus';
import type { LocalDraft } from './local-draft';
import type { WizardActorRef } from './selectors';

/** `saveButton`: the name of the button that saves the tab shown, which the dialog tells the person to press. */
export function LeaveGuard({ actor, draft, saveButton }: { actor: WizardActorRef; draft: LocalDraft; saveButton: string }) {
  const blocker = useBlocker(
    ({ nextLocation, historyAction }) =>
      // Any navigation is a departure, to the same address too (a new wizard starts there: WizardRoute),
      // a step in the browser's history included, but the page's own rewrite of the address to follow its record's uuid.
      !keepsPage(historyAction, nextLocation.state) &&
      actor.getSnapshot().status === 'active' &&
      draft.unsaved(),
  );
  const open = blocker.state === 'blocked';
  return (
    <Dialog
      isOpen={open}
      onClose={() => blocker.reset?.()}
      title="Tienes cambios sin guardar"
      isCloseButtonShown={false}
      className="wizard-dialog"
      onOpened={focusAnswer}
      // 'Quedarme' after a staff menu's choice: the focus goes back to the item that asked, gone with the
      // menu, so it would be nowhere; the page's title takes it, as after a page change.
      onClosed={() => focusTitleIfNowhere(document.getElementById(MAIN_ID), { leavingDialog: true })}
    >
      <DialogBody>
        <p>
          Lo que escribiste en esta sección todavía no se guarda en tu solicitud: se guarda al presionar «{saveButton}». Si sales ahora, este
          navegador lo conserva y te lo ofrece cuando regreses.
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Salir" onClick={() => blocker.proceed?.()} />
            <Button intent="primary" text="Quedarme" onClick={() => blocker.reset?.()} {...ANSWER} />
          </>
        }
      />
    </Dialog>
  );
}
