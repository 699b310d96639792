// The lab's side of live attach: while its 'En vivo' tab is open it asks the pages of this browser
// (src/lab/live-channel.ts), keeps each actor they publish with its log of steps, and says what
// the diagram highlights: the chosen actor's state at the chosen step (the latest unless the
// engineer stepped back) and the transitions that step took.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { activeStateIds, type Chart } from '../../machines/lab/chart';
import { LEASE_RENEW_MS, LIVE_CHANNEL, liveNow, type LiveMessage, type LiveStep } from './live-channel';
import type { Highlight } from './statechart-diagram';

export interface LiveEntry extends LiveStep {
  /** Its place in its actor's log. */
  index: number;
  /** When the lab received it (same clock as `sentAt`). */
  receivedAt: number;
}

export interface LiveActor {
  id: string;
  machine: string;
  page: string;
  title: string;
  log: LiveEntry[];
}

/** Steps kept per actor: a long session does not grow the lab without end. */
const KEPT = 500;

export function useLiveActors(chart: Chart, wanted: boolean) {
  const [actors, setActors] = useState<ReadonlyMap<string, LiveActor>>(new Map());
  const [chosen, setChosen] = useState<string | null>(null);
  /** The log entry shown; null follows the latest. */
  const [at, setAt] = useState<number | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    if (!wanted || typeof BroadcastChannel === 'undefined') return;
    const open = new BroadcastChannel(LIVE_CHANNEL);
    channel.current = open;
    open.onmessage = (message: MessageEvent<LiveMessage>) => {
      const step = message.data;
      if (step?.type === 'live.gone') {
        setActors((current) => new Map([...current].filter(([id]) => !step.actors.includes(id))));
        return;
      }
      if (step?.type !== 'live.step') return;
      const receivedAt = liveNow();
      setActors((current) => {
        const next = new Map(current);
        const actor = next.get(step.actor) ?? { id: step.actor, machine: step.machine, page: step.page, title: step.title, log: [] };
        const last = actor.log.at(-1);
        const log = [...actor.log, { ...step, index: (last?.index ?? -1) + 1, receivedAt }].slice(-KEPT);
        next.set(step.actor, { ...actor, page: step.page, title: step.title, log });
        return next;
      });
    };
    open.postMessage({ type: 'lab.hello' } satisfies LiveMessage);
    // The pages publish while the lease runs: renewed while this tab is open, ended when it closes.
    const lease = setInterval(() => open.postMessage({ type: 'lab.still' } satisfies LiveMessage), LEASE_RENEW_MS);
    const bye = () => open.postMessage({ type: 'lab.bye' } satisfies LiveMessage);
    window.addEventListener('pagehide', bye);
    return () => {
      clearInterval(lease);
      window.removeEventListener('pagehide', bye);
      bye();
      open.close();
      channel.current = null;
    };
  }, [wanted]);

  /** The actors that run this chart's machine, in the order they were first heard. */
  const ofChart = useMemo(() => [...actors.values()].filter((actor) => actor.machine === chart.id), [actors, chart]);
  // The one shown stays the one chosen (at first, the first heard) until it is gone.
  const actor = ofChart.find((a) => a.id === chosen) ?? ofChart[0];
  useEffect(() => {
    if (actor && actor.id !== chosen) {
      setChosen(actor.id);
      setAt(null);
    }
  }, [actor, chosen]);
  const shown = actor ? (at === null ? actor.log.at(-1) : actor.log.find((entry) => entry.index === at)) : undefined;

  // Read by tests/bench/lab-render.ts: from the page's publishing to the frame that shows the step.
  useLayoutEffect(() => {
    if (!shown || at !== null) return;
    const frame = requestAnimationFrame(() =>
      performance.mark('lab-live-highlighted', { detail: { event: shown.event.type, latencyMs: liveNow() - shown.sentAt, receivedMs: shown.receivedAt - shown.sentAt } }),
    );
    return () => cancelAnimationFrame(frame);
  }, [shown, at]);

  const highlight: Highlight = shown
    ? {
        active: activeStateIds(chart, shown.value),
        recent: new Set(shown.transitions.filter((t) => t.machine === chart.id).map((t) => t.transition)),
        step: shown.index,
      }
    : {};

  return {
    available: typeof BroadcastChannel !== 'undefined',
    actors: ofChart,
    others: [...actors.values()].filter((a) => a.machine !== chart.id),
    actor,
    shown,
    following: at === null,
    highlight,
    choose: (id: string) => {
      setChosen(id);
      setAt(null);
    },
    /** Shows an earlier step; null returns to the latest. */
    showStep: (index: number | null) => setAt(index),
    /** Asks again (a page opened after the lab). */
    ask: () => channel.current?.postMessage({ type: 'lab.hello' } satisfies LiveMessage),
  };
}

export type LiveActors = ReturnType<typeof useLiveActors>;
