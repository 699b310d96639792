// The wizard's modals (spec 01 §2, 02 §2, §8), one at a time, from the statechart's `modal`.
import { AnchorButton, Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../components/dialog';
import { Print } from '@blueprintjs/icons';
import { useId, useState } from 'react';
import { RouterButton } from '../components/router-button';
import { APPLICATION_VALID_DAYS } from '../../forms/limits';
import { NOTICES } from '../../forms/messages';
import type { WizardCode } from '../../forms/contracts/application';
import type { WizardModal } from '../../forms/wizard-state';
import { EfirmaSignButton } from '../efirma/efirma-sign-button';
import { ANSWER, focusAnswer } from '../components/dialog-focus';
import { AT_PM_AVALES } from './open-at';

/** The PLD review has a modal of its own (pld-review-modal.tsx). */
const CONTENT: Record<Exclude<WizardModal['kind'], 'pldReview'>, { title: string; text: string }> = {
  firstUse: {
    title: 'Antes de comenzar',
    text: `Tu información se guarda cada vez que avanzas a la siguiente sección. Conserva el enlace de tu solicitud para continuarla después: es válida por ${APPLICATION_VALID_DAYS} días naturales a partir de que la llenas.`,
  },
  complete: { title: NOTICES.completeTitle, text: NOTICES.complete },
  expired: { title: NOTICES.expiredCodeTitle, text: NOTICES.expiredCode },
  incorrect: { title: NOTICES.incorrectCodeTitle, text: NOTICES.incorrectCode },
  notEditable: {
    title: 'Solicitud no modificable',
    text: 'Los datos de este cliente no se pueden modificar porque existe una solicitud aprobada.',
  },
  finishSuccess: { title: 'Solicitud completa', text: NOTICES.finishSuccess },
  updateSuccess: { title: 'Solicitud actualizada', text: NOTICES.updateSuccess },
  finishGeneralDataInvalid: { title: 'No se pudo finalizar', text: NOTICES.finishGeneralDataInvalid },
  finishStoredTemporarily: { title: 'No se pudo finalizar', text: NOTICES.finishStoredTemporarily },
  finishForbidden: { title: 'No se pudo finalizar', text: '' },
  updateError: { title: 'No se pudo actualizar', text: NOTICES.updateError },
  saveRefused: { title: 'No se guardaron los cambios', text: '' },
  saveUnavailable: { title: 'No se guardaron los cambios', text: '' },
  parentRefused: { title: NOTICES.parentRefusedTitle, text: '' },
  loadFailed: {
    title: 'No se pudo abrir la solicitud',
    text: 'No fue posible consultar tu solicitud en este momento. Revisa tu conexión e intenta de nuevo; tu solicitud sigue guardada.',
  },
  incompleteGuarantors: {
    title: NOTICES.incompleteGuarantors,
    text: 'Para finalizar, completa la información de estos avales con «Editar» y «Finalizar y regresar a PM» (uno registrado en otra sesión se completa desde el navegador en que se registró, o se elimina y se registra de nuevo; uno registrado por el personal de la empresa, con tu asesor):',
  },
  confirmGuarantorRemoval: { title: 'Eliminar aval', text: NOTICES.guarantorDeleteConfirm },
  guarantorFinishFailed: {
    title: 'No se pudo finalizar el aval',
    text: 'Ocurrió un error al guardar la información del aval. Tus datos siguen en esta pantalla: intenta de nuevo o regresa a la solicitud de Persona Moral.',
  },
};

/**
 * A dialog that closes gives the focus back to what opened it; one opened by the page itself (the
 * first-use notice, a load's answer) had nothing to give it back to: the tab's first control takes
 * it, a document's upload area where the tab starts with one (its reading fills the fields below),
 * its first field otherwise.
 */
function focusFirstControlIfLost(dialog: HTMLElement) {
  const active = document.activeElement;
  // Still on the closed dialog's button (nothing to go back to) or on the page's body: lost.
  if (active && active !== document.body && !dialog.contains(active)) return;
  // Not a notice's button above the fields ('Descartar lo recuperado' is one Enter from undoing a recovery).
  const controls = document.querySelectorAll<HTMLElement>(
    '.wizard-tab :is(input:not([type="file"]):not([readonly]):not([disabled]), select:not([disabled]), textarea:not([readonly]):not([disabled]), button:not([disabled]):not([aria-disabled="true"]))',
  );
  [...controls].find((control) => !control.closest('.kept-draft'))?.focus();
}

export interface WizardModalActions {
  onClose: () => void;
  onRetry: () => void;
  /** Opens the page again, its draft kept and no warning asked (a save refused for a newer version elsewhere). */
  onReload: () => void;
  onConfirm: () => void;
  /** Where the PM of a guarantor lives, for the guarantor's error modal. */
  parentHref: (parentUuid: string | null) => string;
  /** The record is not editable because staff created it (a public session), not because of an approved request. */
  staffCreated?: boolean;
  /** The record's print view, offered when it finishes (spec 01 §7: the print opens in a new window). */
  printHref?: string | null;
  /** The record to sign with an e.firma when it finishes, beside its print (issue 20). */
  signTarget?: { code: WizardCode; uuid: string; onSigned: () => void } | null;
}

export function WizardModals({ modal: current, onClose, onRetry, onReload, onConfirm, parentHref, staffCreated = false, printHref = null, signTarget = null }: { modal: WizardModal | null } & WizardModalActions) {
  const isOpen = current !== null && current.kind !== 'pldReview';
  // The dialog is mounted once a modal has opened (a closed one without a title would make
  // Blueprint warn on every render), and keeps the last modal's title and text while it fades out.
  const [shown, setShown] = useState<Exclude<WizardModal, { kind: 'pldReview' }> | null>(null);
  // The body describes the dialog: a screen reader says its message with its title, not the title alone.
  const bodyId = useId();
  if (isOpen && shown !== current) setShown(current);
  const modal = isOpen ? current : shown;
  if (!modal) return null;
  const content = CONTENT[modal.kind];
  const text =
    modal.kind === 'finishForbidden' || modal.kind === 'saveRefused' || modal.kind === 'saveUnavailable' || modal.kind === 'parentRefused'
      ? modal.message
      : modal.kind === 'notEditable' && staffCreated
        ? NOTICES.staffCreated
        : content.text;
  const retry = modal.kind === 'loadFailed';
  /** A finish or a guarantor's completion that met the service unavailable: said, and offered again. */
  const unavailable = 'unavailable' in modal ? modal.unavailable : undefined;
  // The same save again, focused; or back to the form, where the next step forward saves too.
  const retryButtons = (
    <>
      <Button text="Cerrar" onClick={onClose} />
      <Button intent="primary" text="Reintentar" onClick={onRetry} {...ANSWER} />
    </>
  );
  // A save offered again says the data are kept (the guarantor's own text says so already).
  const saysKept = (modal.kind === 'saveUnavailable' || unavailable !== undefined) && modal.kind !== 'guarantorFinishFailed';
  // Each dialog opens with its answer focused (Enter gives it), not the dialog's box.
  let actions = <Button intent="primary" text={retry ? 'Reintentar' : 'Aceptar'} onClick={retry ? onRetry : onClose} {...ANSWER} />;
  const stale = modal.kind === 'saveRefused' && modal.stale;
  if (saysKept) {
    actions = retryButtons;
  } else if (stale) {
    actions = (
      <>
        <Button text="Cerrar" onClick={onClose} />
        <Button intent="primary" text="Recargar la página" onClick={onReload} {...ANSWER} />
      </>
    );
  } else if (modal.kind === 'confirmGuarantorRemoval') {
    actions = (
      <>
        <Button text="No" onClick={onClose} {...ANSWER} />
        <Button intent="danger" text="Sí, eliminar" onClick={onConfirm} />
      </>
    );
  } else if (modal.kind === 'finishSuccess' && printHref) {
    actions = (
      <>
        <AnchorButton icon={<Print />} href={printHref} target="_blank" rel="noopener" text="Imprimir documentos" />
        {signTarget && <EfirmaSignButton code={signTarget.code} uuid={signTarget.uuid} onSigned={signTarget.onSigned} />}
        <Button intent="primary" text="Aceptar" onClick={onClose} {...ANSWER} />
      </>
    );
  } else if (modal.kind === 'parentRefused') {
    // Nothing to close back to: the guarantor cannot be registered here, so only the ways out.
    actions = (
      <>
        {modal.parentUuid && <RouterButton to={parentHref(modal.parentUuid)} state={AT_PM_AVALES} text="Regresar a PM" />}
        <RouterButton intent="primary" to="/" text="Regresar al menú" {...ANSWER} />
      </>
    );
  } else if (modal.kind === 'guarantorFinishFailed') {
    actions = (
      <>
        <RouterButton to={parentHref(modal.parentUuid)} state={modal.parentUuid ? AT_PM_AVALES : undefined} text="Regresar a PM" />
        {unavailable ? retryButtons : <Button intent="primary" text="Aceptar" onClick={onClose} {...ANSWER} />}
      </>
    );
  }
  return (
    <Dialog
      isOpen={isOpen}
      onClose={retry ? onRetry : onClose}
      title={content.title}
      isCloseButtonShown={false}
      canOutsideClickClose={false}
      className="wizard-dialog"
      aria-describedby={bodyId}
      onOpened={focusAnswer}
      onClosed={focusFirstControlIfLost}
    >
      <DialogBody id={bodyId}>
        <p>{text}</p>
        {modal.kind === 'confirmGuarantorRemoval' && <p className="dialog-subject">{modal.name}</p>}
        {modal.kind === 'incompleteGuarantors' && (
          <ul className="incomplete-guarantors">
            {modal.names.map((name, i) => (
              <li key={i}>{name}</li>
            ))}
          </ul>
        )}
        {modal.kind === 'guarantorFinishFailed' && modal.message && <p>{modal.message}</p>}
        {unavailable && <p>{unavailable}</p>}
        {saysKept && <p>{NOTICES.saveKept}</p>}
        {stale && <p>{NOTICES.keptOnReload}</p>}
      </DialogBody>
      <DialogFooter actions={actions} />
    </Dialog>
  );
}
