// A table of records, a row each, whose last column holds each row's buttons ('Correos enviados',
// 'Alertas PLD'); below 600 px every row is a card of label and value (styles.css `.card-table`). The
// staff lists have their own (src/lists/list-table.tsx): their headers sort and their rows open.
import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { EmptyRow, TableHead, TableRegion } from './table-parts';

export interface RowColumn<Row> {
  /** The header, and the value's label on a card. */
  label: string;
  /** One element: on a card the cell is a row of label and value. */
  cell: (row: Row) => ReactNode;
  className?: string;
}

export interface RowTableProps<Row> {
  /** The id of the heading that names the table, or (`label`) its own name. */
  labelledBy?: string;
  label?: string;
  /** The id of a text that says what the table holds. */
  describedBy?: string;
  /** Added to `list-table card-table row-table`. */
  className: string;
  columns: RowColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** What the only row says when there is none. */
  empty: string;
  /** The row's buttons, in its last column (named 'Acciones' for screen readers only). */
  actions: (row: Row) => ReactNode;
  /** While another page of rows or a new look at them loads. */
  busy: boolean;
}

export function RowTable<Row>({ labelledBy, label, describedBy, className, columns, rows, rowKey, empty, actions, busy }: RowTableProps<Row>) {
  const head = [...columns.map((column) => column.label), { label: 'Acciones', hidden: true as const }];
  return (
    <TableRegion labelledBy={labelledBy} label={label}>
      <HTMLTable striped compact className={`list-table card-table row-table ${className}`} aria-describedby={describedBy} aria-busy={busy}>
        <TableHead columns={head} />
        <tbody>
          {rows.length === 0 && <EmptyRow columns={head.length} text={empty} />}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
              <td className="row-actions card-table-actions">{actions(row)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableRegion>
  );
}
