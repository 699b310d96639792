// The test paths of the chart's machine: loaded once per page (they weigh megabytes), the
// transitions they exercised against those the machine defines, and the step being replayed,
// which the diagram highlights.
import type { AxiosInstance } from 'axios';
import { useEffect, useMemo, useState } from 'react';
import type { LabelledTestPath } from '../../forms/contracts/test-paths';
import { activeStateIds, type Chart } from '../../machines/lab/chart';
import { fetchTestPaths } from '../../services/lab';
import type { Highlight } from './statechart-diagram';

let loading: Promise<LabelledTestPath[]> | null = null;

export type PathsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; paths: LabelledTestPath[] };

export function useTestPaths(http: AxiosInstance, chart: Chart, wanted: boolean) {
  const [state, setState] = useState<PathsState>({ status: 'loading' });
  const [pathIndex, setPathIndex] = useState(0);
  const [step, setStep] = useState(0);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loading ??= fetchTestPaths(http).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    loading.then(
      (all) => live && setState({ status: 'ready', paths: all.filter((path) => path.machine === chart.id) }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [http, chart, wanted]);

  const paths = state.status === 'ready' ? state.paths : [];
  const coverage = useMemo(() => {
    const defined = [...new Set(chart.edges.map((edge) => edge.transition))];
    const taken = new Set(paths.flatMap((path) => path.steps.flatMap((s) => s.transitions.filter((t) => t.machine === chart.id).map((t) => t.transition))));
    return { defined, taken, missing: new Set(defined.filter((name) => !taken.has(name))) };
  }, [chart, paths]);

  const path = paths[Math.min(pathIndex, paths.length - 1)];
  const at = path ? Math.min(step, path.steps.length - 1) : 0;
  const current = path?.steps[at];
  const highlight: Highlight = {
    missing: paths.length ? coverage.missing : undefined,
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
