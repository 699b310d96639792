// /historial/{uuid}: a record's changes as staff read them (forms/change-history.ts): one section
// per save with who and when, and a table of the fields that changed, before and after; the
// creation as one line, its fields on request. Below 600 px each field is a card. Text only.
import { H1, HTMLTable } from '@blueprintjs/core';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { fetchHistory } from '../../services/lists';
import type { AppRuntime } from '../session/runtime';
import { staffPageRoute } from '../session/staff-page-route';
import { describeHistory, type HistoryEvent, type ShownChange } from '../../forms/change-history';
import type { HistoryAnswer } from '../../forms/contracts/application';
import { TableRegion } from '../components/table-parts';
import { useDocumentTitle } from '../layout/document-title';
import { Blank } from './row-cells';

const shown = (value: string) => (value === '' ? <Blank /> : value);

function ChangesTable({ label, changes }: { label: string; changes: ShownChange[] }) {
  return (
    <TableRegion label={label}>
      <HTMLTable compact striped className="list-table card-table history-table">
        <thead>
          <tr>
            <th scope="col">Campo</th>
            <th scope="col">Antes</th>
            <th scope="col">Después</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.path}>
              <td data-label="Campo">
                <span>
                  {change.place && <span className="history-place">{change.place}</span>}
                  {change.label}
                </span>
              </td>
              <td data-label="Antes">{shown(change.before)}</td>
              <td data-label="Después">{shown(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableRegion>
  );
}

/** `number`: the change's place in the history (from 1); it keeps each table's name unique when two changes share title and minute. */
function HistoryEventView({ event, number }: { event: HistoryEvent; number: number }) {
  const headingId = `cambio-${event.id}`;
  const label = `Campos del cambio ${number}, ${event.title.toLowerCase()} del ${event.when}`;
  return (
    <article className="history-entry" aria-labelledby={headingId}>
      <h2 id={headingId} className="history-heading">
        {event.title} · {event.when} · {event.who}
      </h2>
      {event.summary ? (
        <>
          <p className="history-summary">{event.summary}</p>
          {event.changes.length > 0 && (
            <details className="history-details">
              <summary>Ver los campos capturados</summary>
              <ChangesTable label={label} changes={event.changes} />
            </details>
          )}
        </>
      ) : (
        <ChangesTable label={label} changes={event.changes} />
      )}
    </article>
  );
}

export function HistoryPage() {
  useDocumentTitle('Historial de cambios del cliente');
  const answer = useLoaderData() as HistoryAnswer;
  // A save that changed nothing a form shows (a postal code's neighbourhood list) is left out.
  const events = describeHistory(answer).filter((event) => event.summary || event.changes.length > 0);
  return (
    <section aria-labelledby="history-title" className="list-page">
      <H1 id="history-title">Historial de cambios del cliente</H1>
      <p className="history-record">
        {answer.nombre && <strong>{answer.nombre}</strong>} {answer.tipo_persona && <span>· Persona {answer.tipo_persona}</span>}
        <span className="uuid-cell history-uuid">Solicitud {answer.uuid}</span>
      </p>
      {events.length === 0 && <p>No hay cambios registrados.</p>}
      {events.map((event, index) => (
        <HistoryEventView key={event.id} event={event} number={index + 1} />
      ))}
    </section>
  );
}

/** The record's history; a failed load is only logged (spec 01 §8), and the page shows no change. */
async function loadHistory({ http }: AppRuntime, { params }: LoaderFunctionArgs): Promise<HistoryAnswer> {
  try {
    return await fetchHistory(http, params.uuid!);
  } catch (error) {
    console.error('list load failed', error);
    return { uuid: params.uuid!, tipo_persona: '', nombre: '', entries: [] };
  }
}

/** The route's loader and page (src/routes.tsx). */
export const route = staffPageRoute(loadHistory, HistoryPage);
