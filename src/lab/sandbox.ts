// The lab's sandbox: a copy of a registered machine, started on request with its actors faked
// (machines/lab/sandbox-fakes.ts), that the engineer drives by sending events and settling fake
// calls. It records, through `inspect`, each event the machine received and the transitions it
// took, and says what the diagram highlights. Delays run on real time.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createActor, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';
import { activeStateIds, chartOf } from '../../machines/lab/chart';
import type { RegisteredMachine } from '../../machines/lab/registry';
import { FakeCalls, withFakes, type PendingCall } from '../../machines/lab/sandbox-fakes';
import { microstepTransitions } from '../../machines/lab/transitions';
import type { Highlight } from './statechart-diagram';

export interface TakenTransition {
  /** The coverage name (machines/lab/transitions.ts). */
  name: string;
  /** The id of the machine that defines it: the sandbox's own, or one it invokes. */
  machineId: string;
}

export interface SandboxLogEntry {
  id: number;
  time: Date;
  /** The event's type; `xstate.init` for the start. */
  event: string;
  /** Sent by the engineer from the panel (otherwise: a fake call settled, a delay, a child). */
  sent: boolean;
  transitions: TakenTransition[];
}

export interface Sandbox {
  /** Null until 'Iniciar simulación'. */
  snapshot: AnyMachineSnapshot | null;
  pending: readonly PendingCall[];
  log: readonly SandboxLogEntry[];
  /** The machine stopped with an error (a guard or an action threw): its message. */
  failure: string | null;
  highlight: Highlight;
  /** Starts a fresh copy (stopping the current one). */
  start: () => void;
  send: (event: AnyEventObject) => void;
}

const isRootEvent = (event: InspectionEvent) => event.actorRef.sessionId === event.rootId;

export function useSandbox(entry: RegisteredMachine, input: unknown): Sandbox {
  const chart = useMemo(() => chartOf(entry.machine), [entry]);
  const actorRef = useRef<AnyActorRef | null>(null);
  const sentRef = useRef<AnyEventObject | null>(null);
  const [snapshot, setSnapshot] = useState<AnyMachineSnapshot | null>(null);
  const [pending, setPending] = useState<readonly PendingCall[]>([]);
  const [log, setLog] = useState<readonly SandboxLogEntry[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const stop = useCallback(() => {
    actorRef.current?.stop();
    actorRef.current = null;
  }, []);

  // A new machine or configuration ends the copy of the previous one.
  useEffect(() => {
    setSnapshot(null);
    setPending([]);
    setLog([]);
    setFailure(null);
    return stop;
  }, [entry, input, stop]);

  const start = useCallback(() => {
    stop();
    const calls = new FakeCalls();
    calls.subscribe(() => setPending(calls.pending()));
    let entries: SandboxLogEntry[] = [{ id: 0, time: new Date(), event: 'xstate.init', sent: false, transitions: [] }];
    const publish = () => setLog(entries);
    const inspect = (event: InspectionEvent) => {
      if (event.type === '@xstate.event' && isRootEvent(event)) {
        const received = event.event as AnyEventObject;
        // The start's own entry is the first; its transitions are reported before this event.
        if (received.type === 'xstate.init') return;
        entries = [...entries, { id: entries.length, time: new Date(), event: received.type, sent: received === sentRef.current, transitions: [] }];
        publish();
      } else if (event.type === '@xstate.microstep') {
        const taken = microstepTransitions(event).map(({ machine, transition }) => ({ name: transition, machineId: machine }));
        if (taken.length === 0) return;
        const last = entries[entries.length - 1]!;
        entries = [...entries.slice(0, -1), { ...last, transitions: [...last.transitions, ...taken] }];
        publish();
      }
    };
    const actor = createActor(withFakes(entry.machine, calls), { input, inspect });
    actorRef.current = actor;
    setPending([]);
    setFailure(null);
    publish();
    actor.subscribe({
      next: (next) => setSnapshot(next as AnyMachineSnapshot),
      error: (error) => {
        setSnapshot(actor.getSnapshot() as AnyMachineSnapshot);
        setFailure(error instanceof Error ? error.message : String(error));
      },
    });
    actor.start();
    setSnapshot(actor.getSnapshot() as AnyMachineSnapshot);
  }, [entry, input, stop]);

  const send = useCallback((event: AnyEventObject) => {
    sentRef.current = event;
    actorRef.current?.send(event);
    sentRef.current = null;
  }, []);

  const last = log[log.length - 1];
  const highlight = useMemo<Highlight>(
    () =>
      snapshot
        ? {
            active: activeStateIds(chart, snapshot.value),
            recent: new Set((last?.transitions ?? []).filter((t) => t.machineId === chart.id).map((t) => t.name)),
            step: log.length,
          }
        : {},
    [chart, snapshot, last, log.length],
  );

  return { snapshot, pending, log, failure, highlight, start, send };
}
