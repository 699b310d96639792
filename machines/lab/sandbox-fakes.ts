// The lab's sandbox (/maquinas, 'Simulación'): a copy of a machine whose I/O actors are replaced by
// fakes that stay pending until the engineer resolves or rejects them, so no real call runs. An
// actor that is itself a machine (the wizard's 'pld review') is kept, with its own actors faked the
// same way. Actions a machine references without implementing become no-ops.
import { StateMachine, fromPromise, type AnyActorLogic, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { stateNodes } from './transitions';

export interface PendingCall {
  /** Unique for the sandbox's life. */
  id: number;
  /** The actor's name in `setup`, prefixed with the names of the machines it is nested in: `pld review › search blacklist`. */
  src: string;
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

/** The fake calls in flight, in the order they were invoked; a call leaves when settled or when its state is left. */
export class FakeCalls {
  private calls: PendingCall[] = [];
  private listeners = new Set<() => void>();
  private next = 1;

  pending(): readonly PendingCall[] {
    return this.calls;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  add(src: string, input: unknown, settle: { resolve: (output: unknown) => void; reject: (error: Error) => void }): PendingCall {
    const call: PendingCall = {
      id: this.next++,
      src,
      input,
      resolve: (output) => {
        this.remove(call);
        settle.resolve(output);
      },
      reject: (error) => {
        this.remove(call);
        settle.reject(error);
      },
    };
    this.calls = [...this.calls, call];
    this.notify();
    return call;
  }

  remove(call: PendingCall) {
    if (!this.calls.includes(call)) return;
    this.calls = this.calls.filter((c) => c !== call);
    this.notify();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }
}

export const isMachineLogic = (logic: unknown): logic is AnyStateMachine => logic instanceof StateMachine;

/** A promise actor that waits for the engineer: listed in `calls` until settled, or until the actor is stopped. */
function fakeActor(src: string, calls: FakeCalls) {
  return fromPromise<unknown, unknown>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        const call = calls.add(src, input, { resolve, reject });
        signal.addEventListener('abort', () => calls.remove(call));
      }),
  );
}

/** The named actions a machine's states and transitions reference (built-ins such as `assign` are functions, not names). */
export function referencedActions(machine: AnyStateMachine): Set<string> {
  const names = new Set<string>();
  const add = (actions: readonly unknown[] | undefined) => {
    for (const action of actions ?? []) {
      if (typeof action === 'string') names.add(action);
      else if (action && typeof action === 'object' && 'type' in action && typeof action.type === 'string') names.add(action.type);
    }
  };
  for (const node of stateNodes(machine.root)) {
    add(node.entry);
    add(node.exit);
    for (const list of node.transitions.values()) for (const transition of list) add(transition.actions);
    for (const transition of node.always ?? []) add(transition.actions);
  }
  return names;
}

/**
 * The machine with every non-machine actor it declares faked (recursively into the machines it
 * invokes) and a no-op for each action it references but does not implement. The actions it does
 * implement are its own, not the product's: the wizard's 'remember pending guarantor' and 'forget
 * pending guarantors' are declared as no-ops and only src/ gives them storage.
 */
export function withFakes(machine: AnyStateMachine, calls: FakeCalls, prefix = ''): AnyStateMachine {
  const actors: Record<string, AnyActorLogic> = {};
  for (const [src, logic] of Object.entries(machine.implementations.actors as Record<string, unknown>)) {
    const name = `${prefix}${src}`;
    actors[src] = isMachineLogic(logic) ? withFakes(logic, calls, `${name} › `) : fakeActor(name, calls);
  }
  const declared = machine.implementations.actions as Record<string, unknown>;
  const actions: Record<string, () => void> = {};
  for (const name of referencedActions(machine)) {
    if (!(name in declared) && !name.startsWith('xstate.')) actions[name] = () => {};
  }
  return machine.provide({ actors, actions } as never) as AnyStateMachine;
}

export interface AcceptedEvent {
  type: string;
  /** What `snapshot.can({ type })` answers; null when a guard needs data the bare event lacks (it threw). */
  enabled: boolean | null;
}

/** The events the active states name in their own `on` (XState's internal `xstate.*` ones left out), sorted by type. */
export function acceptedEvents(snapshot: { _nodes: readonly AnyStateNode[]; can: (event: { type: string }) => boolean }): AcceptedEvent[] {
  const types = [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents as string[]))].filter((type) => !type.startsWith('xstate.') && type !== '*')
    .sort();
  return types.map((type) => {
    let enabled: boolean | null;
    try {
      enabled = snapshot.can({ type });
    } catch {
      enabled = null;
    }
    return { type, enabled };
  });
}
