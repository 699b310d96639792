// The stepper's compact bar (issue 16): its buttons either side and its list's steps select alike,
// through onSelect with the step's index; steps not reached and a busy wizard select nothing.
// (jsdom applies no media query: the bar and the list are both present here; the browser tests see each at its width.)
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WizardStepper } from '../../src/wizard/wizard-stepper';

const TITLES = ['Datos generales', 'Vivienda', 'Empleo', 'Activos y pasivos'];

function renderStepper(props: Partial<Parameters<typeof WizardStepper>[0]> = {}) {
  const onSelect = vi.fn();
  render(<WizardStepper titles={TITLES} current={1} active="1110" errors={[]} busy={false} onSelect={onSelect} {...props} />);
  const bar = screen.getByRole('button', { name: /Ver todos los pasos/ });
  return { onSelect, bar };
}

describe('the compact stepper', () => {
  it("says the step and its number, and its buttons either side send the neighbours' indexes", async () => {
    const user = userEvent.setup();
    const { onSelect, bar } = renderStepper();
    expect(bar).toHaveTextContent('Paso 2 de 4 · Vivienda');
    expect(bar).toHaveAttribute('aria-current', 'step');
    await user.click(screen.getByRole('button', { name: 'Ir al paso 1' }));
    await user.click(screen.getByRole('button', { name: 'Ir al paso 3' }));
    await user.click(within(screen.getByRole('list')).getByRole('button', { name: /Empleo/ }));
    expect(onSelect.mock.calls).toEqual([[0], [2], [2]]);
  });

  it('opens and closes the list, saying so with aria-expanded', async () => {
    const user = userEvent.setup();
    const { bar } = renderStepper();
    expect(bar).toHaveAttribute('aria-controls', screen.getByRole('list').id);
    expect(bar).toHaveAttribute('aria-expanded', 'false');
    await user.click(bar);
    expect(bar).toHaveAttribute('aria-expanded', 'true');
    expect(bar).not.toHaveAttribute('aria-current');
    await user.click(bar);
    expect(bar).toHaveAttribute('aria-expanded', 'false');
  });

  it('disables a step not reached', () => {
    renderStepper({ current: 2 });
    expect(screen.getByRole('button', { name: 'Ir al paso 4' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ir al paso 2' })).toBeEnabled();
  });

  it('selects nothing while busy', async () => {
    const user = userEvent.setup();
    const { onSelect } = renderStepper({ busy: true });
    for (const name of ['Ir al paso 1', 'Ir al paso 3']) expect(screen.getByRole('button', { name })).toBeDisabled();
    await user.click(within(screen.getByRole('list')).getByRole('button', { name: /Datos generales/ }));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('flags the current step with errors on its own name, and counts the others', () => {
    const { bar } = renderStepper({ errors: [1, 2, 3] });
    expect(bar).toHaveAccessibleName(/^Paso 2 de 4 · Vivienda \(con errores\) Ver todos los pasos \(2 con errores\)$/);
  });

  it('has no button before the first step or after the last', () => {
    renderStepper({ current: 0 });
    expect(screen.queryByRole('button', { name: 'Ir al paso 0' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Ir al paso/ })).toHaveLength(1);
  });
});
