// /list-cache: unfinished registrations, with an edit button that opens the wizard of the type.
import { H1, HTMLTable } from '@blueprintjs/core';
import { Edit } from '@blueprintjs/icons';
import { useLoaderData } from 'react-router-dom';
import { NOTICES } from '../../forms/messages';
import type { UnfinishedRecord } from '../../services/lists';
import { RouterButton } from '../components/router-button';
import { wizardRouteFor } from './wizard-route-for';
import { EmptyRow, TableHead, TableRegion, type Column } from '../components/table-parts';

const COLUMNS: Column[] = ['#', 'UUID', 'Tipo persona', { label: 'Acciones', hidden: true }];

export function UnfinishedPage() {
  const rows = useLoaderData() as UnfinishedRecord[];
  return (
    <section aria-labelledby="list-title" className="list-page">
      <H1 id="list-title">Registros sin terminar</H1>
      <TableRegion labelledBy="list-title">
        <HTMLTable striped className="list-table">
          <TableHead columns={COLUMNS} />
          <tbody>
            {rows.length === 0 && <EmptyRow columns={COLUMNS.length} text={NOTICES.noMatches} />}
            {rows.map((row) => {
              const route = wizardRouteFor(row.tipo_persona, row.uuid);
              return (
                <tr key={row.uuid}>
                  <td>{row.id}</td>
                  <td className="uuid-cell">{row.uuid}</td>
                  <td>{row.tipo_persona}</td>
                  <td>{route && <RouterButton size="small" icon={<Edit />} to={route} text="Editar" aria-label={`Editar ${row.uuid}`} />}</td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </TableRegion>
    </section>
  );
}
