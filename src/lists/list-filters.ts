// The filters and sorts each list offers, with the Spanish text of every choice; '' is "no filter".
import { LIST_SORTS, PERSON_TYPE_FILTERS, type ListKind, type ListOrder, type ListSort } from '../../forms/contracts/lists';
import { isDateSort, type ListQuery } from '../../forms/list-query';
import type { EditableLevel } from '../../forms/locking';

export interface ListFilter {
  name: keyof Pick<ListQuery, 'tipo' | 'estado' | 'editable'>;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

const PERSON_TYPE: ListFilter = {
  name: 'tipo',
  label: 'Tipo de persona',
  options: [{ value: '', label: 'Todos' }, ...Object.entries(PERSON_TYPE_FILTERS).map(([value, label]) => ({ value, label }))],
};

export const UNFINISHED_FILTERS: ListFilter[] = [
  PERSON_TYPE,
  {
    name: 'estado',
    label: 'Estado',
    options: [
      { value: '', label: 'Todos' },
      { value: 'vigente', label: 'Vigentes (30 días desde el primer registro)' },
      { value: 'expirada', label: 'Expiradas' },
    ],
  },
];

/** An applicant's editable level (set by the main system), in words. */
export const EDITABLE_TEXTS: Record<EditableLevel, string> = {
  all: 'Editable',
  general_fields: 'Datos de identidad bloqueados',
  api_fields: 'Solo datos de consulta editables',
  none: 'Con solicitud aprobada',
};

export const APPLICANT_FILTERS: ListFilter[] = [
  PERSON_TYPE,
  {
    name: 'editable',
    label: 'Edición',
    options: [{ value: '', label: 'Todas' }, ...Object.entries(EDITABLE_TEXTS).map(([value, label]) => ({ value, label }))],
  },
];

const SORT_TEXTS: Record<ListSort, string> = {
  numero: 'Número (#)',
  folio: 'Folio',
  nombre: 'Nombre',
  rfc: 'RFC',
  tipo: 'Tipo persona',
  franquicia: 'Franquicia',
  creada: 'Fecha de creación',
  modificada: 'Última modificación',
  vence: 'Vencimiento',
};

/** The columns a list sorts by, for the 'Ordenar por' choice (the headers sort too). */
export const sortOptions = (kind: ListKind) => LIST_SORTS[kind].map((value) => ({ value, label: SORT_TEXTS[value] }));

/** The two directions of a sort, in the words of its column: dates newest first, texts A to Z. */
export const orderOptions = (sort: ListSort): Array<{ value: ListOrder; label: string }> =>
  isDateSort(sort)
    ? [
        { value: 'desc', label: 'Más recientes primero' },
        { value: 'asc', label: 'Más antiguos primero' },
      ]
    : [
        { value: 'asc', label: 'De la A a la Z' },
        { value: 'desc', label: 'De la Z a la A' },
      ];
