// A busy button looks as Blueprint's loading one (its spinner in place of the text) and cannot be
// pressed, yet is still named by its Spanish text (Blueprint's own says 'loading') and keeps the focus.
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';
import { BusyButton } from '../../src/components/busy-button';

describe('busy button', () => {
  it('busy: named by its text, not pressable, marked busy, with no English name anywhere', async () => {
    const pressed = vi.fn();
    const { container, rerender } = render(<BusyButton intent="primary" text="Siguiente" busy onClick={pressed} />);
    const button = screen.getByRole('button', { name: 'Siguiente' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    button.click();
    expect(pressed).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveClass('bp6-loading');
    expect(container.querySelector('.bp6-button-spinner')).not.toBeNull();
    expect(container.querySelector('[aria-label="loading"]')).toBeNull();
    expect((await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);

    rerender(<BusyButton intent="primary" text="Siguiente" busy={false} onClick={pressed} />);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Siguiente' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Siguiente' })).not.toHaveAttribute('aria-disabled');
    expect(container.querySelector('.bp6-button-spinner')).toBeNull();
  });

  it('busy: keeps its icon in place (hidden, so the width stays) and a name its caller gave', () => {
    const { container } = render(<BusyButton icon={<Download />} text="Descargar PDF" aria-label="Descargar el PDF de la solicitud" busy />);
    expect(screen.getByRole('button', { name: 'Descargar el PDF de la solicitud' })).toHaveAttribute('aria-disabled', 'true');
    expect(container.querySelector('.bp6-button-spinner')).not.toBeNull();
    expect(container.querySelector('[data-icon="download"]')).not.toBeNull();
  });

  it('a focused button that turns busy keeps the focus, and a busy submit button sends no form', () => {
    const submitted = vi.fn((event: Event) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={(event) => submitted(event.nativeEvent)}>
        <BusyButton type="submit" text="Siguiente" busy={false} />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Siguiente' });
    button.focus();
    rerender(
      <form onSubmit={(event) => submitted(event.nativeEvent)}>
        <BusyButton type="submit" text="Siguiente" busy />
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveFocus();
    screen.getByRole('button', { name: 'Siguiente' }).click();
    expect(submitted).not.toHaveBeenCalled();
  });

  it("Blueprint's own loading button is what it replaces: its spinner names it in English", () => {
    const { container } = render(<Button text="Siguiente" loading />);
    expect(container.querySelector('[aria-label="loading"]')).not.toBeNull();
  });
});
