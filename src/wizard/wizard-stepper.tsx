// The tabs of a wizard as an ordered list of steps: the current one carries aria-current="step",
// steps not reached yet are disabled, and a step left with errors says so. On a narrow screen
// (styles.css, 600 px) a compact bar takes its place: 'Paso 2 de 6 · Vivienda' between buttons
// to the steps on either side, the list shown on request. Every control selects through onSelect.
import { Button, Icon, Intent } from '@blueprintjs/core';
import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp, WarningSign } from '@blueprintjs/icons';
import { useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';

export interface WizardStepperProps {
  titles: string[];
  current: number;
  /** '1' per reachable tab, '0' otherwise. */
  active: string;
  errors: number[];
  busy: boolean;
  onSelect: (index: number) => void;
}

const ErrorIcon = () => <Icon icon={<WarningSign />} aria-hidden />;

export function WizardStepper({ titles, current, active, errors, busy, onSelect }: WizardStepperProps) {
  const [listShown, setListShown] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape folds the opened list back into the bar, the focus on the bar (as a disclosure does).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !listShown) return;
    event.stopPropagation();
    setListShown(false);
    toggle.current?.focus();
  };
  const selectable = (index: number) => active[index] === '1' && !busy;
  const currentHasError = errors.includes(current);
  const othersWithErrors = errors.filter((index) => index !== current).length;

  /** The compact bar's button to the step `index`, named by its number with its title as a description; an empty space past either end. */
  const sideButton = (index: number, icon: ReactElement) =>
    index < 0 || index >= titles.length ? (
      <span className="stepper-side" />
    ) : (
      <Button
        className="stepper-side"
        variant="minimal"
        icon={icon}
        aria-label={`Ir al paso ${index + 1}`}
        title={titles[index]}
        disabled={!selectable(index)}
        onClick={() => onSelect(index)}
      />
    );

  return (
    <nav className={listShown ? 'wizard-stepper is-expanded' : 'wizard-stepper'} aria-label="Secciones de la solicitud" onKeyDown={onKeyDown}>
      <div className="stepper-compact">
        {sideButton(current - 1, <ChevronLeft />)}
        <Button
          ref={toggle}
          className="stepper-toggle"
          variant="minimal"
          alignText="start"
          // Collapsed, the bar stands for the current step; opened, the list's own step does.
          aria-current={listShown ? undefined : 'step'}
          aria-expanded={listShown}
          aria-controls={listId}
          onClick={() => setListShown((shown) => !shown)}
          endIcon={listShown ? <ChevronUp /> : <ChevronDown />}
        >
          <span className="stepper-position">
            Paso {current + 1} de {titles.length} · {titles[current]}
            {currentHasError && (
              <>
                {' '}
                <ErrorIcon />
                <span className="sr-only"> (con errores)</span>
              </>
            )}
          </span>{' '}
          <span className="stepper-more">
            Ver todos los pasos
            {othersWithErrors > 0 && (
              <>
                {' '}
                <span className="stepper-errors">({othersWithErrors} con errores)</span>
              </>
            )}
          </span>
        </Button>
        {sideButton(current + 1, <ChevronRight />)}
      </div>
      <ol id={listId}>
        {titles.map((title, index) => {
          const isCurrent = index === current;
          const hasError = errors.includes(index);
          return (
            <li key={title} className={isCurrent ? 'is-current' : undefined}>
              <Button
                variant={isCurrent ? 'solid' : 'minimal'}
                intent={isCurrent ? Intent.PRIMARY : hasError ? Intent.DANGER : Intent.NONE}
                aria-current={isCurrent ? 'step' : undefined}
                disabled={!selectable(index)}
                onClick={() => !isCurrent && onSelect(index)}
                endIcon={hasError ? <ErrorIcon /> : undefined}
              >
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>{' '}
                {title}
                {hasError && <span className="sr-only"> (con errores)</span>}
              </Button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
