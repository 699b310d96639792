// The tabs of a wizard as an ordered list of steps: the current one carries aria-current="step",
// steps not reached yet are disabled, and a step left with errors says so.
import { Button, Icon, Intent } from '@blueprintjs/core';
import { WarningSign } from '@blueprintjs/icons';

export interface WizardStepperProps {
  titles: string[];
  current: number;
  /** '1' per reachable tab, '0' otherwise. */
  active: string;
  errors: number[];
  busy: boolean;
  onSelect: (index: number) => void;
}

export function WizardStepper({ titles, current, active, errors, busy, onSelect }: WizardStepperProps) {
  return (
    <nav className="wizard-stepper" aria-label="Secciones de la solicitud">
      <ol>
        {titles.map((title, index) => {
          const isCurrent = index === current;
          const hasError = errors.includes(index);
          return (
            <li key={title} className={isCurrent ? 'is-current' : undefined}>
              <Button
                variant={isCurrent ? 'solid' : 'minimal'}
                intent={isCurrent ? Intent.PRIMARY : hasError ? Intent.DANGER : Intent.NONE}
                aria-current={isCurrent ? 'step' : undefined}
                disabled={active[index] !== '1' || busy}
                onClick={() => !isCurrent && onSelect(index)}
                endIcon={hasError ? <Icon icon={<WarningSign />} aria-hidden /> : undefined}
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
