// /list: finished applicants, a page at a time. A double click (or Enter) on a Física row opens
// its wizard; other types do nothing (spec 01 §2). Search, filters, order and page are the URL's.
import { H1, HTMLTable } from '@blueprintjs/core';
import { useLoaderData, useNavigate } from 'react-router-dom';
import { NOTICES } from '../../forms/messages';
import type { ApplicantSummary } from '../../services/lists';
import { EmptyRow, TableHead, TableRegion } from '../components/table-parts';
import type { ListPageData } from './list-data';
import { APPLICANT_FILTERS } from './list-filters';
import { ListPager, totalText } from './list-pager';
import { ListToolbar } from './list-toolbar';
import { useListNavigation } from './use-list-navigation';
import { useDocumentTitle } from '../layout/document-title';

const COLUMNS = ['nombre', 'tipo_persona', 'email', 'id_persona_datos_generales', 'uuid'];

export function ApplicantsPage() {
  useDocumentTitle('Solicitantes');
  const { rows, total, query } = useLoaderData() as ListPageData<ApplicantSummary>;
  const list = useListNavigation('applicants', query);
  const navigate = useNavigate();
  const open = (row: ApplicantSummary) => row.tipo_persona === 'Física' && navigate(`/pf/${encodeURIComponent(row.uuid)}`);
  return (
    <section aria-labelledby="list-title" className="list-page">
      <H1 id="list-title">Solicitantes</H1>
      <ListToolbar query={list.shown} filters={APPLICANT_FILTERS} pathname={list.pathname} onChange={list.go} />
      <p className="list-total" role="status">
        {totalText(total)}
      </p>
      <p id="list-hint">Doble clic (o Enter) sobre una persona física abre su solicitud.</p>
      <TableRegion labelledBy="list-title">
        <HTMLTable striped interactive className="list-table" aria-describedby="list-hint" aria-busy={list.loading}>
          <TableHead columns={COLUMNS} />
          <tbody>
            {rows.length === 0 && <EmptyRow columns={COLUMNS.length} text={NOTICES.noMatches} />}
            {rows.map((row) => (
              <tr
                key={row.id_persona_datos_generales ?? row.uuid}
                tabIndex={row.tipo_persona === 'Física' ? 0 : undefined}
                onDoubleClick={() => open(row)}
                onKeyDown={(event) => event.key === 'Enter' && open(row)}
              >
                <td>{row.nombre}</td>
                <td>{row.tipo_persona}</td>
                <td>{row.email}</td>
                <td>{row.id_persona_datos_generales}</td>
                <td className="uuid-cell">{row.uuid}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableRegion>
      <ListPager query={list.shown} total={total} pathname={list.pathname} onChange={list.go} />
    </section>
  );
}
