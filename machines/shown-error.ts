// When a field shows its error (spec 01 §5): once the person has paused for the validation
// debounce, or at once after a failed submit. An error already shown stays shown while the
// person types on and it stays the same; a new one waits for the pause.
import { assign, setup } from 'xstate';
import { DELAYS } from '../forms/limits';

export interface ShownErrorContext {
  /** The field's error now. */
  error: string | undefined;
  /** The error as of the last pause. */
  settled: string | undefined;
}

/** Sent on every change of the field's value, error or failed-submit flag. */
export type ShownErrorEvent = { type: 'field.changed'; error: string | undefined; submitFailed: boolean };

export const shownErrorMachine = setup({
  types: {
    context: {} as ShownErrorContext,
    events: {} as ShownErrorEvent,
    tags: {} as 'error',
  },
  delays: {
    'validation debounce': DELAYS.validationDebounce,
  },
  guards: {
    'shows at once': (_, params: { error: string | undefined; submitFailed: boolean }) => params.submitFailed && params.error !== undefined,
    'is settled': ({ context }, params: { error: string | undefined }) => params.error !== undefined && params.error === context.settled,
    'has an error': ({ context }) => context.error !== undefined,
  },
  actions: {
    'assign error': assign((_, params: { error: string | undefined }) => ({ error: params.error })),
    'settle error': assign(({ context }) => ({ settled: context.error })),
  },
}).createMachine({
  id: 'shownError',
  context: { error: undefined, settled: undefined },
  initial: 'quiet',
  on: {
    'field.changed': [
      {
        guard: { type: 'shows at once', params: ({ event }) => ({ error: event.error, submitFailed: event.submitFailed }) },
        target: '.shown',
        actions: [{ type: 'assign error', params: ({ event }) => ({ error: event.error }) }, 'settle error'],
      },
      {
        guard: { type: 'is settled', params: ({ event }) => ({ error: event.error }) },
        target: '.shown',
        actions: { type: 'assign error', params: ({ event }) => ({ error: event.error }) },
      },
      // Any other change waits for the pause, which settles the error then current (none included).
      { target: '.settling', reenter: true, actions: { type: 'assign error', params: ({ event }) => ({ error: event.error }) } },
    ],
  },
  states: {
    quiet: {},
    settling: {
      after: {
        'validation debounce': [
          { guard: 'has an error', target: 'shown', actions: 'settle error' },
          { target: 'quiet', actions: 'settle error' },
        ],
      },
    },
    shown: { tags: 'error' },
  },
});

type Snapshot = { context: ShownErrorContext; hasTag(tag: 'error'): boolean };

/** The error to show, if any. */
export const selectShownError = (snapshot: Snapshot): string | undefined => (snapshot.hasTag('error') ? snapshot.context.error : undefined);
