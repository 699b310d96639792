// The packets of spec 02 §2, in their order. PM: its financing form, one per guarantor, the
// credit-report authorisations of both companies for the applicant and each guarantor, the bureau
// request (or the record's own `formatobce.html`), and the privacy notice for the applicant and
// each guarantor. PF and PFAE: financing form, authorisations, bureau request, privacy notice.
// Every form starts on a new page.
import { authorisationForms } from './authorisation';
import { bureauRequestForm } from './bureau-request';
import { financingForm } from './financing-forms';
import { formHeader, type PrintContext } from './form-header';
import { printedPerson } from './printed-person';
import { privacyNoticeForm } from './privacy-notice';
import type { Block, Packet, PrintForm } from './packet-model';

type Model = Record<string, unknown>;

export interface PacketSource {
  /** The applicant's record (a PF, PFAE or PM client). */
  record: Model;
  /** A PM's guarantors, in their order; none for staff prints (spec 02 §2) and for PF and PFAE. */
  guarantors: Model[];
  /** The record's own bureau request (`formatobce.html`), sanitised into blocks; null for the standard form. */
  customBureau: Block[] | null;
}

const isMoral = (model: Model) => model.tipo_persona === 'Moral';

/** The record's `formatobce.html` laid out under the bureau request's header. */
function customBureauForm(record: Model, blocks: Block[], context: PrintContext): PrintForm {
  const key = isMoral(record) ? 'bureau_pm' : 'bureau_pf';
  return { header: formHeader(context, key, 'Solicitud de reporte de crédito especial'), blocks };
}

export function buildPacket({ record, guarantors, customBureau }: PacketSource, context: PrintContext): Packet {
  const people = [record, ...guarantors];
  const forms: PrintForm[] = [
    ...people.map((person) => financingForm(person, context)),
    ...people.flatMap((person) => authorisationForms(person, context)),
    customBureau ? customBureauForm(record, customBureau, context) : bureauRequestForm(record, context),
    ...people.map((person) => privacyNoticeForm(person, context)),
  ];
  const name = printedPerson(record).name;
  return { title: name ? `Solicitud de financiamiento — ${name}` : 'Solicitud de financiamiento', forms };
}
