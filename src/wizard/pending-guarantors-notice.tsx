// A new PM tells the person which guarantors saved before it (from /aval/...) wait to join it, and
// lets them decline any: on a shared computer they may be someone else's.
import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { TitledCallout } from '../components/titled-callout';
import { selectPendingGuarantorLines, type WizardActorRef } from './selectors';
import { tabTitle } from './tab-title';

export function PendingGuarantorsNotice({ actor }: { actor: WizardActorRef }) {
  const lines = useSelector(actor, selectPendingGuarantorLines);
  const guarantors = lines ? lines.split('\n').map((line) => line.split('\t') as [string, string]) : [];
  if (guarantors.length === 0) return null;
  const one = guarantors.length === 1;
  // The focus goes to the guarantor now in its place, or to the tab's title once none is left.
  const decline = (uuid: string, index: number) => {
    actor.send({ type: 'pendingGuarantor.declined', uuid });
    requestAnimationFrame(() => {
      const left = document.querySelectorAll<HTMLElement>('.pending-guarantors-list button');
      (left[Math.min(index, left.length - 1)] ?? tabTitle())?.focus();
    });
  };
  return (
    <TitledCallout
      level={2}
      intent="primary"
      className="pending-guarantors"
      role="region"
      aria-labelledby="pending-guarantors-title"
      titleId="pending-guarantors-title"
      title={one ? '1 aval esperando esta solicitud' : `${guarantors.length} avales esperando esta solicitud`}
    >
      <p>
        {one
          ? 'Se vinculará a esta solicitud cuando la guardes por primera vez. Si no corresponde a esta solicitud, elige «No vincular».'
          : 'Se vincularán a esta solicitud cuando la guardes por primera vez. Si alguno no corresponde a esta solicitud, elige «No vincular».'}
      </p>
      <ul className="pending-guarantors-list">
        {guarantors.map(([uuid, name], index) => (
          <li key={uuid}>
            <span>{name}</span>
            <Button size="small" variant="outlined" text="No vincular" aria-label={`No vincular a ${name}`} onClick={() => decline(uuid, index)} />
          </li>
        ))}
      </ul>
    </TitledCallout>
  );
}
