// What the staff lists' cells show: dates in Mexican order, a blank as a dash that screen readers
// hear as 'Sin dato', the state of an unfinished record as a tag, and each row's buttons.
import { Intent, Tag } from '@blueprintjs/core';
import { Edit, History, Share } from '@blueprintjs/icons';
import { format } from 'date-fns';
import { cellDateTimeText } from '../../forms/date-time-text';
import type { UnfinishedState } from '../../forms/contracts/lists';
import { confirmedTagText } from '../../forms/pld-outcome';
import { EmailText } from '../components/email-text';
import { RouterButton } from '../components/router-button';

/** An empty value: a dash to see, 'Sin dato' to hear. */
export function Blank() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Sin dato</span>
    </>
  );
}

/** A text, or Blank when there is none. */
export const text = (value: string | null | undefined) => (value ? value : <Blank />);

/** An e-mail address that wraps after the '@' and before dots (EmailText); Blank when there is none. */
export const emailText = (value: string | null | undefined) => (value ? <EmailText address={value} /> : <Blank />);

/** A date and time as 25/11/2026 21:31; Blank when absent. */
export const dateTime = (iso: string | undefined) => (iso ? cellDateTimeText(iso) : <Blank />);

/** A day as 25/11/2026; Blank when absent. */
export const day = (iso: string | undefined) => (iso ? format(new Date(iso), 'dd/MM/yyyy') : <Blank />);

export function StateTag({ state }: { state: UnfinishedState | undefined }) {
  if (!state) return <Blank />;
  return (
    <Tag minimal intent={state === 'vigente' ? Intent.SUCCESS : Intent.DANGER}>
      {state === 'vigente' ? 'Vigente' : 'Expirada'}
    </Tag>
  );
}

/** The red tag of a record whose PLD review confirmed a match (not a homonym), naming the lists. */
export function PldConfirmedTag({ lists }: { lists: readonly string[] }) {
  return (
    <Tag intent={Intent.DANGER} multiline className="pld-confirmed-tag">
      {confirmedTagText(lists)}
    </Tag>
  );
}

/** The green tag of a record whose packet was signed with an e.firma (`firmada`). */
export function SignedTag() {
  return (
    <Tag minimal intent={Intent.SUCCESS} className="efirma-signed-tag">
      Firmado con e.firma
    </Tag>
  );
}

/**
 * The Nombre cell: the name, the red PLD tag when the record has a confirmed match (`pld_confirmada`,
 * 'OFAC SDN, ONU'), and the green one when its packet was signed with an e.firma (`firmada`).
 */
export function NameCell({ name, pld, signed }: { name: string | undefined; pld: string | null | undefined; signed?: boolean }) {
  if (!pld && !signed) return text(name);
  // One element: on small screens each cell is a card's row, its children laid out in the row's grid.
  return (
    <span className="name-tags">
      <span>{text(name)}</span>
      {pld && <PldConfirmedTag lists={pld.split(', ')} />}
      {signed && <SignedTag />}
    </span>
  );
}

/** A row's buttons: open the record (when its type has a wizard) and read its history. */
export function RowActions({ uuid, route, openText }: { uuid: string; route: string | null; openText: 'Editar' | 'Abrir' }) {
  return (
    <>
      {route && <RouterButton size="small" icon={openText === 'Editar' ? <Edit /> : <Share />} to={route} text={openText} aria-label={`${openText} ${uuid}`} />}
      <RouterButton size="small" variant="minimal" icon={<History />} to={`/historial/${encodeURIComponent(uuid)}`} text="Historial" aria-label={`Historial ${uuid}`} />
    </>
  );
}
