// Lets the machine lab (/maquinas) attach to this page's actors: an `inspect` hook that does
// nothing until a lab of the same browser asks on the lab's BroadcastChannel (src/lab/live-channel.ts),
// then publishes where each machine actor is and every step it takes.
import type { ActorRefLike, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { jsonSafe } from '../../machines/lab/test-paths';
import { microstepTransitions } from '../../machines/lab/transitions';
import { LIVE_CHANNEL, liveNow, type LiveMessage, type LiveStep } from '../lab/live-channel';

const actors = new Map<string, ActorRefLike>();
const pending = new Map<string, LiveStep['transitions']>();
let channel: BroadcastChannel | null = null;
let asked = false;

const isMachineSnapshot = (snapshot: unknown): snapshot is AnyMachineSnapshot =>
  !!snapshot && typeof snapshot === 'object' && 'machine' in snapshot && 'value' in snapshot;

function publish(actor: ActorRefLike, snapshot: AnyMachineSnapshot, event: unknown, transitions: LiveStep['transitions']) {
  const step: LiveStep = {
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
  };
  channel?.postMessage(step);
}

/** Listens for a lab; answers its first call with where each live actor is. */
function listen() {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.onmessage = (message: MessageEvent<LiveMessage>) => {
    if (message.data?.type !== 'lab.hello') return;
    asked = true;
    for (const actor of actors.values()) {
      const snapshot = actor.getSnapshot();
      if (isMachineSnapshot(snapshot) && snapshot.status === 'active') publish(actor, snapshot, { type: 'lab.current' }, []);
    }
  };
}

/** The `inspect` option of an actor this page lets the lab attach to (with the actors it invokes). */
export function liveInspection(event: InspectionEvent) {
  listen();
  const id = event.actorRef.sessionId;
  // Known from its first snapshot: an actor created but never started (React's StrictMode makes
  // one) never reports one, so it is never offered.
  if (event.type === '@xstate.snapshot' && isMachineSnapshot(event.snapshot)) {
    if (event.snapshot.status === 'active') actors.set(id, event.actorRef);
    else actors.delete(id);
  }
  if (!asked) return;
  if (event.type === '@xstate.microstep') {
    pending.set(id, [...(pending.get(id) ?? []), ...microstepTransitions(event)]);
  } else if (event.type === '@xstate.snapshot' && isMachineSnapshot(event.snapshot)) {
    publish(event.actorRef, event.snapshot, event.event, pending.get(id) ?? []);
    pending.delete(id);
  }
}
