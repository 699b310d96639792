// One outbox message in a dialog: to whom, what, its state and tries, its HTML part in a sandboxed
// frame and its text part, each under its heading; 'Enviar de nuevo' when it may be sent again, after which
// the page loads the list and the message again (pending). Blueprint traps the focus and gives it
// back to the row's button on close.
import { Button, Callout, DialogBody, DialogFooter, H3, Spinner } from '@blueprintjs/core';
import { Dialog } from '../components/dialog';
import { FORM_ERROR } from 'final-form';
import { useCallback, type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { Link, useRevalidator } from 'react-router-dom';
import type { MailMessage } from '../../forms/contracts/mail-outbox';
import { canResend } from '../../forms/mail-outbox-rules';
import { dateTimeText } from '../../forms/date-time-text';
import { MAIL_KIND_LABELS, mailStateText, resentText } from '../../forms/mail-outbox-texts';
import { callFailure } from '../../services/http';
import { resendMailMessage } from '../../services/mail-outbox';
import { useRuntime } from '../session/runtime-context';
import { MailHtmlFrame } from './mail-html-frame';
import type { OpenedMail } from './mail-outbox-data';

export const RESEND_FAILED = 'No fue posible enviar el correo de nuevo. Intenta otra vez.';

export interface MailMessageDialogProps {
  /** The message shown; kept while the dialog fades out. */
  opened: OpenedMail | null;
  isOpen: boolean;
  onClose: () => void;
  /** The dialog has gone, the focus given back. */
  onClosed: () => void;
}

export function MailMessageDialog({ opened, isOpen, onClose, onClosed }: MailMessageDialogProps) {
  return (
    // Blueprint's × is labelled in English: 'Cerrar' (and Escape) close instead.
    <Dialog isOpen={isOpen} onClose={onClose} onClosed={onClosed} title="Correo" isCloseButtonShown={false} className="mail-dialog">
      {opened && <MailMessageBody key={opened.id} opened={opened} onClose={onClose} />}
    </Dialog>
  );
}

function MailMessageBody({ opened, onClose }: { opened: OpenedMail; onClose: () => void }) {
  const { http } = useRuntime();
  const revalidator = useRevalidator();
  // The outcome takes the focus as it shows (once the message is pending again its button is gone).
  const focusOutcome = useCallback((node: HTMLDivElement | null) => node?.focus(), []);
  const { message } = opened;
  // The send is final-form's (sent once, its state and refusal kept by the form), as the PLD alert's closing is.
  const resend = async () => {
    if (!message) return undefined;
    try {
      await resendMailMessage(http, message.id);
    } catch (error) {
      return { [FORM_ERROR]: callFailure(error).message ?? RESEND_FAILED };
    } finally {
      // The list and the dialog show it as it now is: pending again, or why it could not be.
      await revalidator.revalidate();
    }
    return undefined;
  };
  return (
    <Form
      onSubmit={resend}
      subscription={{ submitting: true, submitSucceeded: true, submitError: true }}
      render={({ handleSubmit, submitting, submitSucceeded, submitError }) => (
        <form onSubmit={handleSubmit} noValidate>
          <DialogBody className="mail-dialog-body">
            {/* Above the details, which show the message as it now is. */}
            {!submitting && (submitSucceeded || submitError) && (
              <div ref={focusOutcome} tabIndex={-1} role={submitError ? 'alert' : 'status'} className="mail-resend-outcome">
                <Callout intent={submitError ? 'danger' : 'success'}>{submitError ? String(submitError) : resentText(message?.destinatario ?? '')}</Callout>
              </div>
            )}
            {message ? <MailDetails message={message} /> : <Callout intent="danger" role="alert">{opened.failure}</Callout>}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cerrar" onClick={onClose} />
                {message && canResend(message.estado) && (
                  // Never disabled while sending (final-form sends once): a disabled button would drop the focus out of the dialog.
                  <Button type="submit" intent="primary" text="Enviar de nuevo" endIcon={submitting ? <Spinner size={16} aria-hidden="true" /> : undefined} />
                )}
              </>
            }
          />
        </form>
      )}
    />
  );
}

function MailDetails({ message }: { message: MailMessage }) {
  const rows: Array<[string, ReactNode]> = [
    ['Asunto', message.asunto],
    ['Para', message.destinatario],
    ['Tipo', MAIL_KIND_LABELS[message.tipo]],
    ['Estado', mailStateText(message)],
    ['Intentos', String(message.intentos)],
    ['Creado', dateTimeText(message.creado_el)],
    ['Enviado', message.enviado_el ? dateTimeText(message.enviado_el) : 'Todavía no'],
    ...(message.reenvios > 0 ? [['Enviado de nuevo', message.reenvios === 1 ? '1 vez' : `${message.reenvios} veces`] as [string, string]] : []),
    ...(message.estado === 'pendiente' && message.ultimo_error ? [['Último error', message.ultimo_error] as [string, string]] : []),
    [
      'Solicitud',
      <Link key="history" to={`/historial/${message.application_uuid}`} className="mail-application">
        {message.application_uuid}
      </Link>,
    ],
  ];
  return (
    <>
      <dl className="mail-details">
        {rows.map(([term, value]) => (
          <div key={term} className="mail-detail">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="mail-html-title" className="mail-part">
        <H3 id="mail-html-title" className="mail-part-title">HTML</H3>
        <MailHtmlFrame preview={message.html_vista} title={`Contenido HTML del correo: ${message.asunto}`} />
      </section>
      <section aria-labelledby="mail-text-title" className="mail-part">
        <H3 id="mail-text-title" className="mail-part-title">Texto</H3>
        <pre className="mail-text">{message.texto}</pre>
      </section>
    </>
  );
}
