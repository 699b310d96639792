// The diagram's text alternative: every state, nested as in the machine, with the transitions that
// leave it; a state's name selects it for the details panel.
import { Button } from '@blueprintjs/core';
import type { Chart, ChartState } from '../../machines/lab/chart';
import { edgeText } from './statechart-diagram';

function StateItem({ chart, state, onSelect }: { chart: Chart; state: ChartState; onSelect: (id: string) => void }) {
  const leaving = chart.edges.filter((edge) => edge.source === state.id);
  return (
    <li>
      <Button variant="minimal" size="small" className="lab-list-state" onClick={() => onSelect(state.id)}>
        {state.key}
      </Button>
      <span className="lab-list-facts">
        {[state.type === 'atomic' ? null : state.type, state.initial ? 'inicial' : null, ...state.tags.map((t) => `etiqueta ${t}`), ...state.invokes.map((i) => `invoca ${i.src}`)]
          .filter(Boolean)
          .join(' · ')}
      </span>
      {leaving.length > 0 && (
        <ul className="lab-list-transitions">
          {leaving.map((edge) => (
            <li key={edge.id}>
              {edgeText(edge)} → {edge.targetless ? '(se queda)' : edge.target}
            </li>
          ))}
        </ul>
      )}
      {state.children.length > 0 && (
        <ul>
          {state.children.map((child) => (
            <StateItem key={child.id} chart={chart} state={child} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function StateList({ chart, onSelect }: { chart: Chart; onSelect: (id: string) => void }) {
  return (
    <section className="lab-state-list" aria-labelledby="lab-state-list-title">
      <h2 id="lab-state-list-title" className="lab-section-title">
        Estados y transiciones
      </h2>
      <ul>
        <StateItem chart={chart} state={chart.root} onSelect={onSelect} />
      </ul>
    </section>
  );
}
