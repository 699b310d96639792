// A list page's link to its URL: the query shown (the one being loaded while a change is on its
// way, so a control never jumps back), and moving to another query as a new history entry.
import { useLocation, useNavigate, useNavigation } from 'react-router-dom';
import type { ListKind } from '../../forms/contracts/lists';
import { readListQuery, type ListQuery } from '../../forms/list-query';
import { listHref } from './list-data';

export function useListNavigation(kind: ListKind, loaded: ListQuery) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const loading = pending !== undefined && pending.pathname === pathname;
  return {
    pathname,
    loading,
    shown: loading ? readListQuery(kind, new URLSearchParams(pending.search)).query : loaded,
    go: (next: ListQuery) => navigate(listHref(pathname, next)),
  };
}
