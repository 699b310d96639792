// The selected state's details: its kind, tags, the actors it invokes, its entry and exit actions,
// the context keys its actions assign, and the transitions leaving it.
import { statesOf, type Chart } from '../../machines/lab/chart';
import { edgeText } from './statechart-diagram';

const KINDS = { atomic: 'simple', compound: 'compuesto', parallel: 'paralelo', final: 'final', history: 'historial' } as const;

const listOr = (items: string[]) => (items.length ? items.join(', ') : 'ninguna');

export function StateDetails({ chart, stateId }: { chart: Chart; stateId: string | null }) {
  const state = stateId ? [...statesOf(chart.root)].find((s) => s.id === stateId) : undefined;
  if (!state) return <p className="lab-hint">Selecciona un estado en el diagrama (Tab lo recorre, Intro lo elige) o en la lista de estados.</p>;
  const leaving = chart.edges.filter((edge) => edge.source === state.id);
  return (
    <div className="lab-details" aria-live="polite">
      <h3 className="lab-details-title">
        <code>{state.id}</code>
      </h3>
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
      <h4 className="lab-details-subtitle">Transiciones que salen ({leaving.length})</h4>
      <ul className="lab-transitions">
        {leaving.map((edge) => (
          <li key={edge.id}>
            <code>{edgeText(edge)}</code> → <code>{edge.targetless ? '(se queda)' : edge.target}</code>
            {edge.actions.length > 0 && <span className="lab-actions"> · {edge.actions.join(', ')}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
