// The parts every table of the app shares: a scrolling box reachable by keyboard, a header row of
// column names, and the row that says there is nothing to list.
import type { ReactNode, Ref } from 'react';

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

export interface TableRegionProps {
  /** The region's name: its own text, or the id of a heading that names it. */
  label?: string;
  labelledBy?: string;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/** A table's box, scrolling sideways when the table is wider than the screen, and focusable so the keyboard can scroll it. */
export function TableRegion({ label, labelledBy, ref, children }: TableRegionProps) {
  return (
    <div ref={ref} className="table-scroll" role="region" tabIndex={0} aria-label={label} aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}
