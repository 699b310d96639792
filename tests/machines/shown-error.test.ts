// Model-based tests of the shown-error machine: every transition replayed on a real actor, the
// validation debounce driven by a simulated clock.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { DELAYS } from '../../forms/limits';
import { selectShownError, shownErrorMachine } from '../../machines/shown-error';
import { enumerateEdges, testEveryTransition, transitionRecorder } from './support/model-paths';

type Snapshot = SnapshotFrom<typeof shownErrorMachine>;

const REQUIRED = '¡Campo requerido!';
const INVALID = '¡RFC inválido!';
const DEBOUNCE = 'xstate.after.validation debounce.shownError.settling';

const EVENTS = [
  { type: 'field.changed', error: REQUIRED, submitFailed: false },
  { type: 'field.changed', error: INVALID, submitFailed: false },
  { type: 'field.changed', error: undefined, submitFailed: false },
  { type: 'field.changed', error: REQUIRED, submitFailed: true },
  { type: 'field.changed', error: undefined, submitFailed: true },
  { type: DEBOUNCE },
];

const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.error ?? null, s.context.settled ?? null]);

function start(inspect: ReturnType<typeof transitionRecorder>['inspect']) {
  const clock = new SimulatedClock();
  const actor = createActor(shownErrorMachine, { inspect, clock }).start();
  return { actor, clock, last: null as any, before: actor.getSnapshot(), elapsed: 0 };
}

type Harness = ReturnType<typeof start>;

async function play(h: Harness, event: any) {
  h.last = event;
  h.before = h.actor.getSnapshot();
  if (event.type === DEBOUNCE) {
    // Just short of the pause nothing settles; at the pause the error does.
    h.clock.increment(DELAYS.validationDebounce - 1);
    expect(h.actor.getSnapshot()).toBe(h.before);
    h.clock.increment(1);
  } else h.actor.send(event);
}

function assertMeaning(s: Snapshot, h: Harness) {
  const shown = selectShownError(s);
  if (s.matches('quiet')) {
    expect(shown).toBeUndefined();
    expect(s.context.error).toBeUndefined();
  } else if (s.matches('settling')) {
    // A change waits for the pause: nothing is shown meanwhile.
    expect(shown).toBeUndefined();
    expect(h.last.type).toBe('field.changed');
  } else if (s.matches('shown')) {
    expect(shown).toBeDefined();
    expect(shown).toBe(s.context.error);
    // What is shown is what settled: after a pause, after a failed submit, or the same error again.
    expect(s.context.settled).toBe(shown);
    if (h.last.type === 'field.changed' && !h.last.submitFailed) expect(h.before.context.settled).toBe(shown);
  } else throw new Error(`Unchecked state ${JSON.stringify(s.value)}`);
}

const edges = enumerateEdges(shownErrorMachine, { input: undefined, events: EVENTS, serializeState: serializeState as never });

describe('shown-error machine, every transition', () => {
  testEveryTransition({
    name: 'shown-error',
    edges,
    serializeState: serializeState as never,
    start: (_edge, inspect) => start(inspect),
    play,
    assertMeaning: assertMeaning as never,
  });
});

describe('shown-error scenarios', () => {
  it('shows a new error only once the person pauses, and each keystroke restarts the pause', async () => {
    const h = start(transitionRecorder().inspect);
    h.actor.send({ type: 'field.changed', error: INVALID, submitFailed: false });
    h.clock.increment(1000);
    h.actor.send({ type: 'field.changed', error: INVALID, submitFailed: false });
    h.clock.increment(1000);
    expect(selectShownError(h.actor.getSnapshot())).toBeUndefined();
    h.clock.increment(500);
    expect(selectShownError(h.actor.getSnapshot())).toBe(INVALID);
    // Typing on with the same error keeps it shown; a different one hides it until the next pause.
    h.actor.send({ type: 'field.changed', error: INVALID, submitFailed: false });
    expect(selectShownError(h.actor.getSnapshot())).toBe(INVALID);
    h.actor.send({ type: 'field.changed', error: REQUIRED, submitFailed: false });
    expect(selectShownError(h.actor.getSnapshot())).toBeUndefined();
    // Back to the settled error before the pause: shown again at once.
    h.actor.send({ type: 'field.changed', error: INVALID, submitFailed: false });
    expect(selectShownError(h.actor.getSnapshot())).toBe(INVALID);
  });

  it('shows the error at once after a failed submit', () => {
    const h = start(transitionRecorder().inspect);
    h.actor.send({ type: 'field.changed', error: REQUIRED, submitFailed: false });
    h.actor.send({ type: 'field.changed', error: REQUIRED, submitFailed: true });
    expect(selectShownError(h.actor.getSnapshot())).toBe(REQUIRED);
    h.actor.send({ type: 'field.changed', error: INVALID, submitFailed: true });
    expect(selectShownError(h.actor.getSnapshot())).toBe(INVALID);
  });
});
