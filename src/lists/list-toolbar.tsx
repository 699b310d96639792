// The search box, the filters and the sort of a list (src/components/search-toolbar.tsx). Each
// change is a new URL (a new history entry).
import { LIST_SEARCH_MAX, type ListKind, type ListOrder, type ListSort } from '../../forms/contracts/lists';
import { DEFAULT_LIST_QUERY, isFiltered, withSort, type ListQuery } from '../../forms/list-query';
import { SearchToolbar, ToolbarSelect } from '../components/search-toolbar';
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
  const change = (next: Partial<ListQuery>) => onChange({ ...query, ...next, page: 1 });
  return (
    <SearchToolbar
      label="Buscar y filtrar la lista"
      searchId="list-search"
      hint="Nombre, RFC o código de la solicitud"
      q={query.q}
      maxLength={LIST_SEARCH_MAX}
      onSearch={(q) => change({ q })}
      clearHref={isFiltered(query) ? listHref(pathname, { ...DEFAULT_LIST_QUERY, sort: query.sort, order: query.order, pageSize: query.pageSize }) : null}
    >
      {filters.map((filter) => (
        <ToolbarSelect
          key={filter.name}
          id={`list-${filter.name}`}
          label={filter.label}
          value={query[filter.name] ?? ''}
          options={filter.options}
          onChange={(value) => change({ [filter.name]: value || null })}
        />
      ))}
      <ToolbarSelect id="list-sort" label="Ordenar por" value={query.sort} options={sortOptions(kind)} onChange={(value) => onChange(withSort(query, value as ListSort))} />
      <ToolbarSelect id="list-order" label="Orden" value={query.order} options={orderOptions(query.sort)} onChange={(value) => change({ order: value as ListOrder })} />
    </SearchToolbar>
  );
}
