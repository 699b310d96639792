// Who signed an application's packet with an e.firma (issue 20), for the applicant and for staff,
// in the wizard and in the print view: each signer with RFC, role, certificate and time, and the
// signed PDF to download. Nothing shows until there is a signature, nor where the session may not
// read them. A small fetch in the component's own state, as DocumentList does; the signing code
// (@libpdf/core, node-forge) is not imported here, so the wizard's chunk does not carry it.
import { Button, H2, Tag } from '@blueprintjs/core';
import { Download, Refresh } from '@blueprintjs/icons';
import { cellDateTimeText } from '../../forms/date-time-text';
import { useCallback, useEffect, useId, useState } from 'react';
import type { WizardCode } from '../../forms/contracts/application';
import { SIGNER_ROLE_LABELS, type EfirmaSignature } from '../../forms/contracts/efirma';
import { fetchSignatures, fetchSignedPdf } from '../../services/efirma/efirma-calls';
import { callFailure } from '../../services/http';
import { savePdf } from '../print/print-actors';
import { useRuntime } from '../session/runtime-context';
import { BusyButton } from '../components/busy-button';

export const CHAIN_NOT_CHECKED = 'El certificado no se verificó contra los certificados del SAT porque el servidor no los tiene configurados.';

export interface EfirmaSignaturesProps {
  code: WizardCode;
  uuid: string;
  /** Any value; a new one loads the signatures again (after a signature was kept). */
  refreshKey?: string | number;
}

/** 'hidden': the session may not read them (403, 404), so there is nothing to say. */
type Signatures = { status: 'loading' | 'failed' | 'hidden' } | { status: 'loaded'; signatures: EfirmaSignature[] };
type Download = 'idle' | 'downloading' | 'failed';

function SignatureItem({ signature }: { signature: EfirmaSignature }) {
  return (
    <li className="efirma-signature">
      <p className="efirma-signer">
        <span className="efirma-signer-name">{signature.nombre}</span>
        <Tag minimal>{SIGNER_ROLE_LABELS[signature.calidad]}</Tag>
        {!signature.cadena_verificada && (
          <Tag minimal intent="warning" title={CHAIN_NOT_CHECKED}>
            Cadena no verificada
          </Tag>
        )}
      </p>
      <p>
        <span className="efirma-fact">RFC: {signature.rfc}</span>
        {signature.rfc_representante && (
          <>
            {' · '}
            <span className="efirma-fact">RFC del representante: {signature.rfc_representante}</span>
          </>
        )}
      </p>
      <p>
        <span className="efirma-fact">Certificado {signature.numero_certificado}</span>
        {' · '}
        <span className="efirma-fact">Firmado el {cellDateTimeText(signature.firmado_el)}</span>
      </p>
    </li>
  );
}

export function EfirmaSignatures({ code, uuid, refreshKey }: EfirmaSignaturesProps) {
  const { http } = useRuntime();
  const [shown, setShown] = useState<Signatures>({ status: 'loading' });
  const [download, setDownload] = useState<Download>('idle');
  const [attempt, setAttempt] = useState(0);
  const id = useId();

  useEffect(() => {
    let current = true;
    fetchSignatures(http, { code, uuid }).then(
      (signatures) => current && setShown({ status: 'loaded', signatures }),
      (error: unknown) => {
        const { status } = callFailure(error);
        if (current) setShown({ status: status === 403 || status === 404 ? 'hidden' : 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [http, code, uuid, refreshKey, attempt]);

  const retry = useCallback(() => {
    setShown({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  const downloadPdf = () => {
    setDownload('downloading');
    fetchSignedPdf(http, { code, uuid }).then(
      (pdf) => {
        savePdf(pdf, `solicitud-${uuid}-firmada.pdf`);
        setDownload('idle');
      },
      () => setDownload('failed'),
    );
  };

  if (shown.status === 'failed') {
    return (
      <p className="efirma-signatures efirma-signatures-failed">
        No se pudieron consultar las firmas con e.firma. <Button size="small" variant="minimal" icon={<Refresh />} text="Reintentar" onClick={retry} />
      </p>
    );
  }
  if (shown.status !== 'loaded' || shown.signatures.length === 0) return null;

  const unverified = shown.signatures.some((signature) => !signature.cadena_verificada);
  return (
    <section className="efirma-signatures" aria-labelledby={`${id}-titulo`}>
      <H2 id={`${id}-titulo`} className="efirma-signatures-title">
        Firmado con e.firma
      </H2>
      <ul className="efirma-signature-list">
        {shown.signatures.map((signature) => (
          <SignatureItem key={signature.orden} signature={signature} />
        ))}
      </ul>
      {unverified && <p className="efirma-chain-note">Cadena no verificada: {CHAIN_NOT_CHECKED}</p>}
      <div className="efirma-signatures-actions">
        <BusyButton icon={<Download />} text="Descargar PDF firmado" variant="outlined" busy={download === 'downloading'} onClick={downloadPdf} />
        <p role="status" className="efirma-download-status">
          {download === 'failed' && 'No se pudo descargar el PDF firmado. Intenta de nuevo.'}
        </p>
      </div>
    </section>
  );
}
