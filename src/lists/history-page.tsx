// /historial/{uuid}: every change of a record, with who, when, and each field before and after.
import { H1, HTMLTable } from '@blueprintjs/core';
import { format } from 'date-fns';
import { es } from 'date-fns/locale';
import { useLoaderData, useParams } from 'react-router-dom';
import type { RecordChange } from '../../services/lists';
import { TableHead, TableRegion } from '../components/table-parts';
import { useDocumentTitle } from '../layout/document-title';

const ACTIONS: Record<RecordChange['action'], string> = {
  create: 'Creación',
  update: 'Actualización',
  finish: 'Finalización',
  link: 'Aval vinculado',
  unlink: 'Aval eliminado',
};
const who = (actor: string) => (actor === 'public' ? 'Solicitante (en línea)' : `Personal (${actor.replace('staff:', 'usuario ')})`);
const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

export function HistoryPage() {
  useDocumentTitle('Historial de cambios del cliente');
  const changes = useLoaderData() as RecordChange[];
  const { uuid } = useParams();
  return (
    <section aria-labelledby="history-title" className="list-page">
      <H1 id="history-title">Historial de cambios del cliente</H1>
      <p className="uuid-cell">Solicitud {uuid}</p>
      {changes.length === 0 && <p>No hay cambios registrados.</p>}
      {changes.map((change) => {
        const fields = typeof change.changes === 'string' ? JSON.parse(change.changes) : change.changes;
        return (
          <article key={change.id} className="history-entry" aria-label={`${ACTIONS[change.action]} del ${format(new Date(change.at), "d 'de' MMMM 'de' yyyy, HH:mm", { locale: es })}`}>
            <h2 className="history-heading">
              {ACTIONS[change.action]} · {format(new Date(change.at), "d 'de' MMMM 'de' yyyy, HH:mm", { locale: es })} · {who(change.actor)}
            </h2>
            <TableRegion label="Campos modificados">
              <HTMLTable compact striped className="list-table">
                <TableHead columns={['Campo', 'Antes', 'Después']} />
                <tbody>
                  {fields.map((field: { path: string; before: unknown; after: unknown }) => (
                    <tr key={field.path}>
                      <td>{field.path}</td>
                      <td>{shown(field.before)}</td>
                      <td>{shown(field.after)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </TableRegion>
          </article>
        );
      })}
    </section>
  );
}
