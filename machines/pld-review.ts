// The staff review of high-risk-person (PLD) matches of one applicant model (spec 01 §4, 02 §4):
// a change of a name, an RFC, a business name, a representative or the linked party schedules a
// check (after the validation debounce) or, with nobody to screen yet, leaves it unchecked; no
// match → validated; matches → pending, which blocks leaving the tab until staff review them in
// the modal, select the real ones and 'guardar y cerrar' → validated. A check that finds only
// matches already reviewed stays validated. A failed search lets the person go on (the rule
// passes). The search is an actor provided from services/; the wizard reads the review from the
// snapshots (forms/pld-outcome.ts coincidencesOf) and sends it with the save.
import { assign, setup } from 'xstate';
import { DELAYS } from '../forms/limits';
import { matchKey, PLD_GROUPS, type PldCoincidences, type PldGroup, type PldMatch } from '../forms/pld';
import { keysOf, reasonProblems, reasonsOf, selectedUsers, type ReviewOutcome } from '../forms/pld-outcome';
import { pldParties } from '../forms/pld-identity';
import { notProvided } from './not-provided';
import type { BlacklistAnswer } from '../forms/contracts/pld';

export type Model = Record<string, unknown>;


export interface PldReviewInput {
  /** Only staff review matches; for the public the machine never searches nor blocks. */
  staff: boolean;
  /** The applicant's stored review, if any: a validated one opens validated; otherwise a model naming someone is checked at once. */
  stored: Partial<PldCoincidences> | null;
  /** The model as opened. */
  model: Model;
}

/** The review's outcome (`answered` is cleared when the identity changes or a search fails), and what it screens. */
export interface PldReviewContext extends ReviewOutcome {
  staff: boolean;
  /** The model the next or current check screens. */
  model: Model;
  stored: Partial<PldCoincidences> | null;
}

export type PldReviewEvent =
  | { type: 'identity.changed'; model: Model }
  | { type: 'pld.check'; model: Model }
  | { type: 'pld.opened' }
  | { type: 'match.toggled'; group: PldGroup; index: number }
  | { type: 'reason.changed'; group: PldGroup; index: number; text: string }
  | { type: 'pld.saved' }
  | { type: 'modal.closed' };

const noMatches = (): Record<PldGroup, PldMatch[]> => ({ pf: [], pm: [], legalRepresentative: [], accionistas: [], guarantees: [], guaranteeRepresentatives: [], HeritageBond: [] });

/** How long a blacklist search may take before the person is let go on (a failed search does the same). */
export const PLD_SEARCH_TIMEOUT_MS = 20_000;


type SearchDone = { output: BlacklistAnswer };
const answerOf = (event: unknown) => (event as SearchDone).output;

const reviewSetup = setup({
  types: {
    context: {} as PldReviewContext,
    events: {} as PldReviewEvent,
    input: {} as PldReviewInput,
    tags: {} as 'busy' | 'blocking',
  },
  actors: {
    'search blacklist': notProvided<BlacklistAnswer, { model: Model }>('search blacklist'),
  },
  delays: {
    'validation debounce': DELAYS.validationDebounce,
    // A search that does not answer lets the person go on, as a failed one does.
    'search timeout': PLD_SEARCH_TIMEOUT_MS,
  },
  guards: {
    'is staff': ({ context }) => context.staff,
    'was validated': ({ context }) => context.staff && context.stored?.coincidencias_validadas === true,
    // A record staff open that was never reviewed (the public filled it), or whose review went stale, is checked at once.
    'names someone to screen on opening': ({ context }) => context.staff && pldParties(context.model).length > 0,
    'names someone to screen': ({ context, event }) => context.staff && 'model' in event && pldParties(event.model).length > 0,
    // A confirmed match (this is the person, not a homonym) is saved with its written reason only.
    'every confirmation has its reason': ({ context }) => Object.keys(reasonProblems(context)).length === 0,
    'finds nothing new': ({ context, event }) => keysOf({ ...noMatches(), ...answerOf(event).groups }).every((key) => context.reviewed.includes(key)),
  },
  actions: {
    'keep model': assign((_, params: { model: Model }) => ({ model: params.model })),
    // The matches staff chose before stay chosen when they are found again.
    'assign matches': assign(({ context }, params: { answer: BlacklistAnswer }) => {
      const groups = { ...noMatches(), ...params.answer.groups };
      const chosen = new Set(PLD_GROUPS.flatMap((group) => (context.users[group] ?? []).map((match) => matchKey(group, match))));
      const selected = PLD_GROUPS.flatMap((group) => groups[group].flatMap((match, index) => (chosen.has(matchKey(group, match)) ? [`${group}:${index}`] : [])));
      return { groups, selected, answered: true };
    }),
    'clear matches': assign({ groups: noMatches, selected: [], answered: false }),
    'toggle match': assign(({ context }, params: { key: string }) => ({
      selected: context.selected.includes(params.key) ? context.selected.filter((key) => key !== params.key) : [...context.selected, params.key],
    })),
    // The answer covers every party of the application: what it did not find no longer needs remembering.
    'write reason': assign(({ context }, params: { group: PldGroup; index: number; text: string }) => {
      const match = context.groups[params.group][params.index];
      return match ? { reasons: { ...context.reasons, [matchKey(params.group, match)]: params.text } } : {};
    }),
    'mark reviewed': assign(({ context }) => ({ reviewed: keysOf(context.groups), users: selectedUsers(context) })),
  },
});

