// 'Validaciones PLD': the matches staff confirmed (this is the person, not a homonym), each with its
// red tag naming the list, the party it matched, the reason written, and who confirmed it and when
// (set by the server); and, once an Analista confirmed finishing with an OFAC SDN or UN match, that.
import { Card, H3 } from '@blueprintjs/core';
import { dateTimeText } from '../../../forms/date-time-text';
import type { PldCoincidences } from '../../../forms/pld';
import { confirmedMatches, type PldFinishConfirmation } from '../../../forms/pld-outcome';
import { PldConfirmedTag } from '../../lists/row-cells';
import { TitledCallout } from '../../components/titled-callout';

const when = (iso: string | undefined) => (iso ? dateTimeText(iso) : null);

export function PldConfirmed({ review, finish }: { review: PldCoincidences | null | undefined; finish: PldFinishConfirmation | null | undefined }) {
  const confirmed = confirmedMatches(review);
  if (confirmed.length === 0) return null;
  return (
    <section className="pld-confirmed" aria-labelledby="pld-confirmed-title">
      <H3 id="pld-confirmed-title">Coincidencias confirmadas</H3>
      <p>Estas coincidencias se confirmaron como las personas de esta solicitud (no son homónimos).</p>
      <ul className="pld-confirmed-list">
        {confirmed.map(({ key, match }) => (
          <li key={key}>
            <Card compact>
              <PldConfirmedTag lists={[match.lista]} />
              <p className="pld-confirmed-name">
                <strong>{match.nombre}</strong>
                {match.persona && <> · coincide con {match.persona}</>}
              </p>
              <p>
                <strong>Motivo de la confirmación:</strong> {match.motivo ?? '—'}
              </p>
              <p className="pld-confirmed-by">
                Confirmada por {match.confirmada_por ?? 'No registrado'}
                {when(match.confirmada_el) && <> el {when(match.confirmada_el)}</>}.
              </p>
              <p className="pld-confirmed-by">
                Encontrada en la lista {match.lista}
                {match.version_listas ? <>, versión {match.version_listas} de las listas</> : null}.
              </p>
            </Card>
          </li>
        ))}
      </ul>
      {finish && (
        <TitledCallout level={4} intent="danger" title="Finalización confirmada por un analista" role="note">
          {finish.por} confirmó finalizar la solicitud con la coincidencia confirmada en {finish.listas} el {when(finish.fecha)}.
        </TitledCallout>
      )}
    </section>
  );
}
