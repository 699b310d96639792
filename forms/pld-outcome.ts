// What a PLD review found and what a save keeps of it (`pld_coincidences`): pure functions the
// review statechart and the wizard's save share (spec 01 §4).
import { matchKey, PLD_GROUPS, type PldCoincidences, type PldGroup, type PldMatch } from './pld';

/** What a review's snapshot says of its outcome (what the wizard keeps of it). */
export interface ReviewOutcome {
  groups: Record<PldGroup, PldMatch[]>;
  /** Selected matches: `${group}:${index}`. */
  selected: string[];
  /** Keys of every match reviewed so far (matchKey). */
  reviewed: string[];
  /** The matches staff selected when they last saved a review (the stored ones until then). */
  users: PldCoincidences['users'];
  /** A search answered for the model as it is. */
  answered: boolean;
}

export const keysOf = (groups: Record<PldGroup, PldMatch[]>) => PLD_GROUPS.flatMap((group) => groups[group].map((match) => matchKey(group, match)));

/** The matches selected now, per group. */
export function selectedUsers(context: Pick<ReviewOutcome, 'groups' | 'selected'>): PldCoincidences['users'] {
  const users: PldCoincidences['users'] = {};
  for (const key of context.selected) {
    const [group, index] = key.split(':') as [PldGroup, string];
    const match = context.groups[group]?.[Number(index)];
    if (match) (users[group] ??= []).push(match);
  }
  return users;
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
