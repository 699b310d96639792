// The filters each list offers, with the Spanish text of every choice; '' is "no filter".
import { PERSON_TYPE_FILTERS } from '../../forms/contracts/lists';
import type { ListQuery } from '../../forms/list-query';

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

export const APPLICANT_FILTERS: ListFilter[] = [
  PERSON_TYPE,
  {
    name: 'editable',
    label: 'Edición',
    options: [
      { value: '', label: 'Todas' },
      { value: 'all', label: 'Editable' },
      { value: 'general_fields', label: 'Datos de identidad bloqueados' },
      { value: 'api_fields', label: 'Solo datos de consulta editables' },
      { value: 'none', label: 'Con solicitud aprobada' },
    ],
  },
];

export const ORDER_OPTIONS = [
  { value: 'newest', label: 'Más recientes primero' },
  { value: 'oldest', label: 'Más antiguos primero' },
];
