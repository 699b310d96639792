// The search box and the filters above a table whose query is the URL's (the staff lists, 'Correos
// enviados'). Each change is a new URL (a new history entry), made by the caller, which starts again
// at the first page; only the search text being typed lives in the input until it is sent.
import { Button, FormGroup, InputGroup, type HTMLSelectProps } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { useEffect, useRef, type ReactNode } from 'react';
import { HTMLSelect } from './html-select';
import { RouterButton } from './router-button';

export interface SearchToolbarProps {
  /** The form's name, as a screen reader announces the search landmark. */
  label: string;
  /** The search box's id; its hint's is `${searchId}-hint`. */
  searchId: string;
  /** What the search looks in, shown beneath the box. */
  hint: string;
  /** The search of the query shown. */
  q: string;
  maxLength: number;
  /** A search sent (button or Enter): its text trimmed, each run of spaces made one. */
  onSearch: (q: string) => void;
  /** Where 'Quitar filtros' leads; null when nothing narrows the table (no such button then). */
  clearHref: string | null;
  /** The filters, each a ToolbarSelect. */
  children?: ReactNode;
}

export function SearchToolbar({ label, searchId, hint, q, maxLength, onSearch, clearHref, children }: SearchToolbarProps) {
  const search = useRef<HTMLInputElement>(null);
  const clearing = useRef(false);
  // Back and Forward bring another search: show it, unless the person is typing one.
  useEffect(() => {
    const input = search.current;
    if (input && document.activeElement !== input && input.value !== q) input.value = q;
  }, [q]);
  // 'Quitar filtros' goes away with the filters it cleared, and the focus with it: pressed with the
  // keyboard, the search box takes it (after the effect above has emptied it), so the keyboard stays in the toolbar.
  useEffect(() => {
    if (clearHref !== null || !clearing.current) return;
    clearing.current = false;
    if (!document.activeElement || document.activeElement === document.body) search.current?.focus();
  }, [clearHref]);
  return (
    <form
      role="search"
      aria-label={label}
      className="list-toolbar"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(search.current?.value.trim().replace(/\s+/g, ' ') ?? '');
      }}
    >
      <FormGroup label="Buscar" labelFor={searchId} className="list-search">
        <div className="list-search-row">
          <InputGroup id={searchId} type="search" inputRef={search} defaultValue={q} maxLength={maxLength} aria-describedby={`${searchId}-hint`} fill />
          <Button type="submit" icon={<Search />} text="Buscar" />
        </div>
        <span id={`${searchId}-hint`} className="list-search-hint">
          {hint}
        </span>
      </FormGroup>
      {children}
      {clearHref !== null && (
        <div className="list-clear">
          <RouterButton
            to={clearHref}
            text="Quitar filtros"
            variant="minimal"
            onClick={(event) => {
              // Only when pressed with the keyboard (a click of detail 0): a tap should not open the phone's keyboard.
              clearing.current = event.detail === 0;
            }}
          />
        </div>
      )}
    </form>
  );
}

export interface ToolbarSelectProps {
  id: string;
  /** Its visible label. */
  label: string;
  value: string | number;
  options: HTMLSelectProps['options'];
  /** The option chosen, as its value's text. */
  onChange: (value: string) => void;
}

/** A filter or an order of the toolbar: a labelled select whose choice applies at once. */
export function ToolbarSelect({ id, label, value, options, onChange }: ToolbarSelectProps) {
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect id={id} value={value} options={options} onChange={(event) => onChange(event.currentTarget.value)} fill />
    </FormGroup>
  );
}
