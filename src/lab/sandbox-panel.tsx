// The lab's 'Simulación' tab: starts a sandbox copy of the machine (src/lab/sandbox.ts), offers the
// events its current state accepts, lists the fake calls waiting for an answer, and logs each step.
import { Button, FormGroup, H3, InputGroup, TextArea } from '@blueprintjs/core';
import { LabNotice } from './lab-notice';
import { useId, useMemo, useState } from 'react';
import { acceptedEvents, type PendingCall } from '../../machines/lab/sandbox-fakes';
import { HTMLSelect } from '../components/html-select';
import { ContextTree } from './context-tree';
import type { Sandbox } from './sandbox';
import './sandbox.css';

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/** A marker written wrong: its message says how to write it. */
class MarkerError extends Error {}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * JSON has no File, Date or bytes, which some events and answers carry, so an object whose one key
 * is a marker stands for one: `{"$file": {"name", "type", "size"}}` a File filled with zero bytes (the
 * upload machine's `file.chosen`), `{"$date": "2026-01-01T00:00:00Z"}` a Date (a certificate's
 * validity), `{"$bytes": [48, 130]}` a Uint8Array of those bytes, or `{"$bytes": 16}` of that many zeros.
 */
function revive(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length !== 1) return value;
  const marked = (value as Record<string, unknown>)[keys[0]!];
  switch (keys[0]) {
    case '$file': {
      const { name = 'archivo.pdf', type = 'application/pdf', size = 1024 } = marked as { name?: string; type?: string; size?: number };
      return new File([new Uint8Array(size)], name, { type });
    }
    case '$date': {
      const time = typeof marked === 'string' && ISO_DATE.test(marked) ? Date.parse(marked) : NaN;
      if (Number.isNaN(time)) throw new MarkerError('"$date" lleva una fecha ISO 8601 entre comillas, como "2026-01-01T00:00:00Z". No se envió nada.');
      return new Date(time);
    }
    case '$bytes': {
      if (typeof marked === 'number' && Number.isInteger(marked) && marked >= 0) return new Uint8Array(marked);
      if (Array.isArray(marked) && marked.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)) return Uint8Array.from(marked as number[]);
      throw new MarkerError('"$bytes" lleva una lista de bytes (enteros de 0 a 255), como [48, 130], o cuántos bytes en cero, como 16. No se envió nada.');
    }
    default:
      return value;
  }
}

/** A File reads `File "name" (size bytes, type)` and bytes `Uint8Array (n bytes)` where JSON would print `{}` or every byte. */
function replace(_key: string, value: unknown): unknown {
  if (value instanceof File) return `File ${JSON.stringify(value.name)} (${value.size} bytes, ${value.type || 'sin tipo'})`;
  if (value instanceof Uint8Array) return `Uint8Array (${value.length} bytes)`;
  return value;
}

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text, revive) as unknown };
  } catch (error) {
    if (error instanceof MarkerError) return { ok: false, message: error.message };
    return { ok: false, message: 'El texto no es JSON válido: revisa las comillas dobles, las comas y las llaves. No se envió nada.' };
  }
}

/** How a File, a Date or bytes are written in the JSON of an event or of an answer. */
function MarkersHint() {
  return (
    <p className="sandbox-hint">
      Un archivo se escribe <code>{'{"$file": {"name": "ine.pdf", "type": "application/pdf", "size": 1024}}'}</code>; una fecha,{' '}
      <code>{'{"$date": "2026-01-01T00:00:00Z"}'}</code>; bytes, <code>{'{"$bytes": [48, 130]}'}</code> o <code>{'{"$bytes": 16}'}</code> (16 bytes en
      cero).
    </p>
  );
}

const STATUS: Record<string, string> = { done: 'terminada', error: 'detenida por un error', stopped: 'detenida' };
const stateText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));
const timeText = (time: Date) => time.toLocaleTimeString('es-MX', { hour12: false }) + `.${String(time.getMilliseconds()).padStart(3, '0')}`;

interface JsonFieldProps {
  id: string;
  label: string;
  value: string;
  /** Shown under the field, which is marked invalid while it is set. */
  error: string | null;
  onChange: (value: string) => void;
}

function JsonField({ id, label, value, error, onChange }: JsonFieldProps) {
  return (
    <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error && <span id={`${id}-error`}>{error}</span>}>
      <TextArea
        id={id}
        className="sandbox-json"
        fill
        value={value}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </FormGroup>
  );
}