// A change of identity, wherever the review stands: a check is due after the debounce (restarted by
// each change; an answer under way no longer says anything about the model), or nobody is left to screen.
const identityChanged = [
  {
    guard: 'names someone to screen',
    target: '#pldReview.scheduled',
    reenter: true,
    actions: { type: 'keep model', params: ({ event }: { event: Extract<PldReviewEvent, { type: 'identity.changed' }> }) => ({ model: event.model }) },
  },
  { target: '#pldReview.unchecked', actions: 'clear matches' },
] as const;

export const pldReviewMachine = reviewSetup.createMachine({
  id: 'pldReview',
  context: ({ input }) => ({
    staff: input.staff,
    model: input.model,
    groups: noMatches(),
    selected: [],
    reviewed: input.stored?.revisadas ?? [],
    reasons: reasonsOf(input.stored?.users),
    users: input.stored?.users ?? {},
    answered: false,
    stored: input.stored,
  }),
  initial: 'opening',
  on: {
    // Staff may check at any time (saving the PLD tab screens the whole application).
    'pld.check': { guard: 'is staff', target: '.checking', actions: { type: 'keep model', params: ({ event }) => ({ model: event.model }) } },
  },
  states: {
    opening: {
      always: [{ guard: 'was validated', target: 'validated' }, { guard: 'names someone to screen on opening', target: 'checking' }, { target: 'unchecked' }],
    },
    unchecked: {
      on: { 'identity.changed': identityChanged },
    },
    // A check is due once the person pauses typing; leaving the tab meanwhile waits for it.
    scheduled: {
      tags: 'busy',
      after: { 'validation debounce': 'checking' },
      on: { 'identity.changed': identityChanged },
    },
    checking: {
      tags: 'busy',
      invoke: {
        id: 'search',
        src: 'search blacklist',
        input: ({ context }) => ({ model: context.model }),
        onDone: [
          { guard: 'finds nothing new', target: 'validated', actions: { type: 'assign matches', params: ({ event }) => ({ answer: event.output }) } },
          { target: 'pending', actions: { type: 'assign matches', params: ({ event }) => ({ answer: event.output }) } },
        ],
        // A failed search makes the rule pass: the person goes on, and the next change checks again.
        onError: { target: 'unavailable', actions: 'clear matches' },
      },
      after: { 'search timeout': { target: 'unavailable', actions: 'clear matches' } },
      on: { 'identity.changed': identityChanged },
    },
    unavailable: {
      on: { 'identity.changed': identityChanged },
    },
    pending: {
      tags: 'blocking',
      on: { 'pld.opened': 'reviewing', 'identity.changed': identityChanged },
    },
    reviewing: {
      tags: 'blocking',
      on: {
        'match.toggled': { actions: { type: 'toggle match', params: ({ event }) => ({ key: `${event.group}:${event.index}` }) } },
        'reason.changed': { actions: { type: 'write reason', params: ({ event }) => ({ group: event.group, index: event.index, text: event.text }) } },
        'pld.saved': { guard: 'every confirmation has its reason', target: 'validated', actions: 'mark reviewed' },
        'modal.closed': 'pending',
      },
    },
    validated: {
      on: { 'identity.changed': identityChanged },
    },
  },
});

/** The model fields that show 'Se requiere selección de coincidencias PLD' while the review holds. */
export function pendingPaths(context: Pick<PldReviewContext, 'groups'>): string[] {
  return [...new Set(PLD_GROUPS.flatMap((group) => context.groups[group].flatMap((match) => (match.path ? [match.path] : []))))];
}

export type PldReviewMachine = typeof pldReviewMachine;
