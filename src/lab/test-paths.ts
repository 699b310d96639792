// The test paths of the chart's machine, loaded once per machine and page, the transitions the
// tests exercised (the model-based paths and the hand-written tests alike) against those the
// machine defines, and the step being replayed, which the diagram highlights.
import type { AxiosInstance } from 'axios';
import { useEffect, useMemo, useState } from 'react';
import { activeStateIds, type Chart } from '../../machines/lab/chart';
import { fetchLabRecord, type LabRecord } from '../../services/lab';
import type { Highlight } from './statechart-diagram';

const loading = new Map<string, Promise<LabRecord>>();

export type PathsState = { status: 'loading' } | { status: 'failed' } | ({ status: 'ready' } & LabRecord);

export function useTestPaths(http: AxiosInstance, chart: Chart, wanted: boolean) {
  const [state, setState] = useState<PathsState>({ status: 'loading' });
  const [pathIndex, setPathIndex] = useState(0);
  const [step, setStep] = useState(0);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let record = loading.get(chart.id);
    if (!record) {
      record = fetchLabRecord(http, chart.id).catch((error: unknown) => {
        loading.delete(chart.id);
        throw error;
      });
      loading.set(chart.id, record);
    }
    record.then(
      (answer) => live && setState({ status: 'ready', ...answer }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [http, chart, wanted]);

  const paths = useMemo(() => (state.status === 'ready' ? state.paths : []), [state]);
  const coverage = useMemo(() => {
    const defined = [...new Set(chart.edges.map((edge) => edge.transition))];
    // A name the definition does not hold (a record older than the machine) is not counted.
    const exercised = new Set(state.status === 'ready' ? state.exercised : []);
    const taken = new Set(defined.filter((name) => exercised.has(name)));
    return { defined, taken, missing: new Set(defined.filter((name) => !taken.has(name))) };
  }, [chart, state]);

  const path = paths[Math.min(pathIndex, paths.length - 1)];
  const at = path ? Math.min(step, path.steps.length - 1) : 0;
  const current = path?.steps[at];
  const highlight: Highlight = {
    missing: state.status === 'ready' && (paths.length > 0 || coverage.taken.size > 0) ? coverage.missing : undefined,
    active: current ? activeStateIds(chart, current.value) : undefined,
    recent: current ? new Set(current.transitions.filter((t) => t.machine === chart.id).map((t) => t.transition)) : undefined,
    step: at,
  };

  return {
    state,
    paths,
    coverage,
    path,
    step: at,
    current,
    highlight,
    choose: (index: number) => {
      setPathIndex(index);
      setStep(0);
    },
    goTo: (index: number) => setStep(Math.max(0, Math.min(index, (path?.steps.length ?? 1) - 1))),
  };
}

export type TestPaths = ReturnType<typeof useTestPaths>;
