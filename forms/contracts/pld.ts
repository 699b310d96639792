// The screening calls of spec §7 on the wire (staff only): POST /pld/search, POST /blacklist[/{uuid}],
// the PLD review a staff save carries (`pld`, kept as the model's `pld_coincidences`), and the
// loaded lists (GET /pld/lists, POST /pld/lists/reload). A refused body answers 400 with the code
// and Spanish message its rule carries (forms/contracts/refusal.ts).
import { array, boolean, lazy, mixed, number, object, string, type InferType } from 'yup';
import { MESSAGES } from '../messages';
import { PERSON_TYPES } from '../options';
import { hasControlCharacters } from '../rules/text';
import { refusal } from './refusal';

/** The groups of the review: the client (pf or pm), its representatives, guarantors and their representatives, linked parties. */
export const PLD_GROUPS = ['pf', 'pm', 'legalRepresentative', 'accionistas', 'guarantees', 'guaranteeRepresentatives', 'HeritageBond'] as const;
export type PldGroup = (typeof PLD_GROUPS)[number];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// --- POST /pld/search -------------------------------------------------------------------------

export const SEARCH_TYPES = ['SplitText', 'Company', 'FullText'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const PLD_SEARCH_NAME_MAX = 300;
/**
 * The words of a searched name: a longer search is refused, and the screening of an application's
 * party reads only a name's first this many identifying words (server/pld/pld-index.ts). The
 * longest real names in the lists have 25 (OFAC's Russian state institutes) and, in SAT 69-B, a few
 * unions 27 and 35; Mexican people's and companies' names rarely pass 15. The index keeps a
 * candidate's shared words as bits of a 32-bit mask: at most 31. README, design notes: "PLD screening".
 */
export const PLD_SEARCH_WORDS_MAX = 30;

/** The name a search looks for: SplitText joins name and surnames; Company and FullText use the name. */
export function searchedName(input: { name?: string | null; fatherLastName?: string | null; motherLastName?: string | null; searchType: SearchType }): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return input.searchType === 'SplitText' ? [input.name, input.fatherLastName, input.motherLastName].map(text).filter(Boolean).join(' ') : text(input.name);
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

const searchRefusal = (message: string) => refusal('invalid_pld_search', message);

/** A name part of a search: text, bounded, no control characters; absent or null means none. */
const searchText = (label: string) =>
  string()
    .strict()
    .nullable()
    .optional()
    .typeError(searchRefusal(`${label} debe ser texto.`))
    .max(PLD_SEARCH_NAME_MAX, searchRefusal(`${label} no debe exceder ${PLD_SEARCH_NAME_MAX} caracteres.`))
    .test('no control characters', searchRefusal(`${label}: ${MESSAGES.controlCharacters}`), (value) => !value || !hasControlCharacters(value));

const SEARCH_ENVELOPE = searchRefusal('La búsqueda debe enviarse como { data: { name, searchType, … } }.');

/** POST /pld/search: a person's name and surnames (SplitText), or a company's name (Company, FullText), and its RFC. */
export const pldSearchRequestSchema = object({
  data: object({
    searchType: mixed<SearchType>()
      .oneOf(SEARCH_TYPES, searchRefusal("searchType debe ser 'SplitText', 'Company' o 'FullText'."))
      .required(searchRefusal("searchType debe ser 'SplitText', 'Company' o 'FullText'.")),
    /** Both sides have an RFC: they must agree. */
    filterRFC: boolean()
      .strict()
      .optional()
      .nonNullable(searchRefusal('filterRFC debe ser true o false.'))
      .typeError(searchRefusal('filterRFC debe ser true o false.')),
    name: searchText('El nombre'),
    fatherLastName: searchText('El apellido paterno'),
    motherLastName: searchText('El apellido materno'),
    rfc: searchText('El RFC'),
  })
    .default(undefined)
    .required(SEARCH_ENVELOPE)
    .typeError(SEARCH_ENVELOPE)
    .test(
      'at most PLD_SEARCH_WORDS_MAX words',
      searchRefusal(`El nombre buscado no debe exceder ${PLD_SEARCH_WORDS_MAX} palabras: escribe solo el nombre y los apellidos, o la razón social.`),
      (data) => !data || !SEARCH_TYPES.includes(data.searchType) || wordCount(searchedName(data)) <= PLD_SEARCH_WORDS_MAX,
    ),
})
  .default(undefined)
  .required(SEARCH_ENVELOPE)
  .typeError(SEARCH_ENVELOPE);
export type PldSearchRequest = InferType<typeof pldSearchRequestSchema>;

/** Why a query word was taken as a listed word. */
export const WORD_MOTIVES = ['idéntica', 'abreviatura', 'transliteración', 'fonética', 'letras transpuestas', 'error de escritura'] as const;
export type WordMotive = (typeof WORD_MOTIVES)[number];

/** A listed entry found for a name or RFC, as POST /pld/search answers it. */
export const listedMatchSchema = object({
  /** The listed entry's primary name. */
  nombre: string().required(),
  rfc: string().nullable().defined(),
  lista: string().required().meta({ description: "'OFAC SDN', 'ONU', 'SAT 69-B' o 'SFP'" }),
  score: number().min(0).max(1).required().meta({ description: 'similitud de 0 a 1; 1 para un RFC idéntico' }),
  reason: string().required().meta({ description: 'por qué coincide' }),
  /** The list and the entry's id in it, e.g. 'OFAC SDN:7156'. */
  id: string().required().meta({ description: 'lista e identificador de la entrada en ella' }),
  /** The listed name, alias or RFC that matched. */
  coincide_con: string().required().meta({ description: 'el nombre, alias o RFC listado que coincidió' }),
  /** Which query word matched which listed word, and why; empty for an RFC hit. */
  palabras: array(
    object({
      consulta: string().required(),
      lista: string().required(),
      motivo: mixed<WordMotive>().oneOf(WORD_MOTIVES).required(),
    }).required(),
  )
    .default([])
    .meta({ description: "qué palabra de la consulta coincidió con cuál de la lista y por qué ('abreviatura', 'transliteración'…)" }),
});
export type ListedMatch = InferType<typeof listedMatchSchema>;

export const pldSearchAnswerSchema = array(listedMatchSchema.required()).required();

// --- POST /blacklist[/{uuid}] -----------------------------------------------------------------

const BLACKLIST_MODEL = refusal('invalid_blacklist_model', "El modelo debe indicar tipo_persona: 'Física', 'Física con actividad empresarial' o 'Moral'.");

/** An applicant model as the screening reads it: its person type; the rest of it is the wizard's. */
const screenedModelSchema = object({
  tipo_persona: mixed<(typeof PERSON_TYPES)[number]>().oneOf(PERSON_TYPES, BLACKLIST_MODEL).required(BLACKLIST_MODEL),
})
  .default(undefined)
  .required(BLACKLIST_MODEL)
  .typeError(BLACKLIST_MODEL);

/** POST /blacklist[/{uuid}]: the whole applicant model, bare or as `{ data }` (spec §7). */
export const blacklistRequestSchema = lazy((body: unknown) =>
  isObject(body) && isObject(body.data) ? object({ data: screenedModelSchema }) : screenedModelSchema,
).meta({ anyOf: [object({ data: screenedModelSchema }), screenedModelSchema] });

/** A party of the application the blacklist screened, with what it found. */
export const partyResultSchema = object({
  nombre: string().defined(),
  rfc: string().nullable().defined(),
  coincidencias: array(listedMatchSchema.required()).required(),
});
export type PartyResult = InferType<typeof partyResultSchema>;

export const representativeResultSchema = partyResultSchema.shape({
  /** The representative's position in `representantes`. */
  index: number().integer().min(0).required(),
});
export type RepresentativeResult = InferType<typeof representativeResultSchema>;

/** A shareholder (a beneficial owner) of the applicant PM or of a guarantor PM: screened too (README, "Shareholders screened"). */
export const shareholderResultSchema = partyResultSchema.shape({
  /** The shareholder's position in its PM's `accionistas`. */
  index: number().integer().min(0).required(),
  /** The guarantor PM whose shareholder this is; null for the applicant's own. */
  aval_uuid: string().nullable().defined(),
});
export type ShareholderResult = InferType<typeof shareholderResultSchema>;

export const heritageBondResultSchema = partyResultSchema.shape({
  /** The guarantor whose linked party this is; null for the applicant's own. */
  aval_uuid: string().nullable().defined(),
});
export type HeritageBondResult = InferType<typeof heritageBondResultSchema>;

export const guaranteeResultSchema = partyResultSchema.shape({
  uuid: string().required(),
  tipo_persona: string().defined(),
  representantes: array(representativeResultSchema.required()).required(),
});
export type GuaranteeResult = InferType<typeof guaranteeResultSchema>;

/** POST /blacklist's answer: every party screened, per group. */
export const blacklistResultSchema = object({
  /** true when any party has a match (false means no match, as the spec puts it). */
  validatePLD: boolean().required(),
  HeritageBond: array(heritageBondResultSchema.required()).required(),
  pf: array(partyResultSchema.required()).required(),
  pm: array(partyResultSchema.required()).required(),
  legalRepresentative: array(representativeResultSchema.required()).required(),
  guarantees: array(guaranteeResultSchema.required()).required(),
  /** The shareholders of the PM and of each guarantor PM (a sixth group, beyond the spec's five). */
  accionistas: array(shareholderResultSchema.required()).required(),
});
export type BlacklistResult = InferType<typeof blacklistResultSchema>;

/** What the review statechart is given of POST /blacklist: whether anything matched, and the matches per group. */
export interface BlacklistAnswer {
  /** false: no match anywhere. */
  validatePLD: boolean;
  groups: Record<PldGroup, PldMatch[]>;
}

// --- `pld` of a staff save: the review ---------------------------------------------------------

export const PLD_REVIEW_LIMITS = {
  matchesPerGroup: 200,
  reviewed: 1000,
  reviewedKey: 400,
  // A listed name reaches 587 characters (OFAC SDN).
  nombre: 1000,
  rfc: 20,
  lista: 50,
  id: 100,
  persona: 400,
};
const L = PLD_REVIEW_LIMITS;

const reviewRefusal = (message: string) => refusal('invalid_pld', `La revisión PLD no es válida: ${message}`);
const REVIEW_TYPES = ['client', 'heritageBond'] as const;

const reviewText = (max: number) =>
  string()
    .strict()
    .typeError(({ path }) => reviewRefusal(`${path} debe ser texto.`))
    .max(max, ({ path }) => reviewRefusal(`${path} no debe exceder ${max} caracteres.`));

/** A match as the review keeps it. */
export const pldMatchSchema = object({
  nombre: reviewText(L.nombre).defined(({ path }) => reviewRefusal(`${path} debe ser texto.`)).nonNullable(({ path }) => reviewRefusal(`${path} debe ser texto.`)),
  rfc: reviewText(L.rfc).nullable().default(null),
  lista: reviewText(L.lista).defined(({ path }) => reviewRefusal(`${path} debe ser texto.`)).nonNullable(({ path }) => reviewRefusal(`${path} debe ser texto.`)),
  /** The list entry's identifier (ListedMatch.id). */
  id: reviewText(L.id).optional().nonNullable(({ path }) => reviewRefusal(`${path} debe ser texto.`)),
  /** The party of the application that matched. */
  persona: reviewText(L.persona).optional().nonNullable(({ path }) => reviewRefusal(`${path} debe ser texto.`)),
})
  .default(undefined)
  .required(({ path }) => reviewRefusal(`${path} debe ser un objeto { nombre, rfc, lista }.`))
  .typeError(({ path }) => reviewRefusal(`${path} debe ser un objeto { nombre, rfc, lista }.`));

/** The most characters of a confirmation's reason. */
export const PLD_REASON_MAX = 1000;

/** What the reason of a confirmation says when it is missing or too long (the review's field and the server's 400 alike). */
export const PLD_REASON_MESSAGES = {
  required: 'Escribe el motivo de la confirmación.',
  max: `El motivo no debe exceder ${PLD_REASON_MAX} caracteres.`,
  type: 'El motivo debe ser texto.',
} as const;

/**
 * The written reason staff give for confirming a match (this is the person, not a homonym): required,
 * bounded. The one rule the review's field and the server check; the server refuses a review whose
 * confirmed match has none with 400 'invalid_pld'.
 */
export const pldReasonSchema = string()
  .strict()
  .typeError(({ path }) => reviewRefusal(`${path}: ${PLD_REASON_MESSAGES.type}`))
  .test('written', ({ path }) => reviewRefusal(`${path}: ${PLD_REASON_MESSAGES.required}`), (value) => typeof value === 'string' && value.trim() !== '')
  .max(PLD_REASON_MAX, ({ path }) => reviewRefusal(`${path}: ${PLD_REASON_MESSAGES.max}`));

/** The field message for a reason as typed, or null when it holds (the same schema the server checks). */
export function reasonProblem(text: string): string | null {
  try {
    pldReasonSchema.validateSync(text);
    return null;
  } catch (error) {
    const type = (error as { type?: string }).type;
    return type === 'max' ? PLD_REASON_MESSAGES.max : type === 'typeError' ? PLD_REASON_MESSAGES.type : PLD_REASON_MESSAGES.required;
  }
}

/** A confirmed match as a save sends it: the match and its reason. Who confirmed it and when are the server's. */
export const confirmedMatchSchema = pldMatchSchema.shape({ motivo: pldReasonSchema });

/** Who confirmed a match and when, set by the server only (never taken from a body). */
export interface PldConfirmation {
  /** The reason staff wrote. */
  motivo?: string;
  /** The staff member's name. */
  confirmada_por?: string;
  /** 'staff:<id>' */
  confirmada_por_id?: string;
  /** ISO date-time. */
  confirmada_el?: string;
  /** The version of the lists (GET /pld/lists `version`) the match was confirmed against. */
  version_listas?: string;
}

/**
 * A match as the review shows and keeps it; `path` (the model field naming the party, when it is
 * this model's own) is never stored; a confirmed one (in `users`) carries its reason, who and when.
 */
export type PldMatch = InferType<typeof pldMatchSchema> & { path?: string } & PldConfirmation;

const groupMatches = array(confirmedMatchSchema)
  .optional()
  .nonNullable(({ path }) => reviewRefusal(`${path} debe ser una lista.`))
  .typeError(({ path }) => reviewRefusal(`${path} debe ser una lista.`))
  .max(L.matchesPerGroup, ({ path }) => reviewRefusal(`${path} no debe tener más de ${L.matchesPerGroup} coincidencias.`));

const USERS = reviewRefusal('users debe ser un objeto con las coincidencias por grupo.');

/** What a model keeps of its review (`pld_coincidences`), as a staff save sends it in `pld`. */
export const pldReviewSchema = object({
  coincidencias_validadas: boolean()
    .strict()
    .required(reviewRefusal('coincidencias_validadas debe ser true o false.'))
    .typeError(reviewRefusal('coincidencias_validadas debe ser true o false.')),
  validar_coincidencias: boolean()
    .strict()
    .required(reviewRefusal('validar_coincidencias debe ser true o false.'))
    .typeError(reviewRefusal('validar_coincidencias debe ser true o false.')),
  validar_coincidencias_tipo: mixed<(typeof REVIEW_TYPES)[number]>()
    .nullable()
    .oneOf([...REVIEW_TYPES, null], reviewRefusal("validar_coincidencias_tipo debe ser 'client', 'heritageBond' o null."))
    .default(null),
  /** The matches staff confirmed as the real ones (not homonyms), per group, each with its reason. */
  users: object(Object.fromEntries(PLD_GROUPS.map((group) => [group, groupMatches])) as Record<PldGroup, typeof groupMatches>)
    .default(undefined)
    .required(USERS)
    .typeError(USERS)
    .test('known groups', function knownGroups() {
      const original: unknown = this.originalValue;
      const unknown = isObject(original) ? Object.keys(original).find((group) => !PLD_GROUPS.includes(group as PldGroup)) : undefined;
      return unknown === undefined
        ? true
        : this.createError({ message: reviewRefusal(`el grupo '${unknown.slice(0, 50)}' no existe; los grupos son ${PLD_GROUPS.join(', ')}.`) });
    }),
  /** Every match staff reviewed (matchKey), so finding it again does not hold the person. */
  revisadas: array(reviewText(L.reviewedKey).defined(({ path }) => reviewRefusal(`${path} debe ser texto.`)).nonNullable(({ path }) => reviewRefusal(`${path} debe ser texto.`)))
    .required(reviewRefusal('revisadas debe ser una lista.'))
    .typeError(reviewRefusal('revisadas debe ser una lista.'))
    .max(L.reviewed, reviewRefusal(`revisadas no debe tener más de ${L.reviewed} elementos.`)),
})
  .default(undefined)
  .required(reviewRefusal('pld debe ser un objeto.'))
  .typeError(reviewRefusal('pld debe ser un objeto.'));

export interface PldCoincidences extends Omit<InferType<typeof pldReviewSchema>, 'users'> {
  users: Partial<Record<PldGroup, PldMatch[]>>;
}

// --- GET /pld/lists, POST /pld/lists/reload ----------------------------------------------------

/** The lists loaded and the index built from them. */
export const pldListsInfoSchema = object({
  version: string().nullable().defined(),
  cargada: string().nullable().defined(),
  listas: array(
    object({
      lista: string().required(),
      archivos: string().defined(),
      fecha_lista: string().nullable().defined(),
      entradas: number().integer().required(),
      nombres: number().integer().required(),
    }).required(),
  ).required(),
  indice: object({
    entradas: number().integer().required(),
    nombres: number().integer().required(),
    palabras: number().integer().required(),
    construido_ms: number().integer().required(),
  })
    .nullable()
    .defined(),
  /** The newest version's ongoing monitoring of stored applications (null before any load). */
  monitoreo: object({
    version: string().required(),
    /** Applications screened again so far. */
    revisadas: number().integer().required(),
    alertas: number().integer().required(),
    terminado: boolean().required(),
  })
    .nullable()
    .defined(),
});
export type PldListsInfo = InferType<typeof pldListsInfoSchema>;

/** POST /pld/lists/reload: whether the files made a new version, and the lists now loaded. */
export const pldReloadAnswerSchema = pldListsInfoSchema.shape({ cambiada: boolean().required() });
