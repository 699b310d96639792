// The staff's last tab: where the high-risk-person (PLD) review of this application stands (Analista;
// other staff are told who reviews it).
// 'Finalizar' screens every party of the application again, guarantors included (spec 01 §4).
import { Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { MESSAGES } from '../../../forms/messages';
import { selectReviewStage, type PldReviewRef } from '../pld-review-selectors';
import { PldLists } from './pld-lists';
import { PldConfirmed } from './pld-confirmed';
import type { PldCoincidences } from '../../../forms/pld';
import type { PldFinishConfirmation } from '../../../forms/pld-outcome';
import { TitledCallout } from '../../components/titled-callout';

/** What the stored record says of its review: the confirmed matches, and an Analista's confirmed finish. */
export interface StoredPldOutcome {
  review: PldCoincidences | null | undefined;
  finish: PldFinishConfirmation | null | undefined;
}

const STAGES: Record<string, { intent: 'primary' | 'warning' | 'success'; title: string; text: string }> = {
  unchecked: {
    intent: 'primary',
    title: 'Revisión de listas al finalizar',
    text: 'Al finalizar se revisarán todas las personas de la solicitud contra las listas de personas de alto riesgo.',
  },
  pending: { intent: 'warning', title: 'Coincidencias por revisar', text: MESSAGES.pldSelectionRequired },
  reviewing: { intent: 'warning', title: 'Coincidencias por revisar', text: MESSAGES.pldSelectionRequired },
  unavailable: {
    intent: 'warning',
    title: 'Listas no disponibles',
    text: 'No fue posible consultar las listas de personas de alto riesgo en este momento. Puedes continuar; se volverán a consultar al finalizar.',
  },
  validated: {
    intent: 'success',
    title: 'Coincidencias revisadas',
    text: 'No hay coincidencias de personas de alto riesgo por revisar en esta solicitud. Al finalizar se volverán a consultar las listas.',
  },
};

export function ValidacionesPldTab({ review, reviewer, stored }: { review: PldReviewRef | undefined; reviewer: boolean; stored: StoredPldOutcome }) {
  if (!reviewer) {
    // Staff without the Analista role fill and finish; the review waits for an analyst (forms/staff-permissions.ts).
    return (
      <>
        <TitledCallout level={3} intent="primary" title="Revisión de listas a cargo de un analista" role="status">
          La revisión de las personas de la solicitud contra las listas de personas de alto riesgo la hace el personal con el
          rol Analista. Puedes finalizar la solicitud, salvo que tenga una coincidencia confirmada en OFAC SDN u ONU: esa solo
          la finaliza un analista.
        </TitledCallout>
        <PldConfirmed review={stored.review} finish={stored.finish} />
      </>
    );
  }
  return (
    <>
      <ReviewStage review={review} />
      <PldConfirmed review={stored.review} finish={stored.finish} />
      <PldLists />
    </>
  );
}

function ReviewStage({ review }: { review: PldReviewRef | undefined }) {
  const stage = useSelector(review, selectReviewStage);
  if (stage === 'scheduled' || stage === 'checking') {
    return (
      <TitledCallout level={3} intent="primary" title="Revisando listas" role="status">
        <Spinner size={16} aria-hidden="true" /> Revisando las listas de personas de alto riesgo…
      </TitledCallout>
    );
  }
  const { intent, title, text } = STAGES[stage] ?? STAGES.unchecked;
  return (
    <TitledCallout level={3} intent={intent} title={title} role="status">
      {text}
    </TitledCallout>
  );
}
