// The selected state's details: its kind, tags, the actors it invokes, its entry and exit actions,
// the context keys its actions assign, and the transitions leaving it.
import { statesOf, type Chart, type ChartState } from '../../machines/lab/chart';
import { edgeText } from './statechart-diagram';

const KINDS = { atomic: 'simple', compound: 'compuesto', parallel: 'paralelo', final: 'final', history: 'historial' } as const;

const listOr = (items: string[]) => (items.length ? items.join(', ') : 'ninguna');

/** The selected state, above the panel's tabs whichever is open; a selection is announced in a region that is always there. */
export function StateDetails({ chart, stateId }: { chart: Chart; stateId: string | null }) {
  const state = stateId ? [...statesOf(chart.root)].find((s) => s.id === stateId) : undefined;
  return (
    <section className="lab-details" aria-labelledby="lab-details-heading">
      <h3 id="lab-details-heading" className="lab-details-subtitle">
        Estado seleccionado
      </h3>
      <p role="status" className="sr-only">
        {state ? `Estado ${state.id} seleccionado` : ''}
      </p>
      {state ? <Details chart={chart} state={state} /> : <p className="lab-hint">Elige un estado en el diagrama (Tab los recorre, Intro elige) o en la lista de estados.</p>}
    </section>
  );
}

function Details({ chart, state }: { chart: Chart; state: ChartState }) {
  const leaving = chart.edges.filter((edge) => edge.source === state.id);
  return (
    <>
      <h4 className="lab-details-title">
        <code>{state.id}</code>
      </h4>
      <dl className="lab-facts">
        <dt>Tipo</dt>
        <dd>
          {KINDS[state.type]}
          {state.initial ? ', inicial' : ''}
        </dd>
        <dt>Etiquetas</dt>
        <dd>{listOr(state.tags)}</dd>
        <dt>Invoca</dt>
        <dd>{listOr(state.invokes.map((i) => `${i.src} (${i.id})`))}</dd>
        <dt>Acciones de entrada</dt>
        <dd>{listOr(state.entry)}</dd>
        <dt>Acciones de salida</dt>
        <dd>{listOr(state.exit)}</dd>
        <dt>Contexto que asigna</dt>
        <dd>{listOr(state.contextKeys)}</dd>
      </dl>
      <h5 className="lab-details-subtitle">Transiciones que salen ({leaving.length})</h5>
      <ul className="lab-transitions">
        {leaving.map((edge) => (
          <li key={edge.id}>
            <code>{edgeText(edge)}</code> → <code>{edge.targetless ? '(se queda)' : edge.target}</code>
            {edge.actions.length > 0 && <span className="lab-actions"> · {edge.actions.join(', ')}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
