// Below a list: how many rows match, how many a page shows, and links to the other pages (real
// links, so they open in a new tab and the keyboard reaches them).
import { FormGroup } from '@blueprintjs/core';
import { useRef } from 'react';
import { HTMLSelect } from '../components/html-select';
import { ChevronLeft, ChevronRight, DoubleChevronLeft, DoubleChevronRight } from '@blueprintjs/icons';
import { lastPage, LIST_PAGE_SIZES, type ListQuery } from '../../forms/list-query';
import { useFocusKeptInPager } from '../components/pager-focus';
import { RouterButton } from '../components/router-button';
import { listHref } from './list-data';

/** 'N registros', as the total reads above a list. */
export const totalText = (total: number) => (total === 1 ? '1 registro' : `${total.toLocaleString('es-MX')} registros`);

export interface ListPagerProps {
  query: ListQuery;
  total: number;
  pathname: string;
  onChange: (next: ListQuery) => void;
}

export function ListPager({ query, total, pathname, onChange }: ListPagerProps) {
  const pages = useRef<HTMLElement>(null);
  useFocusKeptInPager(pages);
  const last = lastPage(total, query.pageSize);
  const to = (page: number) => listHref(pathname, { ...query, page });
  const sizes = LIST_PAGE_SIZES.includes(query.pageSize as never) ? LIST_PAGE_SIZES : [...LIST_PAGE_SIZES, query.pageSize].sort((a, b) => a - b);
  return (
    <div className="list-pager">
      {last > 1 && (
        <nav ref={pages} aria-label="Páginas de la lista" className="list-pages">
          <RouterButton to={to(1)} icon={<DoubleChevronLeft />} aria-label="Primera página" disabled={query.page <= 1} />
          <RouterButton to={to(query.page - 1)} icon={<ChevronLeft />} text="Anterior" disabled={query.page <= 1} />
          <span className="list-page-number" aria-current="page">
            Página {query.page} de {last}
          </span>
          <RouterButton to={to(query.page + 1)} endIcon={<ChevronRight />} text="Siguiente" disabled={query.page >= last} />
          <RouterButton to={to(last)} icon={<DoubleChevronRight />} aria-label="Última página" disabled={query.page >= last} />
        </nav>
      )}
      <FormGroup label="Registros por página" labelFor="list-page-size" inline className="list-page-size">
        <HTMLSelect
          id="list-page-size"
          value={query.pageSize}
          options={sizes.map((size) => ({ value: size, label: String(size) }))}
          onChange={(event) => onChange({ ...query, pageSize: Number(event.currentTarget.value), page: 1 })}
        />
      </FormGroup>
    </div>
  );
}
