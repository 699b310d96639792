// When each field of a form shows its error (spec 01 §5): once the person has paused on that
// field for the validation debounce, or at once after a failed submit. An error already shown
// stays shown while the person types on and it stays the same; a new one waits for the pause.
// One actor per form (a wizard tab has some thirty fields), one named pause per field.
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { DELAYS } from '../forms/limits';

export interface FieldErrorState {
  /** The field's error now. */
  error: string | undefined;
  /** The error as of the field's last pause. */
  settled: string | undefined;
  /** A change waits for the pause. */
  waiting: boolean;
}

export interface ShownErrorsContext {
  fields: Record<string, FieldErrorState>;
}

export type ShownErrorsEvent =
  /** Sent on every change of a field's value, error or failed-submit flag. */
  | { type: 'field.changed'; name: string; error: string | undefined; submitFailed: boolean }
  /** Raised by the machine itself once a field has paused for the validation debounce. */
  | { type: 'field.paused'; name: string }
  /** The field left the page (another tab): it starts afresh when it comes back. */
  | { type: 'field.left'; name: string };

const pauseId = (name: string) => `pause:${name}`;

export const shownErrorsMachine = setup({
  types: {
    context: {} as ShownErrorsContext,
    events: {} as ShownErrorsEvent,
  },
  delays: {
    'validation debounce': DELAYS.validationDebounce,
  },
  guards: {
    'shows at once': (_, params: { error: string | undefined; submitFailed: boolean }) => params.submitFailed && params.error !== undefined,
    'is settled': ({ context }, params: { name: string; error: string | undefined }) =>
      params.error !== undefined && params.error === context.fields[params.name]?.settled,
    'is waiting': ({ context }, params: { name: string }) => context.fields[params.name]?.waiting === true,
    'has a field waiting': ({ context }) => Object.values(context.fields).some((field) => field.waiting),
  },
  actions: {
    'show at once': assign(({ context }, params: { name: string; error: string | undefined }) => ({
      fields: { ...context.fields, [params.name]: { error: params.error, settled: params.error, waiting: false } },
    })),
    'show settled error': assign(({ context }, params: { name: string; error: string | undefined }) => ({
      fields: { ...context.fields, [params.name]: { ...context.fields[params.name], error: params.error, waiting: false } },
    })),
    'wait for the pause': assign(({ context }, params: { name: string; error: string | undefined }) => ({
      fields: { ...context.fields, [params.name]: { settled: context.fields[params.name]?.settled, error: params.error, waiting: true } },
    })),
    'settle field': assign(({ context }, params: { name: string }) => {
      const field = context.fields[params.name];
      return { fields: { ...context.fields, [params.name]: { ...field, settled: field.error, waiting: false } } };
    }),
    'forget field': assign(({ context }, params: { name: string }) => {
      const { [params.name]: _left, ...fields } = context.fields;
      return { fields };
    }),
    'restart pause': enqueueActions(({ enqueue }, params: { name: string }) => {
      enqueue.cancel(pauseId(params.name));
      enqueue.raise({ type: 'field.paused', name: params.name }, { id: pauseId(params.name), delay: 'validation debounce' });
    }),
    'cancel pause': enqueueActions(({ enqueue }, params: { name: string }) => enqueue.cancel(pauseId(params.name))),
  },
}).createMachine({
  id: 'shownErrors',
  context: { fields: {} },
  initial: 'quiet',
  on: {
    'field.changed': [
      {
        guard: { type: 'shows at once', params: ({ event }) => event },
        target: '.deciding',
        actions: [
          { type: 'cancel pause', params: ({ event }) => event },
          { type: 'show at once', params: ({ event }) => event },
        ],
      },
      {
        guard: { type: 'is settled', params: ({ event }) => event },
        target: '.deciding',
        actions: [
          { type: 'cancel pause', params: ({ event }) => event },
          { type: 'show settled error', params: ({ event }) => event },
        ],
      },
      // Any other change waits for the field's pause, which settles the error then current (none included).
      {
        target: '.settling',
        actions: [
          { type: 'wait for the pause', params: ({ event }) => event },
          { type: 'restart pause', params: ({ event }) => event },
        ],
      },
    ],
    'field.left': {
      target: '.deciding',
      actions: [
        { type: 'cancel pause', params: ({ event }) => event },
        { type: 'forget field', params: ({ event }) => event },
      ],
    },
  },
  states: {
    /** No field waits for a pause. */
    quiet: {},
    /** Some field waits for its pause. */
    settling: {
      on: {
        'field.paused': {
          guard: { type: 'is waiting', params: ({ event }) => event },
          target: 'deciding',
          actions: { type: 'settle field', params: ({ event }) => event },
        },
      },
    },
    deciding: {
      always: [{ guard: 'has a field waiting', target: 'settling' }, { target: 'quiet' }],
    },
  },
});

export type ShownErrorsMachine = typeof shownErrorsMachine;

/** The error field `name` shows, if any. */
export const selectShownError = (snapshot: SnapshotFrom<ShownErrorsMachine>, name: string): string | undefined => {
  const field = snapshot.context.fields[name];
  return field && !field.waiting ? field.error : undefined;
};

/** Every field showing an error, as 'name\tmessage' lines (a string, so a selector's answer compares by value). */
export const selectShownErrorLines = (snapshot: SnapshotFrom<ShownErrorsMachine>): string =>
  Object.keys(snapshot.context.fields)
    .flatMap((name) => {
      const error = selectShownError(snapshot, name);
      return error ? [`${name}\t${error}`] : [];
    })
    .join('\n');