function EventForm({ sandbox }: { sandbox: Sandbox }) {
  const id = useId();
  const events = useMemo(() => (sandbox.snapshot ? acceptedEvents(sandbox.snapshot) : []), [sandbox.snapshot]);
  const [chosen, setChosen] = useState<string>('');
  // The text typed for each event, kept while the state changes under it.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const type = events.some((e) => e.type === chosen) ? chosen : (events.find((e) => e.enabled !== false)?.type ?? events[0]?.type ?? '');
  const payload = drafts[type] ?? JSON.stringify({ type });

  if (events.length === 0) return <p className="sandbox-none">El estado actual no acepta eventos.</p>;

  const choose = (next: string) => {
    setChosen(next);
    setError(null);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseJson(payload);
    if (!parsed.ok) return setError(parsed.message);
    const value = parsed.value;
    if (!value || typeof value !== 'object' || Array.isArray(value) || typeof (value as { type?: unknown }).type !== 'string') {
      return setError('El evento debe ser un objeto JSON con un campo "type" de texto.');
    }
    setError(null);
    sandbox.send(value as { type: string });
  };

  return (
    <form className="sandbox-event" onSubmit={submit} aria-label="Enviar un evento">
      <FormGroup label="Evento" labelFor={`${id}-event`}>
        <HTMLSelect
          id={`${id}-event`}
          value={type}
          fill
          options={events.map((e) => ({
            value: e.type,
            label: e.enabled === false ? `${e.type} (no lo acepta ahora)` : e.enabled === null ? `${e.type} (depende de los datos)` : e.type,
          }))}
          onChange={(event) => choose(event.currentTarget.value)}
        />
      </FormGroup>
      <JsonField
        id={`${id}-payload`}
        label="Datos del evento (JSON)"
        value={payload}
        error={error}
        onChange={(value) => setDrafts((previous) => ({ ...previous, [type]: value }))}
      />
      <MarkersHint />
      <Button type="submit" intent="primary" text="Enviar evento" />
    </form>
  );
}

function CallForm({ call }: { call: PendingCall }) {
  const id = useId();
  const [output, setOutput] = useState('{}');
  const [message, setMessage] = useState('Error simulado');
  const [error, setError] = useState<string | null>(null);
  const resolve = () => {
    const parsed = parseJson(output);
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    call.resolve(parsed.value);
  };
  return (
    <li className="sandbox-call">
      <p>
        <code className="sandbox-call-src">{call.src}</code> <span className="sandbox-call-id">#{call.id}</span>
      </p>
      <details>
        <summary>Entrada</summary>
        <pre className="sandbox-call-input">{call.input === undefined ? 'sin datos' : JSON.stringify(call.input, replace, 2)}</pre>
      </details>
      <JsonField id={`${id}-output`} label="Respuesta (JSON)" value={output} error={error} onChange={setOutput} />
      <MarkersHint />
      <FormGroup label="Mensaje de error" labelFor={`${id}-message`}>
        <InputGroup id={`${id}-message`} fill value={message} onChange={(event) => setMessage(event.currentTarget.value)} />
      </FormGroup>
      <div className="sandbox-call-actions">
        <Button intent="success" onClick={resolve}>
          Resolver<span className="sr-only"> {call.src}</span>
        </Button>
        <Button intent="danger" onClick={() => call.reject(new Error(message))}>
          Rechazar<span className="sr-only"> {call.src}</span>
        </Button>
      </div>
    </li>
  );
}

export function SandboxPanel({ sandbox }: { sandbox: Sandbox }) {
  const { snapshot, pending, log, failure } = sandbox;
  return (
    <div className="sandbox">
      <p className="sandbox-intro">Una copia de la máquina con sus llamadas simuladas: nada sale al servidor.</p>
      <Button icon="play" text={snapshot ? 'Reiniciar' : 'Iniciar simulación'} onClick={sandbox.start} />
      {failure && (
        <LabNotice intent="danger" alert className="sandbox-failure">
          La máquina se detuvo con un error: {failure}
        </LabNotice>
      )}
      {snapshot && (
        <>
          <section aria-labelledby="sandbox-state">
            <H3 id="sandbox-state">Estado</H3>
            <pre className="sandbox-state-value" data-testid="sandbox-state-value">
              {stateText(snapshot.value)}
            </pre>
            {snapshot.status !== 'active' && <p>La máquina está {STATUS[snapshot.status] ?? snapshot.status}.</p>}
          </section>
          <section aria-labelledby="sandbox-events">
            <H3 id="sandbox-events">Eventos</H3>
            <EventForm sandbox={sandbox} />
          </section>
          <section aria-labelledby="sandbox-calls">
            <H3 id="sandbox-calls">Llamadas pendientes</H3>
            {pending.length === 0 ? (
              <p className="sandbox-none">Ninguna.</p>
            ) : (
              <ul className="sandbox-calls">
                {pending.map((call) => (
                  <CallForm key={call.id} call={call} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="sandbox-context">
            <H3 id="sandbox-context">Contexto</H3>
            <ContextTree value={snapshot.context} />
          </section>
          <section aria-labelledby="sandbox-log">
            <H3 id="sandbox-log">Registro</H3>
            <ol className="sandbox-log" reversed>
              {[...log].reverse().map((entry) => (
                <li key={entry.id}>
                  <span className="sandbox-log-time">{timeText(entry.time)}</span>{' '}
                  <code className="sandbox-log-event">{entry.event === 'xstate.init' ? 'inicio' : entry.event}</code>
                  {entry.sent && <span className="sandbox-log-sent"> (enviado)</span>}
                  {entry.transitions.length === 0 ? (
                    <span className="sandbox-log-none"> — ninguna transición</span>
                  ) : (
                    <ul>
                      {entry.transitions.map((t, i) => (
                        <li key={i}>
                          <code>{t.name}</code>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}
