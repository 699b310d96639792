// The 'Firmar con e.firma' dialog (machines/efirma-sign.ts): the `.cer`, read and shown at once;
// the `.key` and its password, which stay in this page; 'Firmar' signs the packet here and sends
// only the signed PDF. Each problem is said beside its input, and nothing chosen or typed is lost
// by a refusal. Loaded on demand (src/efirma/efirma-sign-button.tsx) with the code that reads
// certificates and signs PDFs.
import { Button, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { Dialog } from '../components/dialog';
import { Document, Download, Endorsed, Plus } from '@blueprintjs/icons';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import type { WizardCode } from '../../forms/contracts/application';
import { SIGNER_ROLE_LABELS, type EfirmaSignature } from '../../forms/contracts/efirma';
import type { EfirmaCertificate } from '../../forms/efirma/certificate';
import { EFIRMA_PROBLEMS } from '../../forms/efirma/problems';
import { certificateDay } from '../../forms/efirma/certificate-validity';
import { efirmaSignMachine, type EfirmaProblem } from '../../machines/efirma-sign';
import { efirmaSigningActors } from '../../services/efirma/signing-actors';
import { savePdf } from '../print/print-actors';
import { TitledCallout } from '../components/titled-callout';
import { useRuntime } from '../session/runtime-context';
import './efirma.css';
import { BusyButton } from '../components/busy-button';

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
        del {certificateDay(certificate.notBefore)} al {certificateDay(certificate.notAfter)}
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

interface FileChoiceProps {
  id: string;
  label: string;
  /** The button's words: 'Elegir archivo .cer'. */
  action: string;
  accept: string;
  file: File | null;
  disabled: boolean;
  problem: string | undefined;
  /** More of what describes it (the certificate's details). */
  describedBy?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  onChoose: (file: File | null) => void;
}

/**
 * A file input that speaks Spanish whatever the browser's language: a button that opens the file
 * chooser and the name of the file chosen, the input itself hidden but labelled by `label`.
 */
function FileChoice({ id, label, action, accept, file, disabled, problem, describedBy, buttonRef, onChoose }: FileChoiceProps) {
  const input = useRef<HTMLInputElement>(null);
  const problemId = `${id}-problema`;
  const described = [problem ? problemId : null, `${id}-elegido`, describedBy ?? null].filter(Boolean).join(' ');
  return (
    <FormGroup label={label} labelFor={id} labelInfo="" intent={problem ? Intent.DANGER : Intent.NONE}>
      <input
        ref={input}
        id={id}
        className="sr-only"
        type="file"
        tabIndex={-1}
        accept={accept}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChoose(event.currentTarget.files?.[0] ?? null)}
      />
      <div className="efirma-file">
        <Button
          ref={buttonRef}
          icon={<Document />}
          text={action}
          disabled={disabled}
          intent={problem ? Intent.DANGER : Intent.NONE}
          aria-describedby={described}
          onClick={() => input.current?.click()}
        />
        <span id={`${id}-elegido`} className="efirma-file-name">
          {file ? file.name : 'Ningún archivo elegido'}
        </span>
      </div>
      <FieldProblem id={problemId} message={problem} />
    </FormGroup>
  );
}

function SignedSummary({ signatures }: { signatures: EfirmaSignature[] }) {
  return (
    <TitledCallout level={3} intent={Intent.SUCCESS} role="status" title="Documento firmado" icon={<Endorsed />}>
      <p>Tu firma se guardó con la solicitud y el PDF firmado se descargó en tu equipo.</p>
      <p>Firmas del documento:</p>
      <ol className="efirma-signed-list">
        {signatures.map((signature) => (
          <li key={signature.orden}>
            {signature.nombre} ({signature.rfc}), {SIGNER_ROLE_LABELS[signature.calidad]}
          </li>
        ))}
      </ol>
    </TitledCallout>
  );
}

