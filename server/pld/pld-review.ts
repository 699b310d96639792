// The PLD review staff send with a save (`pld` beside `data` and `meta`, spec 01 §7): checked
// against the contract (forms/contracts/pld.ts pldReviewSchema, a 400 'invalid_pld' in Spanish) and
// kept as the model's `pld_coincidences`. Only the fields of the contract are kept; who confirmed a
// match and when are the server's.
import type { FastifyRequest } from 'fastify';
import { pldReviewSchema, type PldCoincidences, type PldGroup, type PldMatch } from '../../forms/contracts/pld';
import { matchKey } from '../../forms/pld';
import { contractBody } from '../validation/contract-body';

/** The review in a save's body, checked; fields outside the contract (a match's score or reason, say) are left out. */
export const checkedPldReview = (value: unknown): PldCoincidences => contractBody(pldReviewSchema, value, { stripUnknown: true });

/** The staff member saving a review, or closing a PLD alert. */
export interface Reviewer {
  /** 'staff:<id>' */
  id: string;
  nombre: string;
}

/** The signed-in staff member of the request as a reviewer. */
export async function reviewerOf(request: FastifyRequest): Promise<Reviewer> {
  const id = request.session!.sub;
  const user = await request.backend.staff.findById(Number(id));
  return { id: `staff:${id}`, nombre: user ? [user.nombre, user.apellido_paterno, user.apellido_materno].filter(Boolean).join(' ') : `staff:${id}` };
}

/**
 * What a staff save keeps: the review, validated and no longer required (spec 01 §4). A confirmed
 * match keeps who confirmed it and when from the stored review while its reason is unchanged;
 * otherwise (new, or its reason rewritten) it is this reviewer's, now.
 */
export const reviewedCoincidences = (review: PldCoincidences, stored: PldCoincidences | null, reviewer: Reviewer, version: string | null, now = new Date()): PldCoincidences => {
  const before = new Map<string, PldMatch>();
  for (const [group, matches] of Object.entries(stored?.users ?? {})) for (const match of matches ?? []) before.set(matchKey(group as PldGroup, match), match);
  const users = Object.fromEntries(
    Object.entries(review.users).map(([group, matches]) => [
      group,
      (matches ?? []).map((match) => {
        const motivo = match.motivo?.trim() ?? '';
        const kept = before.get(matchKey(group as PldGroup, match));
        const same = kept?.confirmada_el && kept.confirmada_por && kept.motivo?.trim() === motivo;
        return {
          ...match,
          motivo,
          confirmada_por: same ? kept.confirmada_por : reviewer.nombre,
          confirmada_por_id: same ? kept.confirmada_por_id : reviewer.id,
          confirmada_el: same ? kept.confirmada_el : now.toISOString(),
          // The lists' version the match was confirmed against: its provenance, shown in 'Validaciones PLD'.
          ...((same ? kept.version_listas : version) ? { version_listas: (same ? kept.version_listas : version)! } : {}),
        };
      }),
    ]),
  );
  return { ...review, users, coincidencias_validadas: true, validar_coincidencias: false };
};
