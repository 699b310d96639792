// A chart drawn as a statechart: each state a box (a compound one holding its children, a parallel
// one's regions dashed, a final one double-bordered, the initial one marked by a dot and arrow),
// each transition an arrow labelled with its event and guard. The labels are first rendered
// hidden and measured, then ELK lays the chart out (chart-layout.ts) and it is drawn: the states
// as buttons in document order (Tab walks them, Enter or a click selects one), the arrows in an
// SVG beneath. What is highlighted comes from outside: the active states, the transitions just
// taken (animated) and, with the test paths, those never taken (red).
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { statesOf, type Chart, type ChartEdge, type ChartState } from '../../machines/lab/chart';
import { edgeLabel } from '../../machines/lab/mermaid';
import { edgeGroupsOf, layoutChart, type ChartLayout, type EdgeGroup, type Measures } from './chart-layout';
import { LabNotice } from './lab-notice';
import { usePanZoom } from './pan-zoom';

export interface Highlight {
  /** Ids of the active states. */
  active?: ReadonlySet<string>;
  /** Coverage names of the transitions just taken. */
  recent?: ReadonlySet<string>;
  /** A counter that changes with each step, so the animation of a transition taken twice plays again. */
  step?: number;
  /** Coverage names never taken by the tests: drawn red. */
  missing?: ReadonlySet<string>;
}

export interface StatechartDiagramProps {
  chart: Chart;
  highlight: Highlight;
  selected: string | null;
  onSelect: (stateId: string) => void;
  /** Called once the chart is drawn: the milliseconds ELK took, and from the diagram's mount (measuring, layout, render) to the next frame. */
  onDrawn?: (timing: { layoutMs: number; totalMs: number }) => void;
}

/** A transition as the diagram, the details and the state list write it: the Mermaid export's label. */
export const edgeText = edgeLabel;

/** A state's own label: its name, kind, tags, invoked actors, and the transitions that keep it (no target). */
function StateLabel({ state, stays, highlight }: { state: ChartState; stays: ChartEdge[]; highlight?: Highlight }) {
  return (
    <>
      <span className="lab-state-name">{state.key}</span>
      {state.type === 'parallel' && <span className="lab-state-kind">paralelo</span>}
      {state.type === 'final' && <span className="lab-state-kind">final</span>}
      {state.tags.length > 0 && <span className="lab-state-tags">{state.tags.join(' · ')}</span>}
      {state.invokes.map((invoke) => (
        <span key={invoke.id} className="lab-state-invoke">
          invoca {invoke.src}
        </span>
      ))}
      {stays.map((edge) => {
        const classes = ['lab-state-stay'];
        if (highlight?.missing?.has(edge.transition)) classes.push('is-missing');
        if (highlight?.recent?.has(edge.transition)) classes.push('is-recent');
        return (
          <span key={edge.id} className={classes.join(' ')}>
            ↻ {edgeText(edge)}
          </span>
        );
      })}
    </>
  );
}

/** The transitions without a target of each state, which its box lists. */
function staysOf(chart: Chart): Map<string, ChartEdge[]> {
  const stays = new Map<string, ChartEdge[]>();
  for (const edge of chart.edges) if (edge.targetless) stays.set(edge.source, [...(stays.get(edge.source) ?? []), edge]);
  return stays;
}

/** An arrow's label: a line per transition it draws. */
function GroupLabel({ group, highlight }: { group: EdgeGroup; highlight?: Highlight }) {
  return group.edges.map((edge) => {
    const classes = ['lab-edge-line'];
    if (highlight?.missing?.has(edge.transition)) classes.push('is-missing');
    if (highlight?.recent?.has(edge.transition)) classes.push('is-recent');
    return (
      <span key={edge.id} className={classes.join(' ')}>
        {edgeText(edge)}
      </span>
    );
  });
}

