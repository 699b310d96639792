// A staff list's table: headers that sort the list (links to the same list sorted by that column),
// a row per record that opens with a double click or Enter, and each row's action buttons. Below
// 600 px every row is a card of label and value (styles.css `.card-table`), its buttons visible.
import { HTMLTable } from '@blueprintjs/core';
import { ChevronDown, ChevronUp, DoubleCaretVertical } from '@blueprintjs/icons';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ListSort } from '../../forms/contracts/lists';
import { sortedBy, type ListQuery } from '../../forms/list-query';
import { NOTICES } from '../../forms/messages';
import { CardCells, EmptyRow, TableRegion, type CardColumn } from '../components/table-parts';
import { listHref } from './list-data';

export interface ListColumn<Row> extends CardColumn<Row> {
  /** The sort the header sets; a header without one does not sort. */
  sort?: ListSort;
}

export interface ListTableProps<Row> {
  /** The id of the heading that names the list. */
  labelledBy: string;
  /** The id of a text telling how rows open. */
  describedBy?: string;
  columns: ListColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** The action of a double click or Enter on a row; rows without one are not focusable. */
  onOpen?: (row: Row) => void;
  /** The row's buttons, in its last column. */
  actions: (row: Row) => ReactNode;
  query: ListQuery;
  pathname: string;
  busy: boolean;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortHeader({ label, sort, query, pathname }: { label: string; sort: ListSort; query: ListQuery; pathname: string }) {
  const current = query.sort === sort ? query.order : null;
  const Icon = current === 'asc' ? ChevronUp : current === 'desc' ? ChevronDown : DoubleCaretVertical;
  return (
    <th scope="col" aria-sort={current ? ARIA_SORT[current] : 'none'}>
      <Link className="sort-link" to={listHref(pathname, sortedBy(query, sort))}>
        {label}
        <Icon aria-hidden="true" size={12} />
      </Link>
    </th>
  );
}

export function ListTable<Row>({ labelledBy, describedBy, columns, rows, rowKey, onOpen, actions, query, pathname, busy }: ListTableProps<Row>) {
  const opensOnEnter = (row: Row) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    // Enter on a button inside the row is the button's.
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen?.(row);
  };
  return (
    <TableRegion labelledBy={labelledBy}>
      <HTMLTable striped interactive={Boolean(onOpen)} className="list-table card-table" aria-describedby={describedBy} aria-busy={busy}>
        <thead>
          <tr>
            {columns.map((column) =>
              column.sort ? (
                <SortHeader key={column.label} label={column.label} sort={column.sort} query={query} pathname={pathname} />
              ) : (
                <th scope="col" key={column.label}>
                  {column.label}
                </th>
              ),
            )}
            <th scope="col">
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && <EmptyRow columns={columns.length + 1} text={NOTICES.noMatches} />}
          {rows.map((row) => (
            <tr key={rowKey(row)} tabIndex={onOpen ? 0 : undefined} onDoubleClick={onOpen && (() => onOpen(row))} onKeyDown={onOpen && opensOnEnter(row)}>
              <CardCells row={row} columns={columns} actions={actions} />
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableRegion>
  );
}
