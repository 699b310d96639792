// The high-risk-person (PLD) review's shapes, shared by the server, the services and the review
// statechart (spec 01 §3 pld_coincidences, §7 /blacklist and /pld/search; 02 §4). The wire shapes
// are the contract's (forms/contracts/pld.ts), named here too for the review's code.
import { PLD_GROUPS, type BlacklistResult, type PartyResult, type PldGroup, type PldMatch } from './contracts/pld';

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

/** A screened party of the application: its review group, the field that names it on this model's own record, and its guarantor. */
export interface ScreenedParty {
  group: PldGroup;
  party: PartyResult;
  /** The field that names it, for the model's own parties (where the rule's message shows). */
  path?: string;
  /** The guarantor whose party it is; null for the applicant's own. */
  avalUuid: string | null;
}

/** Every party a screening answered for, in the review's group order. */
export function screenedParties(result: BlacklistResult): ScreenedParty[] {
  return [
    ...result.pf.map((party) => ({ group: 'pf' as const, party, path: 'nombre', avalUuid: null })),
    ...result.pm.map((party) => ({ group: 'pm' as const, party, path: 'nombre', avalUuid: null })),
    ...result.legalRepresentative.map((party) => ({ group: 'legalRepresentative' as const, party, path: `representantes[${party.index}].nombre`, avalUuid: null })),
    ...result.accionistas.map((party) => ({ group: 'accionistas' as const, party, path: party.aval_uuid === null ? `accionistas[${party.index}].nombre` : undefined, avalUuid: party.aval_uuid })),
    ...result.guarantees.map((party) => ({ group: 'guarantees' as const, party, avalUuid: party.uuid })),
    ...result.guarantees.flatMap((guarantee) => guarantee.representantes.map((party) => ({ group: 'guaranteeRepresentatives' as const, party, avalUuid: guarantee.uuid }))),
    ...result.HeritageBond.map((party) => ({ group: 'HeritageBond' as const, party, path: party.aval_uuid === null ? 'involucrado_vinculo_patrimonial' : undefined, avalUuid: party.aval_uuid })),
  ];
}

/** A match as the review holds it: the listed entry and the party it was found for. */
export const reviewMatch = ({ party, path }: Pick<ScreenedParty, 'party' | 'path'>, { nombre, rfc, lista, id }: PartyResult['coincidencias'][number]): PldMatch => ({
  nombre,
  rfc,
  lista,
  id,
  persona: party.nombre,
  ...(path ? { path } : {}),
});

/**
 * The review's groups from a screening's parties. The review and ongoing monitoring key matches
 * alike from them (matchKey).
 */
export function groupsOf(result: BlacklistResult): Record<PldGroup, PldMatch[]> {
  const groups = Object.fromEntries(PLD_GROUPS.map((group) => [group, [] as PldMatch[]])) as Record<PldGroup, PldMatch[]>;
  for (const screened of screenedParties(result)) groups[screened.group].push(...screened.party.coincidencias.map((match) => reviewMatch(screened, match)));
  return groups;
}
