// The high-risk-person (PLD) review's shapes, shared by the server, the services and the review
// statechart (spec 01 §3 pld_coincidences, §7 /blacklist and /pld/search; 02 §4).

/** The groups of the review: the client (pf or pm), its representatives, guarantors and their representatives, linked parties. */
export const PLD_GROUPS = ['pf', 'pm', 'legalRepresentative', 'guarantees', 'guaranteeRepresentatives', 'HeritageBond'] as const;
export type PldGroup = (typeof PLD_GROUPS)[number];

/** A listed entry found for a name or RFC, as POST /pld/search answers it. */
export interface ListedMatch {
  /** The listed entry's primary name. */
  nombre: string;
  rfc: string | null;
  /** 'OFAC SDN', 'ONU', 'SAT 69-B' or 'SFP'. */
  lista: string;
  score: number;
  reason: string;
  /** The list and the entry's id in it, e.g. 'OFAC SDN:7156'. */
  id: string;
  /** The listed name, alias or RFC that matched. */
  coincide_con: string;
}

/** A match as the review shows and keeps it. */
export interface PldMatch {
  nombre: string;
  rfc: string | null;
  lista: string;
  /** The list entry's identifier (ListedMatch.id). */
  id?: string;
  /** The party of the application that matched. */
  persona?: string;
  /** The model field naming that party, when it is this model's own (e.g. 'representantes[1].nombre'); not stored. */
  path?: string;
}

/** What a model keeps of its review (`pld_coincidences`). */
export interface PldCoincidences {
  coincidencias_validadas: boolean;
  validar_coincidencias: boolean;
  validar_coincidencias_tipo: 'client' | 'heritageBond' | null;
  /** The matches staff selected as the real ones, per group. */
  users: Partial<Record<PldGroup, PldMatch[]>>;
  /** Every match staff reviewed (matchKey), so finding it again does not hold the person. */
  revisadas: string[];
}

/** A match as staff reviewed it: which group, which party, which list entry. */
export const matchKey = (group: PldGroup, match: PldMatch) => [group, match.persona ?? '', match.lista, match.id ?? match.nombre].join('|');

/** A party of the application the blacklist screened, with what it found. */
export interface PartyResult {
  nombre: string;
  rfc: string | null;
  coincidencias: ListedMatch[];
}

export interface RepresentativeResult extends PartyResult {
  /** The representative's position in `representantes`. */
  index: number;
}

export interface HeritageBondResult extends PartyResult {
  /** The guarantor whose linked party this is; null for the applicant's own. */
  aval_uuid: string | null;
}

export interface GuaranteeResult extends PartyResult {
  uuid: string;
  tipo_persona: string;
  representantes: RepresentativeResult[];
}

/** POST /blacklist's answer: every party screened, per group. */
export interface BlacklistResult {
  /** true when any party has a match (false means no match, as the spec puts it). */
  validatePLD: boolean;
  HeritageBond: HeritageBondResult[];
  pf: PartyResult[];
  pm: PartyResult[];
  legalRepresentative: RepresentativeResult[];
  guarantees: GuaranteeResult[];
}
