// The PLD calls of spec §7 for staff: POST /blacklist/{uuid} screens a stored application with its
// guarantors, POST /blacklist a model not stored yet. The answer's parties become the review's
// groups (forms/pld.ts groupsOf).
import type { AxiosInstance } from 'axios';
import { groupsOf, type BlacklistResult } from '../forms/pld';
import type { BlacklistAnswer } from '../forms/contracts/pld';

/** Screens every party of the applicant model; rejects with the axios error when the call fails. */
export async function screenApplication(http: AxiosInstance, model: Record<string, unknown>): Promise<BlacklistAnswer> {
  const uuid = typeof model.uuid === 'string' && model.uuid ? model.uuid : null;
  const { data } = await http.post<BlacklistResult>(uuid ? `/blacklist/${encodeURIComponent(uuid)}` : '/blacklist', model);
  return { validatePLD: data.validatePLD, groups: groupsOf(data) };
}

/** One loaded list as staff read it beside the review: which load it belongs to and how recent it is. */
export interface PldListInfo {
  lista: string;
  /** The date the list itself states, when it states one (YYYY-MM-DD). */
  fecha_lista: string | null;
  entradas: number;
  /** The load's version (a digest of the files) and when the server loaded it (ISO). */
  version: string | null;
  cargada: string | null;
}

/** GET /pld/lists (staff): the lists the searches run against now. */
export async function fetchPldLists(http: AxiosInstance): Promise<PldListInfo[]> {
  const { data } = await http.get<{ version: string | null; cargada: string | null; listas: Array<{ lista: string; fecha_lista: string | null; entradas: number }> }>(
    '/pld/lists',
  );
  return data.listas.map(({ lista, fecha_lista, entradas }) => ({ lista, fecha_lista, entradas, version: data.version, cargada: data.cargada }));
}
