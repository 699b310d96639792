// A table of records, a row each, whose last column holds each row's buttons ('Correos enviados',
// 'Alertas PLD'); below 600 px every row is a card of label and value (styles.css `.card-table`). The
// staff lists have their own (src/lists/list-table.tsx): their headers sort and their rows open.
import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { CardCells, EmptyRow, TableHead, TableRegion, type CardColumn, type TableName } from './table-parts';

export type RowColumn<Row> = CardColumn<Row>;

export type RowTableProps<Row> = TableName & {
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
};

export function RowTable<Row>({ describedBy, className, columns, rows, rowKey, empty, actions, busy, ...name }: RowTableProps<Row>) {
  const head = [...columns.map((column) => column.label), { label: 'Acciones', hidden: true as const }];
  return (
    <TableRegion {...name}>
      <HTMLTable striped compact className={`list-table card-table row-table ${className}`} aria-describedby={describedBy} aria-busy={busy}>
        <TableHead columns={head} />
        <tbody>
          {rows.length === 0 && <EmptyRow columns={head.length} text={empty} />}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <CardCells row={row} columns={columns} actions={actions} />
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableRegion>
  );
}
