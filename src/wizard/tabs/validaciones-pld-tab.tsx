// The staff's last tab: where the high-risk-person (PLD) review of this application stands.
import { Callout } from '@blueprintjs/core';
import { MESSAGES } from '../../../forms/messages';

interface PldState {
  validar_coincidencias?: boolean;
  coincidencias_validadas?: boolean;
}

export function ValidacionesPldTab({ pld }: { pld: PldState | undefined }) {
  const pending = pld?.validar_coincidencias === true && pld.coincidencias_validadas !== true;
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