export default function EfirmaSignDialog({ code, uuid, record = null, isOpen, onClose, onSigned }: EfirmaSignDialogProps) {
  const { http } = useRuntime();
  const [machine] = useState(() => efirmaSignMachine.provide({ actors: efirmaSigningActors(http, savePdf) }));
  const [state, send, actor] = useMachine(machine, { input: { code, uuid, record } });
  const [keyFile, setKeyFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Missing>({});
  const [certificateFile, setCertificateFile] = useState<File | null>(null);
  const certificateButton = useRef<HTMLButtonElement>(null);
  const keyButton = useRef<HTMLButtonElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const signButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const { certificate, problem, signatures } = state.context;
  const busy = state.hasTag('busy');
  // Signing: the form is locked. Reading a certificate is quick and leaves it as it is (a disabled button would drop the focus).
  const working = busy && !state.matches({ preparing: 'choosing' });
  const signed = state.matches('signed');
  useEffect(() => {
    if (!signed) return;
    // The form the focus was in is gone: it moves to the answer, as in the other dialogs.
    closeButton.current?.focus();
    // Not needed any more: the next signer chooses their own.
    setPassword('');
    setKeyFile(null);
    onSigned?.(signatures);
    // Once per signature kept: `signatures` changes only when the server answers one.
  }, [signed, signatures]);

  // A try that failed gives the focus to what it is about (the buttons were disabled while it ran, and the focus was lost).
  const settledProblem = busy ? null : problem;
  useEffect(() => {
    if (!settledProblem) return;
    const target = { certificate: certificateButton, key: keyButton, password: passwordInput, signing: signButton }[settledProblem.about];
    target.current?.focus();
  }, [settledProblem]);

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
    // A refused certificate signs nothing: the focus goes back to it, where the refusal is said.
    const first = found.certificate || about('certificate') ? certificateButton : found.key ? keyButton : found.password ? passwordInput : null;
    first?.current?.focus();
    if (Object.keys(found).length > 0 || !keyFile) return;
    send({ type: 'sign', keyFile, password });
  };

  // Closed, the dialog stays on the page until it is opened again: the password and key go now.
  const close = () => {
    setPassword('');
    setKeyFile(null);
    onClose();
  };

  const startOver = () => {
    setCertificateFile(null);
    setKeyFile(null);
    setPassword('');
    setMissing({});
    send({ type: 'again' });
    queueMicrotask(() => certificateButton.current?.focus());
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={working ? undefined : close}
      title="Firmar con e.firma"
      className="efirma-dialog"
      canOutsideClickClose={false}
      canEscapeKeyClose={!working}
      // Its footer has Cancelar or Cerrar; the header's × would be named in English (Blueprint says "Close").
      isCloseButtonShown={false}
      onOpened={() => certificateButton.current?.focus()}
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
                <Button ref={closeButton} intent="primary" text="Cerrar" onClick={close} />
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
            <FileChoice
              id="efirma-cer"
              label="Certificado (.cer)"
              action="Elegir archivo .cer"
              accept=".cer,.crt,.pem,application/pkix-cert,application/x-x509-ca-cert"
              file={certificateFile}
              disabled={working}
              problem={certificateProblem}
              describedBy={certificate ? 'efirma-cer-datos' : undefined}
              buttonRef={certificateButton}
              onChoose={(file) => {
                // A chooser cancelled keeps the certificate read, as the machine does.
                if (!file) return;
                setCertificateFile(file);
                setMissing(({ certificate: _, ...rest }) => rest);
                if (file) send({ type: 'certificate.chosen', file });
              }}
            />
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
            <FileChoice
              id="efirma-key"
              label="Llave privada (.key)"
              action="Elegir archivo .key"
              accept=".key,application/pkcs8,application/octet-stream"
              file={keyFile}
              disabled={working}
              problem={keyProblem}
              buttonRef={keyButton}
              onChoose={(file) => {
                setKeyFile(file);
                setMissing(({ key: _, ...rest }) => rest);
                send({ type: 'credentials.changed' });
              }}
            />
            <FormGroup label="Contraseña de la llave privada" labelFor="efirma-password" intent={passwordProblem ? Intent.DANGER : Intent.NONE}>
              <InputGroup
                id="efirma-password"
                inputRef={passwordInput}
                type="password"
                autoComplete="off"
                value={password}
                disabled={working}
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
              <TitledCallout level={3} intent={Intent.DANGER} role="alert" title="No se guardó la firma">
                {signingProblem}
              </TitledCallout>
            )}
            <p role="status" className="efirma-progress">
              {state.matches({ preparing: { choosing: 'readingCertificate' } }) && 'Leyendo el certificado…'}
              {state.matches({ preparing: 'opening' }) && 'Abriendo tu llave privada…'}
              {state.matches({ preparing: 'awaitingPacket' }) && 'Obteniendo el documento para firmarlo…'}
              {state.matches('signing') && 'Firmando el documento…'}
              {state.matches('sending') && 'Enviando el documento firmado…'}
            </p>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancelar" onClick={close} disabled={working} />
                <BusyButton ref={signButton} type="submit" intent="primary" icon={<Endorsed />} text="Firmar" busy={working} />
              </>
            }
          />
        </form>
      )}
    </Dialog>
  );
}
