// 'Firmar con e.firma': the button beside 'Imprimir' and 'Descargar PDF', and after finishing. The
// dialog and the code that reads certificates and signs PDFs (about 330 KB gzip) load when it is
// first pressed, not with the page. Each opening starts a new dialog: a person who closed it after
// signing finds it ready for the next signer.
import { Button } from '@blueprintjs/core';
import { Endorsed } from '@blueprintjs/icons';
import { lazy, Suspense, useState } from 'react';
import type { EfirmaSignDialogProps } from './efirma-sign-dialog';

const EfirmaSignDialog = lazy(() => import('./efirma-sign-dialog'));

export function EfirmaSignButton({ intent = 'none', ...dialog }: Omit<EfirmaSignDialogProps, 'isOpen' | 'onClose'> & { intent?: 'primary' | 'none' }) {
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<Endorsed />}
        intent={intent}
        text="Firmar con e.firma"
        onClick={() => {
          setOpening((value) => value + 1);
          setOpen(true);
        }}
      />
      {opening > 0 && (
        <Suspense fallback={null}>
          <EfirmaSignDialog key={opening} {...dialog} isOpen={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