/** The labels as they will be drawn, hidden, to measure their sizes. */
function MeasuringPass({ chart, stays, groups, onMeasured }: { chart: Chart; stays: Map<string, ChartEdge[]>; groups: EdgeGroup[]; onMeasured: (measures: Measures) => void }) {
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const states = new Map<string, { width: number; height: number }>();
    const labels = new Map<string, { width: number; height: number }>();
    for (const element of root.current?.querySelectorAll<HTMLElement>('[data-measure]') ?? []) {
      const { width, height } = element.getBoundingClientRect();
      const size = { width: Math.ceil(width) + 2, height: Math.ceil(height) + 2 };
      if (element.dataset.measure === 'state') states.set(element.dataset.id!, size);
      else labels.set(element.dataset.id!, size);
    }
    onMeasured({ states, labels });
  }, [chart, onMeasured]);
  return (
    <div ref={root} className="lab-measure" aria-hidden="true">
      {[...statesOf(chart.root)].map((state) => (
        <div key={state.id} data-measure="state" data-id={state.id} className={`lab-state-header${state.children.length ? '' : ' is-atomic'}`}>
          <StateLabel state={state} stays={stays.get(state.id) ?? []} />
        </div>
      ))}
      {groups.map((group) => (
        <div key={group.id} data-measure="label" data-id={group.id} className="lab-edge-label">
          <GroupLabel group={group} />
        </div>
      ))}
    </div>
  );
}

const pathOf = (points: Array<{ x: number; y: number }>) => points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');

/** A transition back into its own state (a re-entry) that ELK left unrouted: an arc on the box's right side. */
function loopPath(box: { x: number; y: number; width: number; height: number }, label: { x: number; y: number } | null) {
  const x = box.x + box.width;
  const y = box.y + Math.min(box.height / 2, 20);
  const reach = label ? Math.max(28, label.x - x) : 28;
  return `M${x},${y - 6} C${x + reach},${y - 18} ${x + reach},${y + 18} ${x},${y + 6}`;
}

function Edges({ groups, layout, highlight }: { groups: EdgeGroup[]; layout: ChartLayout; highlight: Highlight }) {
  return (
    <svg className="lab-edges" width={layout.width} height={layout.height} aria-hidden="true">
      <defs>
        <marker id="lab-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" />
        </marker>
      </defs>
      {groups.map((group) => {
        const route = layout.edges.get(group.id);
        const box = layout.states.get(group.source);
        if (!route || !box) return null;
        const d = route.points.length > 1 && group.source !== group.target ? pathOf(route.points) : loopPath(box, route.label);
        // Dotted when every transition it draws is eventless, dashed when every one is delayed.
        const kinds = new Set(group.edges.map((edge) => edge.kind));
        const classes = ['lab-edge', kinds.size === 1 ? `is-${group.edges[0]!.kind}` : 'is-mixed'];
        if (group.edges.some((edge) => highlight.missing?.has(edge.transition))) classes.push('is-missing');
        const recent = group.edges.some((edge) => highlight.recent?.has(edge.transition));
        if (recent) classes.push('is-recent');
        return <path key={recent ? `${group.id}#${highlight.step ?? 0}` : group.id} className={classes.join(' ')} d={d} markerEnd="url(#lab-arrow)" />;
      })}
    </svg>
  );
}

function InitialMarks({ chart, layout }: { chart: Chart; layout: ChartLayout }) {
  const marks: ReactNode[] = [];
  // The child a compound state enters first; a parallel state's regions are all entered, unmarked.
  for (const parent of statesOf(chart.root)) {
    if (parent.type !== 'compound') continue;
    for (const state of parent.children) {
      const box = layout.states.get(state.id);
      if (!state.initial || !box) continue;
      marks.push(<circle key={`${state.id}-dot`} className="lab-initial" cx={box.x - 10} cy={box.y - 10} r={4} />);
      marks.push(<path key={`${state.id}-arrow`} className="lab-initial-arrow" d={`M${box.x - 7},${box.y - 7} L${box.x + 2},${box.y + 2}`} markerEnd="url(#lab-arrow)" />);
    }
  }
  return (
    <svg className="lab-edges" width={layout.width} height={layout.height} aria-hidden="true">
      {marks}
    </svg>
  );
}

