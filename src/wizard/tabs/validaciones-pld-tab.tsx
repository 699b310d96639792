// The staff's last tab: where the high-risk-person (PLD) review of this application stands.
import { Callout } from '@blueprintjs/core';
import { MESSAGES } from '../../../forms/messages';

/** `pending`: the wizard statechart's `pldReviewPending` of the model. */
export function ValidacionesPldTab({ pending }: { pending: boolean }) {
  return pending ? (
    <Callout intent="warning" title="Coincidencias por revisar">
      {MESSAGES.pldSelectionRequired}
    </Callout>
  ) : (
    <Callout intent="success" title="Sin coincidencias pendientes">
      No hay coincidencias de personas de alto riesgo por revisar en esta solicitud.
    </Callout>
  );
}
