// The wizard's modals (spec 01 §2, §8), one at a time, from the statechart's `modal`.
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { APPLICATION_VALID_DAYS } from '../../forms/limits';
import { NOTICES } from '../../forms/messages';
import type { WizardModal } from '../../machines/wizard';

const CONTENT: Record<WizardModal['kind'], { title: string; text: string }> = {
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
  pldReview: { title: NOTICES.pldHeading, text: NOTICES.noMatches },
  finishSuccess: { title: 'Solicitud completa', text: NOTICES.finishSuccess },
  updateSuccess: { title: 'Solicitud actualizada', text: NOTICES.updateSuccess },
  finishGeneralDataInvalid: { title: 'No se pudo finalizar', text: NOTICES.finishGeneralDataInvalid },
  finishStoredTemporarily: { title: 'No se pudo finalizar', text: NOTICES.finishStoredTemporarily },
  finishForbidden: { title: 'No se pudo finalizar', text: '' },
  updateError: { title: 'No se pudo actualizar', text: NOTICES.updateError },
  saveRefused: { title: 'No se guardaron los cambios', text: '' },
  loadFailed: {
    title: 'No se pudo abrir la solicitud',
    text: 'No fue posible consultar tu solicitud en este momento. Revisa tu conexión e intenta de nuevo; tu solicitud sigue guardada.',
  },
};

export function WizardModals({ modal, onClose, onRetry }: { modal: WizardModal | null; onClose: () => void; onRetry: () => void }) {
  const content = modal ? CONTENT[modal.kind] : null;
  const text = modal?.kind === 'finishForbidden' || modal?.kind === 'saveRefused' ? modal.message : content?.text;
  const retry = modal?.kind === 'loadFailed';
  return (
    <Dialog
      isOpen={modal !== null && modal.kind !== 'pldReview'}
      onClose={retry ? onRetry : onClose}
      title={content?.title}
      isCloseButtonShown={false}
      canOutsideClickClose={false}
      className="wizard-dialog"
    >
      <DialogBody>
        <p>{text}</p>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text={retry ? 'Reintentar' : 'Aceptar'} onClick={retry ? onRetry : onClose} />} />
    </Dialog>
  );
}
