// What a page running a machine and the machine lab say to each other on a same-origin
// BroadcastChannel: the lab asks ('lab.hello'); from then on the page publishes each step of its
// actors (XState's inspection events, made JSON-safe), starting with where each actor is now.
export const LIVE_CHANNEL = 'laboratorio-maquinas';

export interface LabHello {
  type: 'lab.hello';
}

export interface LiveStep {
  type: 'live.step';
  /** The actor's session id, unique in its page. */
  actor: string;
  /** The id of the machine it runs. */
  machine: string;
  /** Where it runs: the page's path and title. */
  page: string;
  title: string;
  /** When the page published it, in ms since the epoch (`performance.timeOrigin + performance.now()`). */
  sentAt: number;
  /** The event the actor took; `{ type: 'lab.current' }` for the state it was in when the lab asked. */
  event: Record<string, unknown>;
  value: unknown;
  context: unknown;
  /** The transitions the step took (coverage names), in the actor's machine and the ones it invokes. */
  transitions: Array<{ machine: string; transition: string }>;
}

export type LiveMessage = LabHello | LiveStep;

/** The clock both sides compare: shared by the pages of one browser. */
export const liveNow = () => performance.timeOrigin + performance.now();
