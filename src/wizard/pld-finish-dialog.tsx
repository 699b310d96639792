// Finishing an application with a confirmed OFAC SDN or UN match is an Analista's decision (README
// "PLD outcome"): the server asks (409 'pld_confirmation_required', naming the lists) and this
// dialog asks the Analista in words; 'Cancelar' has the focus, so Enter alone never finishes it.
import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../components/dialog';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { finishConfirmationText } from '../../forms/pld-outcome';
import type { wizardMachine } from '../../machines/wizard';
import { ANSWER, focusAnswer } from '../components/dialog-focus';

type WizardRef = ActorRefFrom<typeof wizardMachine>;
const selectLists = (s: SnapshotFrom<typeof wizardMachine>) => s.context.pldFinishLists;

export function PldFinishDialog({ actor }: { actor: WizardRef }) {
  const lists = useSelector(actor, selectLists);
  if (lists === null) return null;
  return (
    <Dialog
      isOpen
      onClose={() => actor.send({ type: 'pld.finish.cancelled' })}
      title="Confirmar finalización"
      isCloseButtonShown={false}
      canOutsideClickClose={false}
      className="wizard-dialog"
      onOpened={focusAnswer}
    >
      <DialogBody>
        <p>{finishConfirmationText(lists.length > 0 ? lists : ['OFAC SDN u ONU'])}</p>
        <p>Como analista, tu confirmación quedará registrada en el historial de la solicitud con tu nombre y la fecha.</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancelar" onClick={() => actor.send({ type: 'pld.finish.cancelled' })} {...ANSWER} />
            <Button intent="danger" text="Sí, finalizar" onClick={() => actor.send({ type: 'pld.finish.confirmed' })} />
          </>
        }
      />
    </Dialog>
  );
}
