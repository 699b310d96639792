// /list: finished applicants, a page at a time. A double click or Enter on a row, or its 'Abrir'
// button, opens the wizard of its person type; 'Historial' its change history. Search, filters,
// sort and page are the URL's.
import { H1 } from '@blueprintjs/core';
import { useLoaderData, useNavigate } from 'react-router-dom';
import type { ApplicantRow } from '../../forms/contracts/lists';
import { useDocumentTitle } from '../layout/document-title';
import type { ListPageData } from './list-data';
import { APPLICANT_FILTERS, EDITABLE_TEXTS } from './list-filters';
import { ListPager, totalText } from './list-pager';
import { ListTable, type ListColumn } from './list-table';
import { ListToolbar } from './list-toolbar';
import { dateTime, emailText, NameCell, RowActions, text } from './row-cells';
import { useListNavigation } from './use-list-navigation';
import { wizardRouteFor } from '../../forms/app-paths';

// The spec's columns (01 §2: nombre, tipo_persona, email, id_persona_datos_generales, uuid) in
// Spanish, with the RFC, franchise, dates and editable level beside them.
const COLUMNS: ListColumn<ApplicantRow>[] = [
  { label: 'Folio', sort: 'folio', cell: (row) => text(row.id_persona_datos_generales?.toString()) },
  { label: 'Nombre', sort: 'nombre', cell: (row) => <NameCell name={row.nombre} pld={row.pld_confirmada} signed={row.firmada} />, className: 'name-cell' },
  { label: 'RFC', sort: 'rfc', cell: (row) => text(row.rfc) },
  { label: 'Tipo persona', sort: 'tipo', cell: (row) => row.tipo_persona },
  { label: 'Correo electrónico', cell: (row) => emailText(row.email), className: 'email-cell' },
  { label: 'Franquicia', sort: 'franquicia', cell: (row) => text(row.franquicia) },
  { label: 'Creada', sort: 'creada', cell: (row) => dateTime(row.fecha_creacion) },
  { label: 'Última modificación', sort: 'modificada', cell: (row) => dateTime(row.fecha_modificacion) },
  { label: 'Edición', cell: (row) => text(row.editable && EDITABLE_TEXTS[row.editable]) },
  { label: 'UUID', cell: (row) => row.uuid, className: 'uuid-cell' },
];

export function ApplicantsPage() {
  useDocumentTitle('Solicitantes');
  const { rows, total, query } = useLoaderData() as ListPageData<ApplicantRow>;
  const list = useListNavigation('applicants', query);
  const navigate = useNavigate();
  const open = (row: ApplicantRow) => {
    const route = wizardRouteFor(row.tipo_persona, row.uuid);
    if (route) navigate(route);
  };
  return (
    // Not a region of its own: the page is the main landmark, and its table's box is the region the title names.
    <div className="list-page">
      <H1 id="list-title">Solicitantes</H1>
      <ListToolbar kind="applicants" query={list.shown} filters={APPLICANT_FILTERS} pathname={list.pathname} onChange={list.go} />
      <p className="list-total" role="status">
        {totalText(total)}
      </p>
      <p id="list-hint">Doble clic (o Enter) sobre una fila abre su solicitud.</p>
      <ListTable
        labelledBy="list-title"
        describedBy="list-hint"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id_persona_datos_generales ?? row.uuid}
        onOpen={open}
        actions={(row) => <RowActions uuid={row.uuid} route={wizardRouteFor(row.tipo_persona, row.uuid)} openText="Abrir" />}
        query={list.shown}
        pathname={list.pathname}
        busy={list.loading}
      />
      <ListPager query={list.shown} total={total} pathname={list.pathname} onChange={list.go} />
    </div>
  );
}
