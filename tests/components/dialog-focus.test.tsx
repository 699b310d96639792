// A dialog's answer takes the focus once the dialog has opened, unless the person already took one of
// its controls (a dialog opened over it: tests/browser/wizard-pf.spec.ts, the e.firma over the finish message).
import { Button, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../../src/components/dialog';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ANSWER, focusAnswer } from '../../src/components/dialog-focus';

function Message() {
  return (
    <Dialog isOpen title="Solicitud completa" onOpened={focusAnswer}>
      <DialogFooter
        actions={
          <>
            <Button text="Firmar con e.firma" />
            <Button text="Aceptar" {...ANSWER} />
          </>
        }
      />
    </Dialog>
  );
}

const opened = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('focusAnswer', () => {
  it('focuses the answer once the dialog has opened', async () => {
    render(<Message />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Aceptar' })).toHaveFocus());
  });

  it('leaves the focus on a control the person took while the dialog appeared', async () => {
    const user = userEvent.setup();
    render(<Message />);
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    await opened();
    expect(screen.getByRole('button', { name: 'Firmar con e.firma' })).toHaveFocus();
  });

});
