// /list: finished applicants. A double click (or Enter) on a Física row opens its wizard;
// other types do nothing (spec 01 §2).
import { H1, HTMLTable } from '@blueprintjs/core';
import { useLoaderData, useNavigate } from 'react-router-dom';
import { NOTICES } from '../../forms/messages';
import type { ApplicantSummary } from '../../services/lists';
import { EmptyRow, TableHead, TableRegion } from '../components/table-parts';

const COLUMNS = ['nombre', 'tipo_persona', 'email', 'id_persona_datos_generales', 'uuid'];

export function ApplicantsPage() {
  const rows = useLoaderData() as ApplicantSummary[];
  const navigate = useNavigate();
  const open = (row: ApplicantSummary) => row.tipo_persona === 'Física' && navigate(`/pf/${encodeURIComponent(row.uuid)}`);
  return (
    <section aria-labelledby="list-title" className="list-page">
      <H1 id="list-title">Solicitantes</H1>
      <p id="list-hint">Doble clic (o Enter) sobre una persona física abre su solicitud.</p>
      <TableRegion labelledBy="list-title">
        <HTMLTable striped interactive className="list-table" aria-describedby="list-hint">
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
    </section>
  );
}