export function StatechartDiagram({ chart, highlight, selected, onSelect, onDrawn }: StatechartDiagramProps) {
  const [layout, setLayout] = useState<{ chart: Chart; layout: ChartLayout; ms: number } | null>(null);
  const [mountedAt] = useState(() => performance.now());
  const [failure, setFailure] = useState<{ chart: Chart; message: string } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const current = layout?.chart === chart ? layout.layout : null;
  const { view, fit, zoomIn, zoomOut, reveal, handlers } = usePanZoom(viewport, current);
  const states = useMemo(() => [...statesOf(chart.root)], [chart]);
  const stays = useMemo(() => staysOf(chart), [chart]);
  const groups = useMemo(() => edgeGroupsOf(chart), [chart]);

  const onMeasured = useMemo(
    () => (measures: Measures) => {
      const started = performance.now();
      layoutChart(chart, measures).then(
        (laid) => setLayout({ chart, layout: laid, ms: performance.now() - started }),
        (error: unknown) => setFailure({ chart, message: error instanceof Error ? error.message : String(error) }),
      );
    },
    [chart],
  );

  useLayoutEffect(() => {
    if (layout?.chart !== chart || !onDrawn) return;
    // The frame after this commit is the first that shows the diagram.
    const frame = requestAnimationFrame(() => onDrawn({ layoutMs: layout.ms, totalMs: performance.now() - mountedAt }));
    return () => cancelAnimationFrame(frame);
  }, [layout, chart, onDrawn, mountedAt]);

  return (
    <div className="lab-diagram">
      <div className="lab-diagram-tools">
        <ButtonGroup>
          <Button icon="zoom-in" text="Acercar" onClick={zoomIn} />
          <Button icon="zoom-out" text="Alejar" onClick={zoomOut} />
          <Button icon="zoom-to-fit" text="Ajustar" onClick={fit} />
        </ButtonGroup>
        <span className="lab-diagram-scale" aria-live="polite">
          {Math.round(view.scale * 100)} %
        </span>
        <span className="lab-diagram-scale">Arrastra para mover; Ctrl y la rueda acercan o alejan.</span>
      </div>
      <div ref={viewport} className="lab-viewport" {...handlers} data-laid-out={current ? 'true' : 'false'}>
        {failure?.chart === chart && (
          <LabNotice intent="danger" alert>
            No se pudo trazar el diagrama ({failure.message}). La lista de estados y transiciones, debajo, lo describe completo.
          </LabNotice>
        )}
        {!current && failure?.chart !== chart && <MeasuringPass chart={chart} stays={stays} groups={groups} onMeasured={onMeasured} />}
        {current && (
          <div className="lab-canvas" style={{ width: current.width, height: current.height, transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}>
            {states.map((state) => {
              const box = current.states.get(state.id);
              if (!box) return null;
              const classes = ['lab-state', `is-${state.type}`];
              if (highlight.active?.has(state.id)) classes.push('is-active');
              if (selected === state.id) classes.push('is-selected');
              return (
                <div key={state.id} className={classes.join(' ')} style={{ left: box.x, top: box.y, width: box.width, height: box.height }}>
                  <button
                    type="button"
                    className={`lab-state-header${state.children.length ? '' : ' is-atomic'}`}
                    data-state={state.id}
                    aria-pressed={selected === state.id}
                    // Brought into view by its header: a compound state's whole box can be the whole chart.
                    onFocus={(event) => reveal({ x: box.x, y: box.y, width: Math.min(box.width, event.currentTarget.offsetWidth), height: Math.min(box.height, event.currentTarget.offsetHeight) })}
                    onClick={() => onSelect(state.id)}
                  >
                    {/* Code names read as they are shown; the words around them in Spanish. */}
                    <span className="sr-only">Estado </span>
                    <StateLabel state={state} stays={stays.get(state.id) ?? []} highlight={highlight} />
                    {highlight.active?.has(state.id) && <span className="sr-only"> (activo)</span>}
                  </button>
                </div>
              );
            })}
            <Edges groups={groups} layout={current} highlight={highlight} />
            <InitialMarks chart={chart} layout={current} />
            {groups.map((group) => {
              const label = current.edges.get(group.id)?.label;
              if (!label) return null;
              return (
                <div key={group.id} className="lab-edge-label" style={{ left: label.x, top: label.y }} aria-hidden="true">
                  <GroupLabel group={group} highlight={highlight} />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
