// The duplicate-RFC check of a form's own RFC (spec 01 §5, 02 §5): asks the server the calls a
// request names (other clients, for staff; the same application's records) at once, remembers
// every answer so the same request is never asked twice, lets a request already under way run
// on, and supersedes it with a newer one. A failed call passes. The calls are actors provided
// from services/.
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { DuplicateRequest, GuarantorRfcQuery } from '../forms/rules/rfc-duplicates';
import { notProvided } from './not-provided';

/** What the calls answered: a count, or undefined for a call not made or failed (which passes). */
export interface DuplicateCounts {
  clients?: number;
  guarantors?: number;
  /** The messages of the calls that failed, kept to be seen, never shown to the person. */
  failures: string[];
}

export interface RfcDuplicateCheckContext {
  /** The request being checked or last answered. */
  request: DuplicateRequest | null;
  /** The counts of the request under way. */
  counts: DuplicateCounts;
  /** Every answer, by request key. */
  answers: Record<string, DuplicateCounts>;
}

export type RfcDuplicateCheckEvent = { type: 'rfc.checkRequested'; request: DuplicateRequest };

/** Emitted on every answer, remembered or new, for the form to record the client count. */
export type RfcDuplicateCheckEmitted = { type: 'rfc.answered'; key: string; counts: DuplicateCounts };

const NONE: DuplicateCounts = { failures: [] };

const failureOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const rfcDuplicateCheckMachine = setup({
  types: {
    context: {} as RfcDuplicateCheckContext,
    events: {} as RfcDuplicateCheckEvent,
    emitted: {} as RfcDuplicateCheckEmitted,
    tags: {} as 'busy',
  },
  actors: {
    'count clients with rfc': notProvided<number, Record<string, unknown>>('count clients with rfc'),
    'count application rfc': notProvided<number, GuarantorRfcQuery>('count application rfc'),
  },
  guards: {
    'is answered': ({ context }, params: { key: string }) => params.key in context.answers,
    'is the request under way': ({ context }, params: { key: string }) => context.request?.key === params.key,
    'asks other clients': ({ context }) => context.request?.clients != null,
    'asks the application': ({ context }) => context.request?.guarantors != null,
  },
  actions: {
    'assign request': assign((_, params: { request: DuplicateRequest }) => ({ request: params.request, counts: NONE })),
    'assign answered request': assign(({ context }, params: { request: DuplicateRequest }) => ({
      request: params.request,
      counts: context.answers[params.request.key],
    })),
    'assign count': assign(({ context }, params: { call: 'clients' | 'guarantors'; count: number }) => ({
      counts: { ...context.counts, [params.call]: params.count },
    })),
    'assign failure': assign(({ context }, params: { error: unknown }) => ({
      counts: { ...context.counts, failures: [...context.counts.failures, failureOf(params.error)] },
    })),
    'remember answer': assign(({ context }) => ({ answers: { ...context.answers, [context.request!.key]: context.counts } })),
    'emit answer': emit(({ context }) => ({ type: 'rfc.answered' as const, key: context.request!.key, counts: context.counts })),
  },
}).createMachine({
  id: 'rfcDuplicateCheck',
  context: { request: null, counts: NONE, answers: {} },
  initial: 'idle',
  on: {
    'rfc.checkRequested': [
      {
        guard: { type: 'is answered', params: ({ event }) => ({ key: event.request.key }) },
        target: '.answered',
        actions: [{ type: 'assign answered request', params: ({ event }) => ({ request: event.request }) }, 'emit answer'],
      },
      { target: '.checking', reenter: true, actions: { type: 'assign request', params: ({ event }) => ({ request: event.request }) } },
    ],
  },
  states: {
    idle: {},
    checking: {
      tags: 'busy',
      type: 'parallel',
      on: {
        // The same request waits for the answer under way.
        'rfc.checkRequested': { guard: { type: 'is the request under way', params: ({ event }) => ({ key: event.request.key }) } },
      },
      states: {
        clients: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'asks other clients', target: 'asking' }, { target: 'done' }] },
            asking: {
              invoke: {
                id: 'clients',
                src: 'count clients with rfc',
                input: ({ context }) => context.request!.clients!,
                onDone: { target: 'done', actions: { type: 'assign count', params: ({ event }) => ({ call: 'clients' as const, count: event.output }) } },
                // A failed call passes.
                onError: { target: 'done', actions: { type: 'assign failure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            done: { type: 'final' },
          },
        },
        guarantors: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'asks the application', target: 'asking' }, { target: 'done' }] },
            asking: {
              invoke: {
                id: 'guarantors',
                src: 'count application rfc',
                input: ({ context }) => context.request!.guarantors!,
                onDone: { target: 'done', actions: { type: 'assign count', params: ({ event }) => ({ call: 'guarantors' as const, count: event.output }) } },
                onError: { target: 'done', actions: { type: 'assign failure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            done: { type: 'final' },
          },
        },
      },
      onDone: { target: 'answered', actions: ['remember answer', 'emit answer'] },
    },
    answered: {},
  },
});

export type RfcDuplicateCheckMachine = typeof rfcDuplicateCheckMachine;
type Snapshot = SnapshotFrom<RfcDuplicateCheckMachine>;

/** The counts answered for `key`, or undefined while it is not answered. */
export const selectAnswerFor = (snapshot: Snapshot, key: string): DuplicateCounts | undefined => snapshot.context.answers[key];

/** The request `key` will not be answered by the machine as it stands: another one superseded it. */
export const selectIsSuperseded = (snapshot: Snapshot, key: string): boolean => snapshot.context.request?.key !== key && !(key in snapshot.context.answers);
