// The 'Firmar con e.firma' dialog (machines/efirma-sign.ts): the `.cer`, read and shown at once;
// the `.key` and its password, which stay in this page; 'Firmar' signs the packet here and sends
// only the signed PDF. Each problem is said beside its input, and nothing chosen or typed is lost
// by a refusal. Loaded on demand (src/efirma/efirma-sign-button.tsx) with the code that reads
// certificates and signs PDFs.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { Download, Endorsed, Plus } from '@blueprintjs/icons';
import { useMachine } from '@xstate/react';
import { format } from 'date-fns';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { WizardCode } from '../../forms/contracts/application';
import { SIGNER_ROLE_LABELS, type EfirmaSignature } from '../../forms/contracts/efirma';
import type { EfirmaCertificate } from '../../forms/efirma/certificate';
import { EFIRMA_PROBLEMS } from '../../forms/efirma/problems';
import { efirmaSignMachine, type EfirmaProblem } from '../../machines/efirma-sign';
import { efirmaSigningActors } from '../../services/efirma/signing-actors';
import { savePdf } from '../print/print-actors';
import { useRuntime } from '../session/runtime-context';
import './efirma.css';

export interface EfirmaSignDialogProps {
  code: WizardCode;
  uuid: string;
  /** The record as printed, to refuse at once a certificate of someone it does not name. */
  record?: Record<string, unknown> | null;
  isOpen: boolean;
  onClose: () => void;
  /** After each signature kept, with all the signatures so far. */
  onSigned?: (signatures: EfirmaSignature[]) => void;
}

type Missing = Partial<Record<'certificate' | 'key' | 'password', string>>;

const day = (date: Date) => format(date, 'dd/MM/yyyy');

function CertificateDetails({ certificate }: { certificate: EfirmaCertificate }) {
  return (
    <dl className="efirma-certificate" aria-label="Datos del certificado">
      <dt>Titular</dt>
      <dd>{certificate.holderName || 'Sin nombre'}</dd>
      <dt>RFC</dt>
      <dd>{certificate.rfc}</dd>
      {certificate.representativeRfc && (
        <>
          <dt>RFC del representante legal</dt>
          <dd>{certificate.representativeRfc}</dd>
        </>
      )}
      <dt>CURP</dt>
      <dd>{certificate.curp ?? 'No la incluye'}</dd>
      <dt>Número de certificado</dt>
      <dd>{certificate.serial}</dd>
      <dt>Vigencia</dt>
      <dd>
        del {day(certificate.notBefore)} al {day(certificate.notAfter)}
      </dd>
    </dl>
  );
}

/** A problem said under its input, tied to it by aria-describedby. */
function FieldProblem({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="efirma-problem" role="alert">
      {message}
    </p>
  );
}

function SignedSummary({ signatures }: { signatures: EfirmaSignature[] }) {
  return (
    <Callout intent={Intent.SUCCESS} role="status" title="Documento firmado" icon={<Endorsed />}>
      <p>Tu firma se guardó con la solicitud y el PDF firmado se descargó en tu equipo.</p>
      <p>Firmas del documento:</p>
      <ol className="efirma-signed-list">
        {signatures.map((signature) => (
          <li key={signature.orden}>
            {signature.nombre} ({signature.rfc}), {SIGNER_ROLE_LABELS[signature.calidad]}
          </li>
        ))}
      </ol>
    </Callout>
  );
}

