// /list-cache: unfinished registrations, a page at a time, with an edit button that opens the
// wizard of the type. Search, filters, order and page are the URL's.
import { H1, HTMLTable } from '@blueprintjs/core';
import { Edit } from '@blueprintjs/icons';
import { useLoaderData } from 'react-router-dom';
import { NOTICES } from '../../forms/messages';
import type { UnfinishedRecord } from '../../services/lists';
import { RouterButton } from '../components/router-button';
import { EmptyRow, TableHead, TableRegion, type Column } from '../components/table-parts';
import type { ListPageData } from './list-data';
import { UNFINISHED_FILTERS } from './list-filters';
import { ListPager, totalText } from './list-pager';
import { ListToolbar } from './list-toolbar';
import { useListNavigation } from './use-list-navigation';
import { wizardRouteFor } from './wizard-route-for';
import { useDocumentTitle } from '../layout/document-title';

const COLUMNS: Column[] = ['#', 'UUID', 'Tipo persona', { label: 'Acciones', hidden: true }];

export function UnfinishedPage() {
  useDocumentTitle('Registros sin terminar');
  const { rows, total, query } = useLoaderData() as ListPageData<UnfinishedRecord>;
  const list = useListNavigation('unfinished', query);
  return (
    <section aria-labelledby="list-title" className="list-page">
      <H1 id="list-title">Registros sin terminar</H1>
      <ListToolbar query={list.shown} filters={UNFINISHED_FILTERS} pathname={list.pathname} onChange={list.go} />
      <p className="list-total" role="status">
        {totalText(total)}
      </p>
      <TableRegion labelledBy="list-title">
        <HTMLTable striped className="list-table" aria-busy={list.loading}>
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
      <ListPager query={list.shown} total={total} pathname={list.pathname} onChange={list.go} />
    </section>
  );
}
