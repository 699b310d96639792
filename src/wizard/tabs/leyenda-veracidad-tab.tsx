// The public applicant's last tab: the review of what was entered, the truthfulness statement, its 'Acepto' (required to finish)
// and the printable application.
import { AnchorButton, Checkbox, FormGroup, Intent } from '@blueprintjs/core';
import { Print } from '@blueprintjs/icons';
import { APPLICATION_VALID_DAYS } from '../../../forms/limits';
import { NOTICES } from '../../../forms/messages';
import type { ReactNode } from 'react';
import { TitledCallout } from '../../components/titled-callout';

/** Whether the person accepted the statement, and whether a finish asked for it. */
export interface StatementAcceptance {
  accepted: boolean;
  missing: boolean;
  onChange: (accepted: boolean) => void;
}

export interface LeyendaVeracidadTabProps {
  printHref: string | null;
  statement: StatementAcceptance;
  /** What the person entered, to review before finishing. */
  review: ReactNode;
}

export function LeyendaVeracidadTab({ printHref, statement, review }: LeyendaVeracidadTabProps) {
  return (
    <>
      {review}
      <p className="truthfulness" id="declaracion-veracidad">
        Declaro, bajo protesta de decir verdad, que los datos asentados en esta solicitud son verdaderos y que los documentos que presento son
        auténticos. Autorizo que la información se verifique por los medios que la empresa considere necesarios y me comprometo a avisar de
        cualquier cambio. Sé que proporcionar datos falsos puede ser motivo de rechazo de la solicitud.
      </p>
      <FormGroup
        className="statement-acceptance"
        intent={statement.missing ? Intent.DANGER : Intent.NONE}
        helperText={statement.missing ? <span id="acepto-declaracion-error">{NOTICES.statementRequired}</span> : undefined}
      >
        <Checkbox
          id="acepto-declaracion"
          checked={statement.accepted}
          onChange={(event) => statement.onChange(event.currentTarget.checked)}
          label="Acepto la declaración de veracidad"
          aria-describedby={statement.missing ? 'declaracion-veracidad acepto-declaracion-error' : 'declaracion-veracidad'}
          aria-invalid={statement.missing || undefined}
        />
      </FormGroup>
      <TitledCallout level={3} intent="primary" title="Siguiente paso">
        Al finalizar, firma tu solicitud con tu e.firma del SAT sin salir de esta página, o imprímela, fírmala y entrégala en nuestras
        oficinas. La solicitud es válida por {APPLICATION_VALID_DAYS} días
        naturales a partir de que la llenas.
      </TitledCallout>
      <p>
        <AnchorButton
          icon={<Print />}
          href={printHref ?? undefined}
          target="_blank"
          rel="noopener"
          disabled={!printHref}
          text="Imprimir solicitud"
        />
      </p>
    </>
  );
}