export default function EfirmaSignDialog({ code, uuid, record = null, isOpen, onClose, onSigned }: EfirmaSignDialogProps) {
  const { http } = useRuntime();
  const [machine] = useState(() => efirmaSignMachine.provide({ actors: efirmaSigningActors(http, savePdf) }));
  const [state, send, actor] = useMachine(machine, { input: { code, uuid, record } });
  const [keyFile, setKeyFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Missing>({});
  // Remounts the file inputs when starting over, so they show nothing chosen.
  const [round, setRound] = useState(0);
  const certificateInput = useRef<HTMLInputElement>(null);

  const { certificate, problem, signatures } = state.context;
  const busy = state.hasTag('busy');
  const signed = state.matches('signed');
  useEffect(() => {
    if (signed) onSigned?.(signatures);
    // Once per signature kept: `signatures` changes only when the server answers one.
  }, [signed, signatures]);

  const about = (field: EfirmaProblem['about']) => (problem?.about === field ? problem.message : undefined);
  const certificateProblem = missing.certificate ?? about('certificate');
  const keyProblem = missing.key ?? about('key');
  const passwordProblem = missing.password ?? about('password');
  const signingProblem = about('signing');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Missing = {};
    if (!certificate && !about('certificate')) found.certificate = EFIRMA_PROBLEMS['no-certificate'];
    if (!keyFile) found.key = EFIRMA_PROBLEMS['no-key'];
    if (password === '') found.password = EFIRMA_PROBLEMS['no-password'];
    setMissing(found);
    if (Object.keys(found).length > 0 || !keyFile) return;
    send({ type: 'sign', keyFile, password });
  };

  const startOver = () => {
    setKeyFile(null);
    setPassword('');
    setMissing({});
    setRound((value) => value + 1);
    send({ type: 'again' });
    queueMicrotask(() => certificateInput.current?.focus());
  };

  const describedBy = (...ids: Array<string | false>) => ids.filter(Boolean).join(' ') || undefined;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={busy ? undefined : onClose}
      title="Firmar con e.firma"
      className="efirma-dialog"
      canOutsideClickClose={false}
      canEscapeKeyClose={!busy}
      isCloseButtonShown={!busy}
      onOpened={() => certificateInput.current?.focus()}
    >
      {signed ? (
        <>
          <DialogBody>
            <SignedSummary signatures={signatures} />
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button icon={<Plus />} text="Agregar otra firma" onClick={startOver} />
                <Button icon={<Download />} text="Descargar PDF firmado" onClick={() => actor.send({ type: 'download' })} />
                <Button intent="primary" text="Cerrar" onClick={onClose} />
              </>
            }
          />
        </>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={busy}>
          <DialogBody>
            <p className="efirma-privacy">
              Tu llave privada y tu contraseña nunca salen de tu dispositivo: la firma se hace en este navegador y solo se envía el documento firmado.
            </p>
            <FormGroup label="Certificado (.cer)" labelFor="efirma-cer" intent={certificateProblem ? Intent.DANGER : Intent.NONE}>
              <input
                key={`cer-${round}`}
                ref={certificateInput}
                id="efirma-cer"
                className="efirma-file"
                type="file"
                accept=".cer,.crt,.pem,application/pkix-cert,application/x-x509-ca-cert"
                disabled={busy}
                aria-invalid={certificateProblem ? true : undefined}
                aria-describedby={describedBy(certificateProblem !== undefined && 'efirma-cer-problema', certificate !== null && 'efirma-cer-datos')}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  setMissing(({ certificate: _, ...rest }) => rest);
                  if (file) send({ type: 'certificate.chosen', file });
                }}
              />
              <FieldProblem id="efirma-cer-problema" message={certificateProblem} />
            </FormGroup>
            {state.matches({ choosing: 'readingCertificate' }) && <p role="status">Leyendo el certificado…</p>}
            {certificate && (
              <div id="efirma-cer-datos">
                <CertificateDetails certificate={certificate} />
                {certificate.kind === 'csd' && (
                  <Tag intent={Intent.WARNING} minimal>
                    Certificado de Sello Digital (CSD)
                  </Tag>
                )}
              </div>
            )}
            <FormGroup label="Llave privada (.key)" labelFor="efirma-key" intent={keyProblem ? Intent.DANGER : Intent.NONE}>
              <input
                key={`key-${round}`}
                id="efirma-key"
                className="efirma-file"
                type="file"
                accept=".key,application/pkcs8,application/octet-stream"
                disabled={busy}
                aria-invalid={keyProblem ? true : undefined}
                aria-describedby={keyProblem ? 'efirma-key-problema' : undefined}
                onChange={(event) => {
                  setKeyFile(event.currentTarget.files?.[0] ?? null);
                  setMissing(({ key: _, ...rest }) => rest);
                  send({ type: 'credentials.changed' });
                }}
              />
              <FieldProblem id="efirma-key-problema" message={keyProblem} />
            </FormGroup>
            <FormGroup label="Contraseña de la llave privada" labelFor="efirma-password" intent={passwordProblem ? Intent.DANGER : Intent.NONE}>
              <InputGroup
                id="efirma-password"
                type="password"
                autoComplete="off"
                value={password}
                disabled={busy}
                intent={passwordProblem ? Intent.DANGER : Intent.NONE}
                aria-invalid={passwordProblem ? true : undefined}
                aria-describedby={passwordProblem ? 'efirma-password-problema' : undefined}
                onValueChange={(value) => {
                  setPassword(value);
                  setMissing(({ password: _, ...rest }) => rest);
                  if (problem && problem.about !== 'certificate') send({ type: 'credentials.changed' });
                }}
              />
              <FieldProblem id="efirma-password-problema" message={passwordProblem} />
            </FormGroup>
            {signingProblem && (
              <Callout intent={Intent.DANGER} role="alert" title="No se guardó la firma">
                {signingProblem}
              </Callout>
            )}
            <p role="status" className="efirma-progress">
              {state.matches('opening') && 'Abriendo tu llave privada…'}
              {state.matches('signing') && 'Firmando el documento…'}
              {state.matches('sending') && 'Enviando el documento firmado…'}
            </p>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancelar" onClick={onClose} disabled={busy} />
                <Button type="submit" intent="primary" icon={<Endorsed />} text="Firmar" loading={busy && !state.matches('choosing')} />
              </>
            }
          />
        </form>
      )}
    </Dialog>
  );
}
