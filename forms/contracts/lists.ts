// The staff lists of spec 01 §7 on the wire: GET /wizardpf/cache (unfinished registrations) and
// GET /wizardpf (applicants). The body is the page's array of rows; the total and the page travel in
// the X-Total-Count, X-Page and X-Page-Size headers. The query string is read by forms/list-query.ts
// (the browser reads its own URL with it too); the schema here describes it with the same limits.
import { mixed, number, object, string, array, type InferType } from 'yup';
import { EDITABLE_LEVELS } from '../locking';
import { LIST_ORDERS, LIST_PAGE_MAX, LIST_PAGE_SIZE, LIST_PAGE_SIZE_MAX, LIST_SEARCH_MAX, PERSON_TYPE_FILTERS, UNFINISHED_STATES, type ListKind } from '../list-query';

const described = (description: string) => ({ description });

/** The query string of a list call. */
export function listQuerySchema(kind: ListKind) {
  return object({
    q: string()
      .max(LIST_SEARCH_MAX)
      .optional()
      .meta(described('every word in the name or RFC, in any order; or part of the RFC or uuid; case and accents ignored')),
    tipo: mixed().oneOf(Object.keys(PERSON_TYPE_FILTERS)).optional().meta({ ...described('person type'), openapi: { type: 'string' } }),
    ...(kind === 'unfinished'
      ? { estado: mixed().oneOf(UNFINISHED_STATES).optional().meta({ ...described('vigente: first filled at most 30 days ago; expirada: earlier'), openapi: { type: 'string' } }) }
      : {
          editable: mixed()
            .oneOf(EDITABLE_LEVELS)
            .optional()
            .meta({ ...described('editable level set by the main system (none: an approved request exists)'), openapi: { type: 'string' } }),
        }),
    order: mixed().oneOf(LIST_ORDERS).default('newest').meta({ ...described('by the date of the last change'), openapi: { type: 'string' } }),
    page: number().integer().min(1).max(LIST_PAGE_MAX).default(1).meta(described('page number, from 1')),
    page_size: number().integer().min(1).max(LIST_PAGE_SIZE_MAX).default(LIST_PAGE_SIZE).meta(described('rows per page')),
  });
}

/** An unfinished registration as GET /wizardpf/cache lists it. */
export const unfinishedRowSchema = object({
  id: number().integer().required(),
  uuid: string().required(),
  tipo_persona: string().required(),
  wizard_data: string().required().meta(described('JSON text: a summary of the model ({ tipo_persona, nombre, email, rfc }), never the whole model')),
});
export type UnfinishedRow = InferType<typeof unfinishedRowSchema>;

/** A finished applicant as GET /wizardpf lists it. */
export const applicantRowSchema = object({
  nombre: string().defined(),
  email: string().defined(),
  tipo_persona: string().required(),
  id_persona_datos_generales: number().integer().nullable().defined(),
  uuid: string().required(),
});
export type ApplicantRow = InferType<typeof applicantRowSchema>;

export const unfinishedPageSchema = array(unfinishedRowSchema.required()).required();
export const applicantsPageSchema = array(applicantRowSchema.required()).required();

/** The paging headers of a list answer. */
export const LIST_PAGE_HEADERS = {
  'X-Total-Count': 'rows matching the search and filters, on every page',
  'X-Page': 'the page answered',
  'X-Page-Size': 'rows per page',
} as const;
