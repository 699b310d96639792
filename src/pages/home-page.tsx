// Home: the applicant-type menu 'Solicitud online'. The 'Ver información requerida' modal is
// part of the URL (?informacion=pf), so the Back button closes it and it can be linked to.
import { Button, Card, Classes, DialogFooter, H1, H2 } from '@blueprintjs/core';
import { Dialog } from '../components/dialog';
import { useSelector } from '@xstate/react';
import type { HTMLAttributes } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RouterButton } from '../components/router-button';
import { useRuntime } from '../session/runtime-context';
import { selectIsStaff } from '../session/selectors';
import { APPLICANT_TYPES, type ApplicantType } from './applicant-types';
import { useDocumentTitle } from '../layout/document-title';
import { focusAnswer, OPENING_TITLE } from '../components/dialog-focus';

const INFO_PARAM = 'informacion';

/** The dialog's title, where it opens: the list is longer than a phone's screen. */
const InfoTitle = (props: HTMLAttributes<HTMLElement>) => <H2 {...props} {...OPENING_TITLE} />;

export function HomePage() {
  useDocumentTitle('Solicitud de crédito en línea');
  const { session } = useRuntime();
  const isStaff = useSelector(session, selectIsStaff);
  const [search, setSearch] = useSearchParams();
  const open = APPLICANT_TYPES.find((type) => type.kind === search.get(INFO_PARAM));

  const showInfo = (type: ApplicantType) => setSearch((params) => (params.set(INFO_PARAM, type.kind), params));
  const closeInfo = () => setSearch((params) => (params.delete(INFO_PARAM), params), { replace: true });

  return (
    <section className="home" aria-labelledby="home-title">
      <H1 id="home-title">Solicitud online</H1>
      <p className="home-subtitle">Elige el tipo de solicitante</p>
      <ul className="applicant-cards">
        {APPLICANT_TYPES.map((type) => (
          <li key={type.kind}>
            <Card className="applicant-card">
              <H2 className="applicant-card-title">{type.title}</H2>
              <p>{type.description}</p>
              <div className="applicant-card-actions">
                <RouterButton intent="primary" to={type.route} text="Iniciar solicitud" aria-label={`Iniciar solicitud de ${type.title}`} />
                {!isStaff && (
                  <Button variant="minimal" intent="primary" onClick={() => showInfo(type)} aria-haspopup="dialog" aria-label={`Ver información requerida de ${type.title}`}>
                    Ver información requerida
                  </Button>
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <Dialog
        isOpen={open !== undefined}
        onClose={closeInfo}
        title="Información requerida"
        titleTagName={InfoTitle}
        isCloseButtonShown={false}
        className="info-dialog"
        onOpened={focusAnswer}
      >
        {open && (
          // Focusable so people who use the keyboard can scroll a long list.
          <div className={Classes.DIALOG_BODY} tabIndex={0} role="region" aria-label="Lista de información requerida">
            <p>
              <strong>{open.title}.</strong> Antes de comenzar, ten a la mano:
            </p>
            {open.requirements.map((section) => (
              <section key={section.heading}>
                <h3 className="requirements-heading">{section.heading}</h3>
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        <DialogFooter actions={<Button intent="primary" text="Cerrar" onClick={closeInfo} />} />
      </Dialog>
    </section>
  );
}
