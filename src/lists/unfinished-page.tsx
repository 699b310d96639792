// /list-cache: unfinished registrations, a page at a time, with an edit button that opens the
// wizard of the type and a link to the record's history. Search, filters, sort and page are the URL's.
import { H1 } from '@blueprintjs/core';
import { useLoaderData } from 'react-router-dom';
import type { UnfinishedRow } from '../../forms/contracts/lists';
import { useDocumentTitle } from '../layout/document-title';
import type { ListPageData } from './list-data';
import { UNFINISHED_FILTERS } from './list-filters';
import { ListPager, totalText } from './list-pager';
import { ListTable, type ListColumn } from './list-table';
import { ListToolbar } from './list-toolbar';
import { dateTime, day, NameCell, RowActions, StateTag, text } from './row-cells';
import { useListNavigation } from './use-list-navigation';
import { wizardRouteFor } from '../../forms/app-paths';

// '#', 'UUID' and 'Tipo persona' are the spec's (01 §2); the rest help staff find and sort a record.
const COLUMNS: ListColumn<UnfinishedRow>[] = [
  { label: '#', sort: 'numero', cell: (row) => row.id },
  { label: 'Nombre', sort: 'nombre', cell: (row) => <NameCell name={row.nombre} pld={row.pld_confirmada} signed={row.firmada} />, className: 'name-cell' },
  { label: 'RFC', sort: 'rfc', cell: (row) => text(row.rfc) },
  { label: 'Tipo persona', sort: 'tipo', cell: (row) => row.tipo_persona },
  { label: 'Franquicia', sort: 'franquicia', cell: (row) => text(row.franquicia) },
  { label: 'Creada', sort: 'creada', cell: (row) => dateTime(row.fecha_creacion) },
  { label: 'Última modificación', sort: 'modificada', cell: (row) => dateTime(row.fecha_modificacion) },
  { label: 'Vence', sort: 'vence', cell: (row) => day(row.fecha_vencimiento) },
  { label: 'Estado', cell: (row) => <StateTag state={row.estado} /> },
  { label: 'UUID', cell: (row) => row.uuid, className: 'uuid-cell' },
];

export function UnfinishedPage() {
  useDocumentTitle('Registros sin terminar');
  const { rows, total, query } = useLoaderData() as ListPageData<UnfinishedRow>;
  const list = useListNavigation('unfinished', query);
  return (
    // Not a region of its own: the page is the main landmark, and its table's box is the region the title names.
    <div className="list-page">
      <H1 id="list-title">Registros sin terminar</H1>
      <ListToolbar kind="unfinished" query={list.shown} filters={UNFINISHED_FILTERS} pathname={list.pathname} onChange={list.go} />
      <p className="list-total" role="status">
        {totalText(total)}
      </p>
      <ListTable
        labelledBy="list-title"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.uuid}
        actions={(row) => <RowActions uuid={row.uuid} route={wizardRouteFor(row.tipo_persona, row.uuid)} openText="Editar" />}
        query={list.shown}
        pathname={list.pathname}
        busy={list.loading}
      />
      <ListPager query={list.shown} total={total} pathname={list.pathname} onChange={list.go} />
    </div>
  );
}
