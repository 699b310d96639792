// The lab's 'Rutas de prueba' tab: how many of the machine's transitions the tests exercised (the
// others red on the diagram and listed here), and any path the model-based tests walked replayed
// step by step on the diagram.
import { Button, ButtonGroup, FormGroup, Spinner } from '@blueprintjs/core';
import { LabNotice } from './lab-notice';
import { HTMLSelect } from '../components/html-select';
import type { TestPaths } from './test-paths';

export function TestPathsPanel({ paths: view }: { paths: TestPaths }) {
  const { state, paths, coverage, path, step, current } = view;
  if (state.status === 'loading') return <Spinner size={24} aria-label="Cargando las rutas de prueba" />;
  if (state.status === 'failed') return <LabNotice intent="danger">No se pudieron cargar las rutas de prueba.</LabNotice>;
  if (paths.length === 0 && coverage.taken.size === 0)
    return (
      <LabNotice intent="primary">
        Las pruebas no han registrado rutas de esta máquina. Ejecuta <code>npm run coverage:machines</code> (o <code>npm test</code>) y recarga la página.
      </LabNotice>
    );
  return (
    <div className="lab-paths">
      <p className="lab-coverage">
        Transiciones ejercitadas por las pruebas: <strong>{coverage.taken.size}</strong> de <strong>{coverage.defined.length}</strong>
      </p>
      {coverage.missing.size > 0 && (
        <div>
          <p className="lab-hint">Nunca ejercitadas (en rojo en el diagrama):</p>
          <ul className="lab-transitions lab-missing">
            {[...coverage.missing].map((name) => (
              <li key={name}>
                <code>{name}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {paths.length > 0 && (
        <FormGroup label={`Ruta de prueba (${paths.length})`} labelFor="lab-ruta">
          <HTMLSelect
            id="lab-ruta"
            fill
            value={String(paths.indexOf(path!))}
            options={paths.map((p, index) => ({ value: String(index), label: `${p.label}: ${p.name}` }))}
            onChange={(event) => view.choose(Number(event.currentTarget.value))}
          />
        </FormGroup>
      )}
      {path && current && (
        <>
          <ButtonGroup>
            <Button icon="step-backward" text="Paso anterior" disabled={step === 0} onClick={() => view.goTo(step - 1)} />
            <Button icon="step-forward" text="Paso siguiente" disabled={step >= path.steps.length - 1} onClick={() => view.goTo(step + 1)} />
          </ButtonGroup>
          <div className="lab-step" aria-live="polite">
            <p>
              Paso {step + 1} de {path.steps.length}: <code>{String(current.event.type)}</code>
            </p>
            <p className="lab-hint">
              Estado: <code>{JSON.stringify(current.value)}</code>
            </p>
            {current.transitions.length > 0 && (
              <ul className="lab-transitions">
                {current.transitions.map((t, index) => (
                  <li key={index}>
                    <code>{t.machine === path.machine ? t.transition : `${t.machine}: ${t.transition}`}</code>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </div>
  );
}
