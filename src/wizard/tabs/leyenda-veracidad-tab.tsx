// The public applicant's last tab: the truthfulness statement and the printable application.
import { AnchorButton, Callout } from '@blueprintjs/core';
import { Print } from '@blueprintjs/icons';
import { APPLICATION_VALID_DAYS } from '../../../forms/limits';

export function LeyendaVeracidadTab({ printHref }: { printHref: string | null }) {
  return (
    <>
      <p className="truthfulness">
        Declaro, bajo protesta de decir verdad, que los datos asentados en esta solicitud son verdaderos y que los documentos que presento son
        auténticos. Autorizo que la información se verifique por los medios que la empresa considere necesarios y me comprometo a avisar de
        cualquier cambio. Sé que proporcionar datos falsos puede ser motivo de rechazo de la solicitud.
      </p>
      <Callout intent="primary" title="Siguiente paso">
        Al finalizar, imprime tu solicitud, fírmala y entrégala en nuestras oficinas. La solicitud es válida por {APPLICATION_VALID_DAYS} días
        naturales a partir de que la llenas.
      </Callout>
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
