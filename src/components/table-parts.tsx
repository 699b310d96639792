// The parts every table of the app shares: a scrolling box reachable by keyboard, a header row of
// column names, the row that says there is nothing to list, and a card table's cells of a row.
import { useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';

/** A column's header: its name, or a name only screen readers hear (an actions column). */
export type Column = string | { label: string; hidden: true };

export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th scope="col" key={column}>
              {column}
            </th>
          ) : (
            <th scope="col" key={column.label}>
              <span className="sr-only">{column.label}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** A column of a card table (styles.css `.card-table`): below 600 px each row is a card of label and value. */
export interface CardColumn<Row> {
  /** The header, and the value's label on a card. */
  label: string;
  /** One element: on a card the cell is a row of label and value. */
  cell: (row: Row) => ReactNode;
  className?: string;
}

/** A card table row's cells: each column's value, labelled for its card, and last the row's buttons. */
export function CardCells<Row>({ row, columns, actions }: { row: Row; columns: readonly CardColumn<Row>[]; actions: (row: Row) => ReactNode }) {
  return (
    <>
      {columns.map((column) => (
        <td key={column.label} data-label={column.label} className={column.className}>
          {column.cell(row)}
        </td>
      ))}
      <td className="row-actions card-table-actions">{actions(row)}</td>
    </>
  );
}

/** The only row of an empty table, across its columns (one plain line when the table is cards). */
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns} className="card-table-empty">
        {text}
      </td>
    </tr>
  );
}

/** A table's name: the id of a heading that names it, or its own text; one of the two, never both. */
export type TableName = { labelledBy: string; label?: never } | { label: string; labelledBy?: never };

export type TableRegionProps = TableName & {
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
};

/**
 * A table's box, scrolling sideways when the table is wider than the screen, and then a stop of the
 * Tab key so the keyboard can scroll it; a table that fits is no stop (a dialog of five short tables
 * would otherwise take five presses more), though the page may still move the focus to it.
 */
export function TableRegion({ label, labelledBy, ref, children }: TableRegionProps) {
  const box = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => box.current!, []);
  const [scrolls, setScrolls] = useState(true);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="table-scroll" role="region" tabIndex={scrolls ? 0 : -1} aria-label={label} aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}
