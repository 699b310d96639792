// A print view (/printPF, /printPFAE, /printPM, spec 02 §2): the print statechart loads the packet,
// waits for its layout and opens the browser's print after 1 s. 'Imprimir' prints again and
// 'Descargar PDF' saves the same packet as a PDF; neither is printed; 'Firmar con e.firma' signs
// it (src/efirma/). Without a uuid, or when the
// record is not found, refused or empty: the modal 'Cliente no encontrado'.
import { Button, DialogBody, DialogFooter, H1, Spinner } from '@blueprintjs/core';
import { Dialog } from '../components/dialog';
import { Download, Print } from '@blueprintjs/icons';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { WizardCode } from '../../forms/contracts/application';
import { CLIENT_NOT_FOUND, CLIENT_NOT_FOUND_TEXT } from '../../forms/contracts/print';
import { printMachine } from '../../machines/print';
import { printCallActors } from '../../services/print';
import { useRuntime } from '../session/runtime-context';
import { EfirmaSignButton } from '../efirma/efirma-sign-button';
import { EfirmaSignatures } from '../efirma/efirma-signatures';
import { PacketView } from './packet-view';
import { pageActors, savePdf } from './print-actors';
import { usePageRules } from './print-pages';
import './print.css';
import { ANSWER, focusAnswer } from '../components/dialog-focus';
import { TitledCallout } from '../components/titled-callout';
import { BusyButton } from '../components/busy-button';

/** The print views by the first segment of their path (src/routes.tsx), which the router matches in any case. */
const PRINT_VIEWS: Record<string, { code: WizardCode; title: string }> = {
  printpf: { code: 'wizardpf', title: 'Impresión Persona Física' },
  printpfae: { code: 'wizardpfae', title: 'Impresión Persona Física con actividad empresarial' },
  printpm: { code: 'wizardpm', title: 'Impresión Persona Moral' },
};

export function PrintRoute() {
  const { code, title } = PRINT_VIEWS[useLocation().pathname.split('/')[1]!.toLowerCase()]!;
  const { uuid } = useParams();
  return <PrintPage key={`${code}/${uuid ?? ''}`} code={code} uuid={uuid ?? null} title={title} />;
}

function PrintPage({ code, uuid, title }: { code: WizardCode; uuid: string | null; title: string }) {
  const { http } = useRuntime();
  const [machine] = useState(() => printMachine.provide({ actors: { ...printCallActors(http, savePdf), ...pageActors } }));
  const [state, send] = useMachine(machine, { input: { code, uuid } });
  // Bumped by each signature kept, so the signatures shown under the toolbar include it.
  const [signatureCount, setSignatureCount] = useState(0);
  const packet = state.hasTag('shown') ? (state.context.answer?.packet ?? null) : null;
  usePageRules(packet);

  useEffect(() => {
    const previous = document.title;
    document.title = packet?.title ?? title;
    return () => {
      document.title = previous;
    };
  }, [packet, title]);

  const notFoundText = state.context.refusal ?? CLIENT_NOT_FOUND_TEXT;
  const downloading = state.matches({ pdf: 'downloading' });
  return (
    <section className="print-view" aria-labelledby="page-title">
      <div className="print-toolbar">
        <H1 id="page-title">{title}</H1>
        {packet && (
          <div className="print-actions">
            <Button icon={<Print />} intent="primary" text="Imprimir" onClick={() => send({ type: 'print.again' })} disabled={!state.matches({ packet: { shown: 'printed' } })} />
            <BusyButton icon={<Download />} text="Descargar PDF" busy={downloading} onClick={() => send({ type: 'pdf.download' })} />
            <EfirmaSignButton code={code} uuid={uuid!} record={state.context.answer?.data.data ?? null} onSigned={(signatures) => setSignatureCount(signatures.length)} />
          </div>
        )}
      </div>
      {packet && uuid && <EfirmaSignatures code={code} uuid={uuid} refreshKey={signatureCount} />}
      {state.hasTag('busy') && !packet && <Spinner aria-label="Cargando la solicitud" />}
      {state.matches({ pdf: 'failed' }) && (
        <TitledCallout level={2} intent="danger" className="print-notice" title="No se pudo descargar el PDF">
          <p>Ocurrió un error al generar el PDF. Intenta de nuevo.</p>
          <Button text="Reintentar" onClick={() => send({ type: 'pdf.download' })} /> <Button text="Cerrar" onClick={() => send({ type: 'pdf.dismissed' })} />
        </TitledCallout>
      )}
      {state.matches({ packet: 'failed' }) && (
        <TitledCallout level={2} intent="danger" title="No se pudo cargar la solicitud" className="print-notice">
          <p>No fue posible consultar la solicitud para imprimirla. Revisa tu conexión e intenta de nuevo.</p>
          <Button intent="primary" text="Reintentar" onClick={() => send({ type: 'print.retry' })} />
        </TitledCallout>
      )}
      {state.matches({ packet: { notFound: 'closed' } }) && (
        <TitledCallout level={2} intent="warning" title={CLIENT_NOT_FOUND} className="print-notice">
          {notFoundText}
        </TitledCallout>
      )}
      {packet && <PacketView packet={packet} />}
      <Dialog isOpen={state.matches({ packet: { notFound: 'open' } })} title={CLIENT_NOT_FOUND} isCloseButtonShown={false} canOutsideClickClose={false} onClose={() => send({ type: 'notFound.closed' })} className="wizard-dialog" onOpened={focusAnswer}>
        <DialogBody>
          <p>{notFoundText}</p>
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text="Cerrar" onClick={() => send({ type: 'notFound.closed' })} {...ANSWER} />} />
      </Dialog>
    </section>
  );
}
