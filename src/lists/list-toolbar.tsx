// The search box, the filters and the sort of a list. Each change is a new URL (a new history
// entry); only the search text being typed lives in the input until it is sent.
import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { HTMLSelect } from '../components/html-select';
import { Search } from '@blueprintjs/icons';
import { useEffect, useRef } from 'react';
import { LIST_SEARCH_MAX, type ListKind, type ListOrder, type ListSort } from '../../forms/contracts/lists';
import { DEFAULT_LIST_QUERY, isFiltered, withSort, type ListQuery } from '../../forms/list-query';
import { RouterButton } from '../components/router-button';
import { listHref } from './list-data';
import { orderOptions, sortOptions, type ListFilter } from './list-filters';

export interface ListToolbarProps {
  /** Which list: the columns it sorts by. */
  kind: ListKind;
  query: ListQuery;
  filters: ListFilter[];
  pathname: string;
  onChange: (next: ListQuery) => void;
}

export function ListToolbar({ kind, query, filters, pathname, onChange }: ListToolbarProps) {
  const search = useRef<HTMLInputElement>(null);
  // Back and Forward bring another search: show it, unless the person is typing one.
  useEffect(() => {
    const input = search.current;
    if (input && document.activeElement !== input && input.value !== query.q) input.value = query.q;
  }, [query.q]);
  const change = (next: Partial<ListQuery>) => onChange({ ...query, ...next, page: 1 });
  return (
    <form
      role="search"
      aria-label="Buscar y filtrar la lista"
      className="list-toolbar"
      onSubmit={(event) => {
        event.preventDefault();
        change({ q: search.current?.value.trim().replace(/\s+/g, ' ') ?? '' });
      }}
    >
      <FormGroup label="Buscar" labelFor="list-search" className="list-search">
        <div className="list-search-row">
          <InputGroup
            id="list-search"
            type="search"
            inputRef={search}
            defaultValue={query.q}
            maxLength={LIST_SEARCH_MAX}
            aria-describedby="list-search-hint"
            fill
          />
          <Button type="submit" icon={<Search />} text="Buscar" />
        </div>
        <span id="list-search-hint" className="list-search-hint">
          Nombre, RFC o código de la solicitud
        </span>
      </FormGroup>
      {filters.map((filter) => (
        <FormGroup key={filter.name} label={filter.label} labelFor={`list-${filter.name}`}>
          <HTMLSelect
            id={`list-${filter.name}`}
            value={query[filter.name] ?? ''}
            options={filter.options}
            onChange={(event) => change({ [filter.name]: event.currentTarget.value || null })}
            fill
          />
        </FormGroup>
      ))}
      <FormGroup label="Ordenar por" labelFor="list-sort">
        <HTMLSelect id="list-sort" value={query.sort} options={sortOptions(kind)} onChange={(event) => onChange(withSort(query, event.currentTarget.value as ListSort))} fill />
      </FormGroup>
      <FormGroup label="Orden" labelFor="list-order">
        <HTMLSelect id="list-order" value={query.order} options={orderOptions(query.sort)} onChange={(event) => change({ order: event.currentTarget.value as ListOrder })} fill />
      </FormGroup>
      {isFiltered(query) && (
        <div className="list-clear">
          <RouterButton to={listHref(pathname, { ...DEFAULT_LIST_QUERY, sort: query.sort, order: query.order, pageSize: query.pageSize })} text="Quitar filtros" variant="minimal" />
        </div>
      )}
    </form>
  );
}
