// The high-risk-person (PLD) review's shapes, shared by the server, the services and the review
// statechart (spec 01 §3 pld_coincidences, §7 /blacklist and /pld/search; 02 §4). The wire shapes
// are the contract's (forms/contracts/pld.ts), named here too for the review's code.
import type { PldGroup, PldMatch } from './contracts/pld';

export {
  PLD_GROUPS,
  type BlacklistResult,
  type GuaranteeResult,
  type HeritageBondResult,
  type ListedMatch,
  type PartyResult,
  type PldCoincidences,
  type PldGroup,
  type PldMatch,
  type RepresentativeResult,
  type ShareholderResult,
  type WordMotive,
} from './contracts/pld';

/** A match as staff reviewed it: which group, which party, which list entry. */
export const matchKey = (group: PldGroup, match: PldMatch) => [group, match.persona ?? '', match.lista, match.id ?? match.nombre].join('|');
