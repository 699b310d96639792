// The error and code pages (spec 01 §2, §8), which run no authentication step.
import { H1 } from '@blueprintjs/core';
import { Error as ErrorIcon, Outdated, Search } from '@blueprintjs/icons';
import type { JSX } from 'react';
import { RouterButton } from '../components/router-button';
import { useDocumentTitle } from '../layout/document-title';

function MessagePage({ icon, title }: { icon: JSX.Element; title: string }) {
  useDocumentTitle(title);
  return (
    <section className="message-page">
      <span className="message-icon" aria-hidden="true">
        {icon}
      </span>
      <H1 className="message-title">{title}</H1>
      <RouterButton intent="primary" to="/" text="Ir al inicio" />
    </section>
  );
}

export const ErrorPage = () => <MessagePage icon={<ErrorIcon size={48} />} title="Ocurrió un error" />;

export const IncorrectCodePage = () => (
  <MessagePage icon={<ErrorIcon size={48} />} title="EL CÓDIGO ES INCORRECTO, FAVOR DE ASEGURARSE QUE FUE EL ENVIADO A SU CORREO" />
);

export const ExpiredCodePage = () => (
  <MessagePage icon={<Outdated size={48} />} title="LO SENTIMOS EL CÓDIGO HA EXPIRADO, POR FAVOR COMIENCE EL REGISTRO NUEVAMENTE" />
);

export const NotFoundPage = () => <MessagePage icon={<Search size={48} />} title="La página que buscas no existe" />;
