// The public applicant's 'Acepto' under the truthfulness statement, as the wizard machine holds it:
// ticking it tells the machine, and a finish the machine refused for it has the box focused once its
// message is tied to it, so the message is read with it.
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { WizardActorRef, WizardSnapshot } from './selectors';
import type { StatementAcceptance } from './tabs/leyenda-veracidad-tab';

const selectAccepted = (s: WizardSnapshot) => s.context.statement.accepted;
const selectAsked = (s: WizardSnapshot) => s.context.statement.asked;

export function useStatementAcceptance(actor: WizardActorRef): StatementAcceptance {
  const accepted = useSelector(actor, selectAccepted);
  const asked = useSelector(actor, selectAsked);
  // After the tab has rendered the message (a child's commit comes before this effect).
  useEffect(() => {
    if (asked > 0) document.getElementById('acepto-declaracion')?.focus();
  }, [asked]);
  return useMemo(
    () => ({
      accepted,
      missing: asked > 0 && !accepted,
      onChange: (value: boolean) => actor.send({ type: 'statement.changed', accepted: value }),
    }),
    [actor, accepted, asked],
  );
}
