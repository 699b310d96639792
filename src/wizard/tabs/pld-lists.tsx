// The high-risk-person lists the review searches, as loaded on the server now: their version and
// load date, and each list's own date and size (issue: "visible to staff").
import { HTMLTable, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { es } from 'date-fns/locale';
import { useEffect } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { createCatalogLookupMachine } from '../../../machines/catalog-lookup';
import { fetchPldLists, type PldListInfo } from '../../../services/pld';
import { useRuntime } from '../../session/runtime-context';
import { TableHead, TableRegion } from '../../components/table-parts';

const listsLookup = createCatalogLookupMachine<PldListInfo>('pldListsLookup');
type Snapshot = SnapshotFrom<typeof listsLookup>;
const selectLists = (s: Snapshot) => s.context.entries;
// Not asked yet (the first render) counts as on its way.
const selectBusy = (s: Snapshot) => s.hasTag('busy') || s.context.key === null;
const selectFailed = (s: Snapshot) => s.hasTag('error');

const day = (iso: string) => format(new Date(iso.length === 10 ? `${iso}T12:00:00` : iso), "d 'de' MMMM 'de' yyyy", { locale: es });

export function PldLists() {
  const { http } = useRuntime();
  const lookup = useActorRef(listsLookup.provide({ actors: { 'fetch entries': fromPromise(() => fetchPldLists(http)) } }));
  useEffect(() => lookup.send({ type: 'lookup.requested', key: '' }), [lookup]);
  const lists = useSelector(lookup, selectLists);
  const busy = useSelector(lookup, selectBusy);
  const failed = useSelector(lookup, selectFailed);

  if (busy) return <Spinner size={20} aria-label="Consultando las listas cargadas" />;
  if (failed || lists.length === 0) return <p>No fue posible consultar qué listas están cargadas.</p>;
  const { version, cargada } = lists[0];
  return (
    <div className="pld-lists">
      <h3 id="pld-lists-title" className="bp6-heading">
        Listas consultadas
      </h3>
      <p>
        Versión {version} de las listas, cargada el {cargada ? day(cargada) : '—'}.
      </p>
      <TableRegion labelledBy="pld-lists-title">
        <HTMLTable compact striped>
          <TableHead columns={['Lista', 'Fecha de la lista', 'Entradas']} />
          <tbody>
            {lists.map((list) => (
              <tr key={list.lista}>
                <td>{list.lista}</td>
                <td>{list.fecha_lista ? day(list.fecha_lista) : 'No indicada en el archivo'}</td>
                <td>{list.entradas.toLocaleString('es-MX')}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableRegion>
    </div>
  );
}
