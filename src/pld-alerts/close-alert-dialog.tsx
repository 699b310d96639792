// 'Cerrar alerta': closes a PLD alert as a confirmed match or a homonym, with the written reason the
// server requires (the rule of forms/contracts/pld.ts, checked here before sending). The fields
// are final-form's; a refusal (409: someone closed it first) shows the server's Spanish message
// and keeps what was typed. Blueprint traps the focus and returns it to the row's button.
import { useRef } from 'react';
import { Button, Callout, DialogBody, DialogFooter, FormGroup, Radio, Spinner, TextArea } from '@blueprintjs/core';
import { Dialog } from '../components/dialog';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';
import type { PldAlert } from '../../forms/contracts/pld-alerts';
import { PLD_REASON_MAX } from '../../forms/contracts/pld';
import { closeReasonProblem } from '../../forms/contracts/pld-alerts';
import { CLOSE_CHOICE_REQUIRED, CLOSE_CHOICES, similarityText } from '../../forms/pld-alert-texts';
import { callFailure } from '../../services/http';
import { closePldAlert } from '../../services/pld-alerts';
import { useRuntime } from '../session/runtime-context';

type Choice = (typeof CLOSE_CHOICES)[number]['value'];

interface CloseValues {
  estado?: Choice;
  motivo?: string;
}

export const CLOSE_FAILED = 'No fue posible cerrar la alerta. Intenta de nuevo.';

export interface CloseAlertDialogProps {
  /** The alert being closed; the dialog stays mounted while it fades out, showing the last one. */
  alert: PldAlert | null;
  isOpen: boolean;
  onCancel: () => void;
  /** The server closed it: resolves once the page has caught up (the dialog shows it busy until then). */
  onClosed: (alert: PldAlert, estado: Choice) => Promise<void>;
  /** The server refused (with its status): a 409 means the list is out of date. */
  onRefused: (status: number | undefined) => void;
  /** The dialog has gone, the focus given back. */
  onExited: () => void;
}

const validate = (values: CloseValues) => {
  const errors: Partial<Record<keyof CloseValues, string>> = {};
  if (!values.estado) errors.estado = CLOSE_CHOICE_REQUIRED;
  const reason = closeReasonProblem(values.motivo ?? '');
  if (reason) errors.motivo = reason;
  return errors;
};

export function CloseAlertDialog({ alert, isOpen, onCancel, onClosed, onRefused, onExited }: CloseAlertDialogProps) {
  const { http } = useRuntime();
  const firstChoice = useRef<HTMLInputElement>(null);
  const submit = async (values: CloseValues) => {
    if (!alert) return undefined;
    // The contract wants the reason as written, without the spaces around it.
    const body = { estado: values.estado!, motivo: values.motivo!.trim() };
    try {
      await closePldAlert(http, alert.id, body);
    } catch (error) {
      const failure = callFailure(error);
      onRefused(failure.status);
      return { [FORM_ERROR]: failure.message ?? CLOSE_FAILED };
    }
    await onClosed(alert, body.estado);
    return undefined;
  };
  return (
    // Blueprint's × is labelled in English: 'Cancelar' (and Escape) close instead.
    // Opening, the focus goes to the first choice, the first thing to answer (not at the fade's end: it would leave what is being typed).
    <Dialog
      isOpen={isOpen}
      onClose={onCancel}
      autoFocus={false}
      onOpening={() => firstChoice.current?.focus()}
      onClosed={onExited}
      title="Cerrar alerta"
      isCloseButtonShown={false}
      canOutsideClickClose={false}
      className="close-alert-dialog"
    >
      {alert && (
        <Form<CloseValues>
          key={alert.id}
          onSubmit={submit}
          validate={validate}
          render={({ handleSubmit, submitting, submitError }) => (
            <form onSubmit={handleSubmit} noValidate>
              <DialogBody>
                <p>
                  <strong>{alert.persona}</strong> coincide con <strong>{alert.nombre_lista}</strong> en la lista {alert.lista} (similitud{' '}
                  {similarityText(alert.score)}).
                </p>
                <Field<Choice> name="estado" subscription={{ error: true, touched: true, submitFailed: true }}>
                  {({ meta }) => {
                    // Said once a close was tried: the first choice has the focus as the dialog opens, and an
                    // error appearing as it leaves would move the button under a click on its way to it.
                    const error = meta.submitFailed ? meta.error : undefined;
                    return (
                      <fieldset className="close-alert-choice" aria-describedby="close-alert-choice-error">
                        <legend className="close-alert-legend">
                          Resultado de la revisión <span className="close-alert-required">(requerido)</span>
                        </legend>
                        {CLOSE_CHOICES.map((choice, index) => (
                          <Field<Choice> key={choice.value} name="estado" type="radio" value={choice.value}>
                            {({ input }) => <Radio {...input} label={choice.label} inputRef={index === 0 ? firstChoice : undefined} />}
                          </Field>
                        ))}
                        <span id="close-alert-choice-error" className="close-alert-error">
                          {error}
                        </span>
                      </fieldset>
                    );
                  }}
                </Field>
                <Field<string> name="motivo">
                  {({ input, meta }) => {
                    const error = meta.submitFailed || meta.touched ? meta.error : undefined;
                    return (
                      <FormGroup
                        label="Motivo del cierre"
                        labelFor="close-alert-reason"
                        labelInfo="(requerido)"
                        intent={error ? 'danger' : 'none'}
                        helperText={<span id="close-alert-reason-help">{error ?? `Máximo ${PLD_REASON_MAX} caracteres`}</span>}
                      >
                        <TextArea
                          {...input}
                          id="close-alert-reason"
                          value={input.value ?? ''}
                          rows={4}
                          fill
                          maxLength={PLD_REASON_MAX}
                          intent={error ? 'danger' : 'none'}
                          aria-invalid={error ? true : undefined}
                          aria-describedby="close-alert-reason-help"
                          required
                        />
                      </FormGroup>
                    );
                  }}
                </Field>
                {submitError && (
                  <Callout intent="danger" role="alert" className="close-alert-failure">
                    {String(submitError)}
                  </Callout>
                )}
              </DialogBody>
              <DialogFooter
                actions={
                  <>
                    <Button text="Cancelar" onClick={onCancel} />
                    {/* Never disabled while sending (final-form sends once): a disabled button would drop the focus out of the dialog. */}
                    <Button type="submit" intent="primary" text="Cerrar alerta" endIcon={submitting ? <Spinner size={16} aria-hidden="true" /> : undefined} />
                  </>
                }
              />
            </form>
          )}
        />
      )}
    </Dialog>
  );
}
