// Model-based tests of the shown-errors machine: every transition replayed on a real actor. The
// walk sends a field's pause as the event the machine raises for it; the scenarios below drive
// the same pauses with a simulated clock. The actors of every test report to this file's coverage
// (coverage-report.ts).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { DELAYS } from '../../forms/limits';
import { selectShownError, shownErrorsMachine } from '../../machines/shown-errors';
import { fileCoverage, type Inspect } from './support/coverage-report';
import { walkEveryTransition } from './support/model-paths';

type Snapshot = SnapshotFrom<typeof shownErrorsMachine>;

const REQUIRED = '¡Este campo es requerido!';
const INVALID = '¡RFC inválido!';

const changed = (name: string, error: string | undefined, submitFailed = false) => ({ type: 'field.changed' as const, name, error, submitFailed });

const EVENTS = [
  changed('rfc', REQUIRED),
  changed('rfc', INVALID),
  changed('rfc', undefined),
  changed('rfc', INVALID, true),
  changed('curp', REQUIRED),
  { type: 'field.paused', name: 'rfc' },
  { type: 'field.paused', name: 'curp' },
  { type: 'field.left', name: 'rfc' },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, Object.entries(s.context.fields).sort(([a], [b]) => a.localeCompare(b))]);

const coverage = fileCoverage('shown-errors');

function start(inspect: Inspect = coverage.inspect) {
  const clock = new SimulatedClock();
  const actor = createActor(shownErrorsMachine, { inspect, clock }).start();
  return { actor, clock, last: null as any, before: actor.getSnapshot() };
}

type Harness = ReturnType<typeof start>;

async function play(h: Harness, event: any) {
  h.last = event;
  h.before = h.actor.getSnapshot();
  h.actor.send(event);
}

function assertMeaning(s: Snapshot, h: Harness) {
  const fields = Object.values(s.context.fields);
  if (s.matches('quiet')) expect(fields.every((field) => !field.waiting)).toBe(true);
  else if (s.matches('settling')) expect(fields.some((field) => field.waiting)).toBe(true);
  else throw new Error(`Unchecked state ${JSON.stringify(s.value)}`);
  for (const [name, field] of Object.entries(s.context.fields)) {
    const shown = selectShownError(s, name);
    // A field waiting for its pause shows nothing; one that paused shows what settled.
    if (field.waiting) expect(shown).toBeUndefined();
    else expect(shown).toBe(field.settled);
  }
  const event = h.last;
  if (event?.type === 'field.changed') {
    const shown = selectShownError(s, event.name);
    const before = h.before.context.fields[event.name];
    // After a failed submit the error shows at once; the error that settled shows again at once;
    // any other change waits.
    if (event.submitFailed && event.error) expect(shown).toBe(event.error);
    else if (event.error && event.error === before?.settled) expect(shown).toBe(event.error);
    else expect(s.context.fields[event.name].waiting).toBe(true);
  }
  if (event?.type === 'field.left') expect(s.context.fields[event.name]).toBeUndefined();
}

describe('shown-errors machine, every transition', () => {
  walkEveryTransition(shownErrorsMachine, {
    events: EVENTS,
    serializeState: serializeState as never,
    start,
    play,
    assertMeaning: assertMeaning as never,
    inspect: coverage.inspect,
  });
});

describe('shown-errors on a simulated clock', () => {
  const shown = (h: Harness, name: string) => selectShownError(h.actor.getSnapshot(), name);

  it('shows a new error only once the person pauses on the field, each keystroke restarting the pause', () => {
    const h = start();
    h.actor.send(changed('rfc', INVALID));
    h.clock.increment(1000);
    h.actor.send(changed('rfc', INVALID));
    h.clock.increment(1000);
    expect(shown(h, 'rfc')).toBeUndefined();
    h.clock.increment(DELAYS.validationDebounce - 1000);
    expect(shown(h, 'rfc')).toBe(INVALID);
    expect(h.actor.getSnapshot().matches('quiet')).toBe(true);
    // Typing on with the same error keeps it shown; a different one hides it until the next pause.
    h.actor.send(changed('rfc', INVALID));
    expect(shown(h, 'rfc')).toBe(INVALID);
    h.actor.send(changed('rfc', REQUIRED));
    expect(shown(h, 'rfc')).toBeUndefined();
    // Back to the settled error before the pause: shown again at once.
    h.actor.send(changed('rfc', INVALID));
    expect(shown(h, 'rfc')).toBe(INVALID);
  });

  it('keeps a pause per field: typing in one does not hold back another', () => {
    const h = start();
    h.actor.send(changed('rfc', INVALID));
    h.clock.increment(1000);
    h.actor.send(changed('curp', REQUIRED));
    h.clock.increment(DELAYS.validationDebounce - 1000);
    expect(shown(h, 'rfc')).toBe(INVALID);
    expect(shown(h, 'curp')).toBeUndefined();
    expect(h.actor.getSnapshot().matches('settling')).toBe(true);
    h.clock.increment(1000);
    expect(shown(h, 'curp')).toBe(REQUIRED);
    expect(h.actor.getSnapshot().matches('quiet')).toBe(true);
  });

  it('shows the error at once after a failed submit, and a field that leaves starts afresh', () => {
    const h = start();
    h.actor.send(changed('rfc', REQUIRED));
    h.actor.send(changed('rfc', REQUIRED, true));
    expect(shown(h, 'rfc')).toBe(REQUIRED);
    h.actor.send(changed('rfc', INVALID, true));
    expect(shown(h, 'rfc')).toBe(INVALID);
    h.actor.send({ type: 'field.left', name: 'rfc' });
    h.actor.send(changed('rfc', INVALID));
    expect(shown(h, 'rfc')).toBeUndefined();
    h.clock.increment(DELAYS.validationDebounce);
    expect(shown(h, 'rfc')).toBe(INVALID);
  });
});

coverage.expectEveryTransition(shownErrorsMachine);
