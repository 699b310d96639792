// /maquinas/{machine}: the machine lab (issue 17). Every machine of the registry
// (machines/lab/registry.ts) is listed; the chosen one is drawn as a statechart, with a state's
// details on selection, its states and transitions as text, and a side panel that drives what the
// diagram highlights: the test paths, a sandbox copy, or a live actor of another tab.
import type { AxiosInstance } from 'axios';
import { FormGroup, H1, H2, Tab, Tabs } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLoaderData, useParams, useSearchParams } from 'react-router-dom';
import { hasPermission, permissionRefusal } from '../../forms/staff-permissions';
import { chartOf } from '../../machines/lab/chart';
import { MACHINES, findMachine } from '../../machines/lab/registry';
import { HTMLSelect } from '../components/html-select';
import { useLiveActors } from './live';
import { LivePanel } from './live-panel';
import { useSandbox } from './sandbox';
import { useTestPaths } from './test-paths';
import { TestPathsPanel } from './test-paths-panel';
import { SandboxPanel } from './sandbox-panel';
import { StateDetails } from './state-details';
import { StateList } from './state-list';
import { StatechartDiagram, type Highlight } from './statechart-diagram';
import './lab.css';

type Panel = 'definicion' | 'rutas' | 'simulacion' | 'en-vivo';

/** Every machine of the registry and, for one that runs in several configurations, each of them. */
function MachineNav({ current, configuration }: { current: string | undefined; configuration?: string }) {
  return (
    <nav className="lab-nav" aria-label="Máquinas">
      <ul>
        {MACHINES.map((entry) => (
          <li key={entry.name}>
            <Link to={`/maquinas/${entry.name}`} aria-current={entry.name === current && !configuration ? 'page' : undefined}>
              {entry.title}
            </Link>
            <span className="lab-nav-id">{entry.machine.id}</span>
            {entry.configurations.length > 1 && (
              <span className="lab-nav-configurations">
                (
                {entry.configurations.map((c, index) => (
                  <span key={c.name}>
                    {index > 0 && ', '}
                    <Link to={`/maquinas/${entry.name}?configuracion=${c.name}`} aria-current={entry.name === current && configuration === c.name ? 'page' : undefined}>
                      {c.title}
                    </Link>
                  </span>
                ))}
                )
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MachineView({ name }: { name: string }) {
  const entry = findMachine(name)!;
  const [search, setSearch] = useSearchParams();
  const configuration = entry.configurations.find((c) => c.name === search.get('configuracion')) ?? entry.configurations[0]!;
  const chart = useMemo(() => chartOf(entry.machine), [entry]);
  const [selected, setSelected] = useState<string | null>(null);
  const [panel, setPanel] = useState<Panel>('definicion');
  const sandbox = useSandbox(entry, configuration.input);
  const { http } = useLoaderData() as LabAccess;
  const testPaths = useTestPaths(http, chart, panel === 'rutas');
  const live = useLiveActors(chart, panel === 'en-vivo');
  const highlights: Record<Panel, Highlight> = { definicion: {}, rutas: testPaths.highlight, simulacion: sandbox.highlight, 'en-vivo': live.highlight };
  const highlight = highlights[panel];
  // Read by tests/bench/lab-render.ts.
  const onDrawn = useCallback((timing: { layoutMs: number; totalMs: number }) => {
    performance.mark('lab-diagram-drawn', { detail: { machine: entry.name, ...timing } });
  }, [entry]);

  return (
    <section className="lab-machine" aria-labelledby="lab-machine-title">
      <div className="lab-machine-head">
        <H2 id="lab-machine-title">{entry.title}</H2>
        <p className="lab-machine-facts">
          <code>{entry.file}</code> · {chart.edges.length} transiciones
        </p>
        {entry.configurations.length > 1 && (
          <FormGroup label="Configuración" labelFor="lab-configuracion" inline className="lab-configuration">
            <HTMLSelect
              id="lab-configuracion"
              value={configuration.name}
              options={entry.configurations.map((c) => ({ value: c.name, label: c.title }))}
              onChange={(event) => setSearch({ configuracion: event.currentTarget.value }, { replace: true })}
            />
          </FormGroup>
        )}
      </div>
      <div className="lab-workspace">
        <StatechartDiagram chart={chart} highlight={highlight} selected={selected} onSelect={setSelected} onDrawn={onDrawn} />
        <aside className="lab-panel" aria-label="Panel del laboratorio">
          <StateDetails chart={chart} stateId={selected} />
          <Tabs id="lab-panel" selectedTabId={panel} onChange={(id) => setPanel(id as Panel)}>
            <Tab
              id="definicion"
              title="Definición"
              panel={<p className="lab-hint">El diagrama muestra la definición. Las otras pestañas resaltan en él una ruta de las pruebas, una simulación o una solicitud en vivo.</p>}
            />
            <Tab id="rutas" title="Rutas de prueba" panel={<TestPathsPanel paths={testPaths} />} />
            <Tab id="simulacion" title="Simulación" panel={<SandboxPanel sandbox={sandbox} />} />
            <Tab id="en-vivo" title="En vivo" panel={<LivePanel live={live} />} />
          </Tabs>
        </aside>
      </div>
      <StateList chart={chart} onSelect={setSelected} />
    </section>
  );
}

interface LabAccess {
  /** The signed-in staff member's roles; null in `npm run dev`, where the lab needs no sign-in. */
  roles: string[] | null;
  company: string;
  /** The API client of the page's session (the lab's chunk does not import the runtime: see useLabTitle). */
  http: AxiosInstance;
}

/**
 * The tab's title, as layout/document-title.ts writes it. The lab does not import that module (nor
 * the message pages): shared with the lab's chunk, they made the bundler split the home route's
 * code into more pieces, which weigh more.
 */
function useLabTitle(...parts: Array<string | undefined>) {
  const { company } = useLoaderData() as LabAccess;
  const title = [...parts.filter(Boolean), 'Laboratorio de máquinas', company].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The route: the lab for whoever holds the lab permission, the refusal for other staff. */
export function LabRoute() {
  const { roles } = useLoaderData() as LabAccess;
  return roles === null || hasPermission(roles, 'laboratorio') ? <LabPage /> : <LabRefusal />;
}

function LabRefusal() {
  useLabTitle();
  return (
    <div className="lab-page">
      <H1>Laboratorio de máquinas</H1>
      <p role="alert">{permissionRefusal('laboratorio')}</p>
    </div>
  );
}

function LabPage() {
  const { machine } = useParams();
  const [search] = useSearchParams();
  const entry = machine === undefined ? undefined : findMachine(machine);
  useLabTitle(entry?.title);
  const known = machine === undefined || entry !== undefined;
  if (!known)
    return (
      <div className="lab-page">
        <H1>Laboratorio de máquinas</H1>
        <p role="alert">No existe la máquina «{machine}».</p>
        <MachineNav current={undefined} />
      </div>
    );
  return (
    <div className="lab-page">
      <H1>Laboratorio de máquinas</H1>
      <MachineNav current={machine} configuration={search.get('configuracion') ?? undefined} />
      {machine ? <MachineView key={machine} name={machine} /> : <p className="lab-intro">Elige una máquina para ver su diagrama de estados.</p>}
    </div>
  );
}
