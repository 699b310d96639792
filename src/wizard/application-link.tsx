// The application's folio (its uuid) and its link, shown from the first save on, so the applicant
// can keep them and continue later ('Conserva el enlace de tu solicitud'), and where a save mailed
// the link (README, "E-mail outbox").
import { Button } from '@blueprintjs/core';
import { Duplicate } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';

type Copy = 'idle' | 'copied' | 'failed';

export function ApplicationLink({ uuid, sentTo }: { uuid: string; sentTo: string | null }) {
  const [copy, setCopy] = useState<Copy>('idle');
  const link = window.location.href;
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 4000);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyLink = () =>
    navigator.clipboard.writeText(link).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );

  return (
    <div className="application-link">
      <p>
        Folio de la solicitud: <span className="application-folio">{uuid}</span>
      </p>
      <Button icon={<Duplicate />} text="Copiar enlace" variant="outlined" size="small" onClick={copyLink} />
      <p role="status" className="application-link-sent">
        {sentTo && (
          <>
            Te enviamos el enlace para continuar a <span className="application-link-address">{sentTo}</span>.
          </>
        )}
      </p>
      <p role="status" className="application-link-status">
        {copy === 'copied' && 'Enlace copiado. Guárdalo para continuar tu solicitud después.'}
        {copy === 'failed' && (
          <>
            No se pudo copiar; copia este enlace: <span className="application-folio">{link}</span>
          </>
        )}
      </p>
    </div>
  );
}
