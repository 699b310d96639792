// The PLD review staff send with a save (`pld` beside `data` and `meta`, spec 01 §7): checked
// against the contract (forms/contracts/pld.ts pldReviewSchema, a 400 'invalid_pld' in Spanish) and
// kept as the model's `pld_coincidences`. Only the fields of the contract are kept.
import { pldReviewSchema, type PldCoincidences } from '../../forms/contracts/pld';
import { contractBody } from '../validation/contract-body';

/** The review in a save's body, checked; fields outside the contract (a match's score or reason, say) are left out. */
export const checkedPldReview = (value: unknown): PldCoincidences => contractBody(pldReviewSchema, value, { stripUnknown: true });

/** What a staff save keeps: the review, validated and no longer required (spec 01 §4). */
export const reviewedCoincidences = (review: PldCoincidences): PldCoincidences => ({
  ...review,
  coincidencias_validadas: true,
  validar_coincidencias: false,
});
