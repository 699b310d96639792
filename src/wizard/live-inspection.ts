// Lets the machine lab (/maquinas) attach to this page's actors: an `inspect` hook that keeps the
// page's running machine actors and publishes nothing until a lab of the same browser asks on the
// lab's BroadcastChannel (src/lab/live-channel.ts); then, while the lab's lease runs, it publishes
// where each actor is and every step it takes. Only pages that may be inspected pass it (the
// wizard: in `npm run dev`, or for staff holding the lab permission): an applicant's page does not.
import type { ActorRefLike, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { jsonSafe } from '../../machines/lab/json-safe';
import { microstepTransitions } from '../../machines/lab/transitions';
import { LEASE_MS, LIVE_CHANNEL, liveNow, type LiveMessage, type LiveStep } from '../lab/live-channel';

const actors = new Map<string, ActorRefLike>();
const pending = new Map<string, LiveStep['transitions']>();
let channel: BroadcastChannel | null = null;
/** When a lab last asked or renewed its lease; 0 when none. */
let askedAt = 0;

const isMachineSnapshot = (snapshot: unknown): snapshot is AnyMachineSnapshot =>
  !!snapshot && typeof snapshot === 'object' && 'machine' in snapshot && 'value' in snapshot;

const leaseRuns = () => askedAt > 0 && Date.now() - askedAt < LEASE_MS;

function post(message: LiveMessage) {
  channel?.postMessage(message);
}

function publish(actor: ActorRefLike, snapshot: AnyMachineSnapshot, event: unknown, transitions: LiveStep['transitions']) {
  post({
    type: 'live.step',
    actor: actor.sessionId,
    machine: snapshot.machine.id,
    page: window.location.pathname,
    title: document.title,
    sentAt: liveNow(),
    event: (jsonSafe(event) ?? { type: 'desconocido' }) as Record<string, unknown>,
    value: jsonSafe(snapshot.value),
    context: jsonSafe(snapshot.context),
    transitions,
  });
}

/** Listens for a lab: its first call is answered with where each live actor is. */
function listen() {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.onmessage = ({ data }: MessageEvent<LiveMessage>) => {
    if (data?.type === 'lab.bye') askedAt = 0;
    else if (data?.type === 'lab.still') askedAt = Date.now();
    else if (data?.type === 'lab.hello') {
      askedAt = Date.now();
      for (const actor of actors.values()) {
        const snapshot = actor.getSnapshot();
        if (isMachineSnapshot(snapshot)) publish(actor, snapshot, { type: 'lab.current' }, []);
      }
    }
  };
  // A page left takes its actors with it.
  window.addEventListener('pagehide', () => {
    if (leaseRuns() && actors.size > 0) post({ type: 'live.gone', actors: [...actors.keys()] });
  });
}

function inspect(event: InspectionEvent) {
  listen();
  const id = event.actorRef.sessionId;
  // Known from its first snapshot: an actor created but never started (React's StrictMode makes
  // one) never reports one, so it is never offered.
  if (event.type === '@xstate.snapshot' && isMachineSnapshot(event.snapshot)) {
    if (event.snapshot.status === 'active') actors.set(id, event.actorRef);
    else if (actors.delete(id) && leaseRuns()) post({ type: 'live.gone', actors: [id] });
  }
  if (!leaseRuns()) {
    pending.clear();
    return;
  }
  if (event.type === '@xstate.microstep') {
    pending.set(id, [...(pending.get(id) ?? []), ...microstepTransitions(event)]);
  } else if (event.type === '@xstate.snapshot' && isMachineSnapshot(event.snapshot) && event.snapshot.status === 'active') {
    publish(event.actorRef, event.snapshot, event.event, pending.get(id) ?? []);
    pending.delete(id);
  }
}

let failed = false;

/** The `inspect` option of an actor the lab may attach to (with the actors it invokes). Never throws into the actor. */
export function liveInspection(event: InspectionEvent) {
  try {
    inspect(event);
  } catch (error) {
    if (!failed) console.warn('live inspection stopped publishing a step', error);
    failed = true;
  }
}
