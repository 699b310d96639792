// A new PM tells the person which guarantors saved before it (from /aval/...) wait to join it.
import type { GuarantorSummary } from '../../forms/contracts/application';
import { guarantorName } from '../../forms/wizard-state';
import { TitledCallout } from '../components/titled-callout';

export function PendingGuarantorsNotice({ guarantors }: { guarantors: GuarantorSummary[] }) {
  if (guarantors.length === 0) return null;
  const names = guarantors.map((aval) => guarantorName(aval) || 'Aval sin nombre');
  return (
    <TitledCallout level={2} intent="primary" role="status" className="pending-guarantors" title={guarantors.length === 1 ? '1 aval esperando esta solicitud' : `${guarantors.length} avales esperando esta solicitud`}>
      {names.join(', ')} {guarantors.length === 1 ? 'se vinculará' : 'se vincularán'} a esta solicitud cuando la guardes por primera vez.
    </TitledCallout>
  );
}
