// What a PLD review found and what a save keeps of it (`pld_coincidences`): pure functions the
// review statechart and the wizard's save share (spec 01 §4).
import { matchKey, PLD_GROUPS, type PldCoincidences, type PldGroup, type PldMatch } from './pld';
import { reasonProblem } from './contracts/pld';

/** What a review's snapshot says of its outcome (what the wizard keeps of it). */
export interface ReviewOutcome {
  groups: Record<PldGroup, PldMatch[]>;
  /** Selected matches: `${group}:${index}`. */
  selected: string[];
  /** Keys of every match reviewed so far (matchKey). */
  reviewed: string[];
  /** The reason written for each confirmed match, by matchKey (kept when a match is unticked and ticked again). */
  reasons: Record<string, string>;
  /** The matches staff selected when they last saved a review (the stored ones until then). */
  users: PldCoincidences['users'];
  /** A search answered for the model as it is. */
  answered: boolean;
}

export const keysOf = (groups: Record<PldGroup, PldMatch[]>) => PLD_GROUPS.flatMap((group) => groups[group].map((match) => matchKey(group, match)));

/** The matches selected now, per group, each with its reason once one is written. */
export function selectedUsers(context: Pick<ReviewOutcome, 'groups' | 'selected'> & Partial<Pick<ReviewOutcome, 'reasons'>>): PldCoincidences['users'] {
  const users: PldCoincidences['users'] = {};
  for (const key of context.selected) {
    const [group, index] = key.split(':') as [PldGroup, string];
    const match = context.groups[group]?.[Number(index)];
    if (!match) continue;
    const motivo = context.reasons?.[matchKey(group, match)];
    (users[group] ??= []).push(motivo === undefined ? match : { ...match, motivo });
  }
  return users;
}

/** The reasons of a stored review's confirmed matches, by matchKey. */
export const reasonsOf = (users: PldCoincidences['users'] | undefined): Record<string, string> =>
  Object.fromEntries(PLD_GROUPS.flatMap((group) => (users?.[group] ?? []).flatMap((match) => (match.motivo === undefined ? [] : [[matchKey(group, match), match.motivo]]))));

/** The selected matches (`${group}:${index}`) whose reason is missing or refused, with the field's message. */
export function reasonProblems(context: Pick<ReviewOutcome, 'groups' | 'selected' | 'reasons'>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const key of context.selected) {
    const [group, index] = key.split(':') as [PldGroup, string];
    const match = context.groups[group]?.[Number(index)];
    const problem = match ? reasonProblem(context.reasons[matchKey(group, match)] ?? '') : null;
    if (problem) problems[key] = problem;
  }
  return problems;
}

/**
 * The model's `pld_coincidences` for a review: the matches selected (the ones chosen before until a
 * check answers in this session), and every match reviewed.
 */
export function coincidencesOf(context: ReviewOutcome, validated: boolean): PldCoincidences {
  const { answered } = context;
  const users = answered ? selectedUsers(context) : context.users;
  const found = PLD_GROUPS.filter((group) => context.groups[group].length > 0 || (users[group]?.length ?? 0) > 0);
  return {
    coincidencias_validadas: validated,
    validar_coincidencias: !validated && found.length > 0,
    validar_coincidencias_tipo: found.length === 0 ? null : found.every((group) => group === 'HeritageBond') ? 'heritageBond' : 'client',
    users,
    revisadas: validated && answered ? keysOf(context.groups) : context.reviewed,
  };
}

/** The lists whose confirmed match makes finishing the application an Analista's decision (README "PLD outcome"). */
export const FINISH_CONFIRMATION_LISTS = ['OFAC SDN', 'ONU'] as const;

/** The matches a review confirmed (this is the person, not a homonym), with their group and key. */
export function confirmedMatches(review: Pick<PldCoincidences, 'users'> | null | undefined): Array<{ group: PldGroup; match: PldMatch; key: string }> {
  if (!review?.users) return [];
  return PLD_GROUPS.flatMap((group) => (review.users[group] ?? []).map((match) => ({ group, match, key: matchKey(group, match) })));
}

/** The lists of a review's confirmed matches, each once, in the order they were found. */
export const confirmedLists = (review: Pick<PldCoincidences, 'users'> | null | undefined) => [...new Set(confirmedMatches(review).map(({ match }) => match.lista))];

/** The confirmed matches on the lists that ask an Analista to confirm the finish. */
export const finishConfirmationMatches = (review: Pick<PldCoincidences, 'users'> | null | undefined) =>
  confirmedMatches(review).filter(({ match }) => (FINISH_CONFIRMATION_LISTS as readonly string[]).includes(match.lista));

/** The red tag's text, naming the lists ('PLD: coincidencia confirmada (OFAC SDN)'). */
export const confirmedTagText = (lists: readonly string[]) => `PLD: coincidencia confirmada (${lists.join(', ')})`;

/** What the server records when an Analista confirms finishing an application with such a match (`pld_finalizacion`). */
export interface PldFinishConfirmation {
  /** The lists named, 'OFAC SDN, ONU'. */
  listas: string;
  /** The staff member's name and 'staff:<id>'. */
  por: string;
  por_id: string;
  /** ISO date-time. */
  fecha: string;
  /** The keys (matchKey) of the matches confirmed at that finish: a later one asks again. */
  coincidencias: string[];
}

/** Whether the matches that ask for it were all confirmed at an earlier finish. */
export const finishAlreadyConfirmed = (review: Pick<PldCoincidences, 'users'> | null | undefined, recorded: PldFinishConfirmation | null | undefined) =>
  finishConfirmationMatches(review).every(({ key }) => recorded?.coincidencias?.includes(key) ?? false);

/** The message asking an Analista to confirm the finish, naming the lists. */
export const finishConfirmationText = (lists: readonly string[]) =>
  `Esta solicitud tiene una coincidencia confirmada en ${lists.length > 1 ? 'las listas' : 'la lista'} ${lists.join(' y ')}. ¿Confirmas que deseas finalizarla de todos modos?`;
