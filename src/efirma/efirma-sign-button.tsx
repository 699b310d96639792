// 'Firmar con e.firma': the button beside 'Imprimir' and 'Descargar PDF', and after finishing. The
// dialog and the code that reads certificates and signs PDFs (about 330 KB gzip) load when it is
// first pressed, not with the page: the button says it is loading meanwhile, and a chunk that
// cannot be fetched (a dropped connection, a new deployment) is said in a dialog of its own instead
// of breaking the page; the next press fetches it again. Each opening starts a new dialog: a person
// who closed it after signing finds it ready for the next signer.
import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../components/dialog';
import { Endorsed } from '@blueprintjs/icons';
import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { EFIRMA_PROBLEMS } from '../../forms/efirma/problems';
import { ANSWER, focusAnswer } from '../components/dialog-focus';
import type { EfirmaSignDialogProps } from './efirma-sign-dialog';

/** Said when the dialog's code could not be fetched. */
function NotLoaded({ isOpen, onClose }: Pick<EfirmaSignDialogProps, 'isOpen' | 'onClose'>) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Firmar con e.firma" isCloseButtonShown={false} className="wizard-dialog" onOpened={focusAnswer}>
      <DialogBody>
        <p>{EFIRMA_PROBLEMS['not-loaded']}</p>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="Cerrar" onClick={onClose} {...ANSWER} />} />
    </Dialog>
  );
}

/** The dialog's code, or NotLoaded when it cannot be fetched. */
const loadDialog = () =>
  import('./efirma-sign-dialog').then(
    (module) => ({ default: module.default as ComponentType<EfirmaSignDialogProps> }),
    () => ({ default: NotLoaded as ComponentType<EfirmaSignDialogProps> }),
  );

export function EfirmaSignButton({ intent = 'none', ...dialog }: Omit<EfirmaSignDialogProps, 'isOpen' | 'onClose'> & { intent?: 'primary' | 'none' }) {
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  // A new lazy component for each opening: one that failed to load is tried again on the next press.
  const EfirmaSignDialog = useMemo(() => (opening > 0 ? lazy(loadDialog) : null), [opening]);
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
      {EfirmaSignDialog && (
        <Suspense fallback={<span role="status" className="sr-only">Cargando la firma con e.firma…</span>}>
          <EfirmaSignDialog key={opening} {...dialog} isOpen={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
