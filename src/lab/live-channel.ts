// What a page running a machine and the machine lab say to each other on a same-origin
// BroadcastChannel. The lab asks ('lab.hello') and keeps asking ('lab.still', every few seconds,
// a lease): a page publishes each step of its actors (XState's inspection events, made JSON-safe),
// starting with where each actor is, only while a lab's lease runs; 'lab.bye' ends it at once.
// A page says which of its actors ended ('live.gone'), and all of them when it is left.
export const LIVE_CHANNEL = 'laboratorio-maquinas';

/** How often an open lab renews its lease, and how long a page publishes after the last renewal. */
export const LEASE_RENEW_MS = 4_000;
export const LEASE_MS = 10_000;

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

export type LiveMessage =
  | { type: 'lab.hello' }
  | { type: 'lab.still' }
  | { type: 'lab.bye' }
  | LiveStep
  | { type: 'live.gone'; actors: string[] };

/** The clock both sides compare: shared by the pages of one browser. */
export const liveNow = () => performance.timeOrigin + performance.now();
