// The app's dialog (src/components/dialog.tsx): Tab and Shift+Tab go round its own stops, never
// onto Blueprint's box or focus traps; a group of radio buttons is one stop, at its checked button.
// The real browser's tab order is checked in tests/browser/public-shell.spec.ts.
import { Button, DialogBody, DialogFooter, Radio, RadioGroup } from '@blueprintjs/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../../src/components/dialog';

function Choice() {
  const [choice, setChoice] = useState('b');
  return (
    <Dialog isOpen title="Cerrar alerta" isCloseButtonShown={false}>
      <DialogBody>
        <RadioGroup label="Resolución" selectedValue={choice} onChange={(event) => setChoice(event.currentTarget.value)}>
          <Radio label="Homónimo" value="a" />
          <Radio label="Confirmada" value="b" />
        </RadioGroup>
        <Button text="Desactivado" disabled />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancelar" />
            <Button text="Cerrar alerta" />
          </>
        }
      />
    </Dialog>
  );
}

/** What has the focus, by its name: a button's text, a radio button's label. */
const focused = () => {
  const active = document.activeElement;
  return active instanceof HTMLInputElement ? active.labels?.[0]?.textContent : active?.textContent;
};

describe('Dialog', () => {
  it('goes round its stops both ways, the radio group once at its checked button, never onto its box', async () => {
    const user = userEvent.setup();
    render(<Choice />);
    const last = screen.getByRole('button', { name: 'Cerrar alerta' });
    await waitFor(() => expect(document.querySelector('.bp6-dialog-container')).toHaveAttribute('tabindex', '-1'));
    last.focus();
    const forward: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      forward.push(focused());
    }
    expect(forward).toEqual(['Confirmada', 'Cancelar', 'Cerrar alerta', 'Confirmada']);
    expect(screen.getByRole('radio', { name: 'Confirmada' })).toBeChecked();
    const back: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab({ shift: true });
      back.push(focused());
    }
    expect(back).toEqual(['Cerrar alerta', 'Cancelar', 'Confirmada', 'Cerrar alerta']);
  });

});
