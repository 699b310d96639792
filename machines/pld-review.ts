// The staff review of high-risk-person (PLD) matches of one applicant model (spec 01 §4, 02 §4):
// unchecked until the blacklist search runs; no match → validated; matches → pending, which blocks
// leaving the tab until staff review them in the modal, select the real ones and 'guardar y
// cerrar' → validated. Changing a name, an RFC, a business name, a representative or the linked
// party makes the check stale again. A failed search lets the person go on (the rule passes).
// The search is an actor provided from services/; the reviewed matches are emitted for the model.
import { assign, emit, setup } from 'xstate';
import { notProvided } from './not-provided';

export type Model = Record<string, unknown>;

/** The groups of the blacklist answer (spec 02 §7). */
export const PLD_GROUPS = ['pf', 'pm', 'legalRepresentative', 'guarantees', 'HeritageBond'] as const;
export type PldGroup = (typeof PLD_GROUPS)[number];

export interface PldMatch {
  nombre: string;
  rfc: string | null;
  lista: string;
}

export interface BlacklistAnswer {
  /** false: no match anywhere. */
  validatePLD: boolean;
  groups: Record<PldGroup, PldMatch[]>;
}

/** What the model keeps of the review (`pld_coincidences`). */
export interface PldCoincidences {
  coincidencias_validadas: boolean;
  validar_coincidencias: boolean;
  validar_coincidencias_tipo: 'client' | 'heritageBond' | null;
  /** The matches staff selected as the real ones, per group. */
  users: Partial<Record<PldGroup, PldMatch[]>>;
}

export interface PldReviewInput {
  /** Only staff review matches; for the public the machine never blocks. */
  staff: boolean;
  /** The applicant's stored review, if any: a validated one opens validated. */
  stored: PldCoincidences | null;
}

export interface PldReviewContext {
  staff: boolean;
  groups: Record<PldGroup, PldMatch[]>;
  /** Selected matches: `${group}:${index}`. */
  selected: string[];
  /** The review the record was opened with. */
  stored: PldCoincidences | null;
}

export type PldReviewEvent =
  | { type: 'pld.check'; model: Model }
  | { type: 'pld.opened' }
  | { type: 'match.toggled'; group: PldGroup; index: number }
  | { type: 'pld.saved' }
  | { type: 'modal.closed' }
  | { type: 'identity.changed' };

export type PldReviewEmitted = { type: 'reviewed'; coincidences: PldCoincidences };

const noMatches = (): Record<PldGroup, PldMatch[]> => ({ pf: [], pm: [], legalRepresentative: [], guarantees: [], HeritageBond: [] });

export const pldReviewMachine = setup({
  types: {
    context: {} as PldReviewContext,
    events: {} as PldReviewEvent,
    input: {} as PldReviewInput,
    emitted: {} as PldReviewEmitted,
    tags: {} as 'busy' | 'blocking',
  },
  actors: {
    'search blacklist': notProvided<BlacklistAnswer, { model: Model }>('search blacklist'),
  },
  guards: {
    'is staff': ({ context }) => context.staff,
    'was validated': ({ context }) => context.staff && context.stored?.coincidencias_validadas === true,
    'has matches': ({ event }) => (event as unknown as { output: BlacklistAnswer }).output.validatePLD,
  },
  actions: {
    'assign matches': assign((_, params: { answer: BlacklistAnswer }) => ({ groups: { ...noMatches(), ...params.answer.groups }, selected: [] })),
    'clear matches': assign({ groups: noMatches, selected: [] }),
    'toggle match': assign(({ context }, params: { key: string }) => ({
      selected: context.selected.includes(params.key) ? context.selected.filter((key) => key !== params.key) : [...context.selected, params.key],
    })),
    'announce review': emit(({ context }) => ({ type: 'reviewed', coincidences: coincidencesOf(context, true) }) as const),
  },
}).createMachine({
  id: 'pldReview',
  context: ({ input }) => ({ staff: input.staff, groups: noMatches(), selected: [], stored: input.stored }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'was validated', target: 'validated' }, { target: 'unchecked' }],
    },
    unchecked: {
      on: { 'pld.check': { guard: 'is staff', target: 'checking' } },
    },
    checking: {
      tags: 'busy',
      invoke: {
        id: 'search',
        src: 'search blacklist',
        input: ({ event }) => ({ model: (event as Extract<PldReviewEvent, { type: 'pld.check' }>).model }),
        onDone: [
          { guard: 'has matches', target: 'pending', actions: { type: 'assign matches', params: ({ event }) => ({ answer: event.output }) } },
          { target: 'validated', actions: ['clear matches', 'announce review'] },
        ],
        // A failed search makes the rule pass: the person goes on, and the next change checks again.
        onError: { target: 'unavailable', actions: 'clear matches' },
      },
    },
    unavailable: {
      on: { 'pld.check': 'checking', 'identity.changed': 'unchecked' },
    },
    pending: {
      tags: 'blocking',
      on: { 'pld.opened': 'reviewing', 'identity.changed': { target: 'unchecked', actions: 'clear matches' } },
    },
    reviewing: {
      tags: 'blocking',
      on: {
        'match.toggled': { actions: { type: 'toggle match', params: ({ event }) => ({ key: `${event.group}:${event.index}` }) } },
        'pld.saved': { target: 'validated', actions: 'announce review' },
        'modal.closed': 'pending',
      },
    },
    validated: {
      on: { 'identity.changed': { target: 'unchecked', actions: 'clear matches' } },
    },
  },
});

/** The model's `pld_coincidences` for a review: the selected matches per group. */
export function coincidencesOf(context: Pick<PldReviewContext, 'groups' | 'selected'>, validated: boolean): PldCoincidences {
  const users: Partial<Record<PldGroup, PldMatch[]>> = {};
  for (const key of context.selected) {
    const [group, index] = key.split(':') as [PldGroup, string];
    const match = context.groups[group]?.[Number(index)];
    if (match) (users[group] ??= []).push(match);
  }
  const heritageOnly = PLD_GROUPS.every((group) => group === 'HeritageBond' || context.groups[group].length === 0) && context.groups.HeritageBond.length > 0;
  return {
    coincidencias_validadas: validated,
    validar_coincidencias: false,
    validar_coincidencias_tipo: heritageOnly ? 'heritageBond' : PLD_GROUPS.some((group) => context.groups[group].length > 0) ? 'client' : null,
    users,
  };
}

export type PldReviewMachine = typeof pldReviewMachine;
