// The lab's 'En vivo' tab: the actors of this chart's machine running in other tabs of this
// browser, the chosen one's state and context, and its event log with times; a step of the log
// shows the state it left (step back), 'Seguir el último' follows the actor again.
import { Button, FormGroup, HTMLTable } from '@blueprintjs/core';
import { LabNotice } from './lab-notice';
import { format } from 'date-fns';
import { useState } from 'react';
import { HTMLSelect } from '../components/html-select';
import { ContextTree } from './context-tree';
import type { LiveActors } from './live';

const time = (epochMs: number) => format(new Date(epochMs), 'HH:mm:ss.SSS');

export function LivePanel({ live }: { live: LiveActors }) {
  const { actors, actor, shown } = live;
  const [contextOpen, setContextOpen] = useState(false);
  if (!live.available) return <LabNotice intent="warning">Este navegador no permite BroadcastChannel: no se puede conectar con otras pestañas.</LabNotice>;
  return (
    <div className="lab-live">
      <p className="lab-hint">
        Publican en vivo las solicitudes (el asistente y la revisión PLD que invoca) abiertas en otra pestaña de este navegador por personal con el rol Administrador, o
        cualquiera en <code>npm run dev</code>: mientras esta pestaña está abierta, cada paso llega aquí.
      </p>
      <Button icon="refresh" text="Buscar actores" onClick={live.ask} />
      {actors.length === 0 ? (
        <p role="status">
          Ningún actor de esta máquina en vivo.
          {live.others.length > 0 && ` En vivo de otras máquinas: ${[...new Set(live.others.map((a) => a.machine))].join(', ')}.`}
        </p>
      ) : (
        <FormGroup label={`Actor en vivo (${actors.length})`} labelFor="lab-actor">
          <HTMLSelect
            id="lab-actor"
            fill
            value={actor?.id}
            options={actors.map((a) => ({ value: a.id, label: `${a.title || a.page} · ${a.page} · ${a.id}` }))}
            onChange={(event) => live.choose(event.currentTarget.value)}
          />
        </FormGroup>
      )}
      {actor && shown && (
        <>
          <div className="lab-step" aria-live="polite">
            <p>
              {live.following ? 'Último paso' : `Paso ${shown.index + 1} (anterior)`}: <code>{String(shown.event.type)}</code> a las {time(shown.sentAt)}
            </p>
            <p className="lab-hint">
              Estado: <code>{JSON.stringify(shown.value)}</code>
            </p>
          </div>
          {!live.following && <Button icon="fast-forward" text="Seguir el último" onClick={() => live.showStep(null)} />}
          <details className="lab-live-context" onToggle={(event) => setContextOpen(event.currentTarget.open)}>
            <summary>Contexto</summary>
            {/* Drawn only while open: a wizard's context is large, and a step must show at once. */}
            {contextOpen && <ContextTree value={shown.context} />}
          </details>
          <HTMLTable compact striped className="lab-live-log" aria-label="Registro de eventos">
            <thead>
              <tr>
                <th scope="col">Hora</th>
                <th scope="col">Evento</th>
                <th scope="col">Estado</th>
                <th scope="col">Transiciones</th>
              </tr>
            </thead>
            <tbody>
              {[...actor.log].reverse().map((entry) => (
                <tr key={entry.index} aria-current={entry.index === shown.index ? 'true' : undefined}>
                  <td>{time(entry.sentAt)}</td>
                  <td>
                    <Button variant="minimal" size="small" onClick={() => live.showStep(entry.index)}>
                      <span className="sr-only">Ver el paso {entry.index + 1}: </span>
                      <code>{String(entry.event.type)}</code>
                    </Button>
                  </td>
                  <td>
                    <code>{JSON.stringify(entry.value)}</code>
                  </td>
                  <td>{entry.transitions.length}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </div>
  );
}
