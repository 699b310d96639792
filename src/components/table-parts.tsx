// The parts every table of the app shares: a scrolling box reachable by keyboard, a header row of
// column names, and the row that says there is nothing to list.
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
