// /correos, 'Correos enviados': the e-mail outbox as a mail catcher shows it, for Administrador
// staff. A table of messages, newest first (cards below 600 px), a state filter and a search on the
// address or the application's code, pages of 25; each message opens in a dialog with its parts
// and 'Enviar de nuevo' (src/mail-outbox/mail-message-dialog.tsx). The URL holds all of it.
import { Button } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useLoaderData, useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router-dom';
import type { MailMessageRow } from '../../forms/contracts/mail-outbox';
import { MAIL_PAGE_SIZE, MAIL_SEARCH_MAX, MAIL_STATES } from '../../forms/mail-outbox-rules';
import { dateTimeText } from '../../forms/date-time-text';
import { MAIL_KIND_LABELS, MAIL_STATE_LABELS, mailCountText, mailStateText, noMailText, readMailPageQuery, type MailPageQuery } from '../../forms/mail-outbox-texts';
import { permissionRefusal } from '../../forms/staff-permissions';
import { useFocusKeptInPager } from '../components/pager-focus';
import { EmailText } from '../components/email-text';
import { RouterButton } from '../components/router-button';
import { RowTable, type RowColumn } from '../components/row-table';
import { SearchToolbar, ToolbarSelect } from '../components/search-toolbar';
import { focusTitleIfLost, LoadFailure, PageTitle, RefusedPage } from '../components/staff-page-parts';
import { useDocumentTitle } from '../layout/document-title';
import { staffPageRoute } from '../session/staff-page-route';
import { MailMessageDialog } from './mail-message-dialog';
import { loadMailOutbox, mailPageHref, openedHref, type MailOutboxData, type OpenedMail } from './mail-outbox-data';
import './mail-outbox.css';
import { BusyButton } from '../components/busy-button';

const TITLE = 'Correos enviados';

/** History state of a dialog opened from the list: closing it goes back to the list's entry. */
const FROM_LIST = { correoDesdeLista: true };

function MailState({ message }: { message: MailMessageRow }) {
  const waiting = message.estado === 'pendiente' && new Date(message.enviar_desde).getTime() > Date.now();
  return (
    <span className="mail-stack">
      <span className={`mail-state mail-state-${message.estado}`}>{mailStateText(message)}</span>
      {waiting && <span className="mail-sub">Se enviará el {dateTimeText(message.enviar_desde)}</span>}
      {message.estado === 'pendiente' && message.ultimo_error && <span className="mail-sub">Último error: {message.ultimo_error}</span>}
    </span>
  );
}

const COLUMNS: RowColumn<MailMessageRow>[] = [
  { label: 'Fecha', cell: (message) => <span>{dateTimeText(message.creado_el)}</span>, className: 'mail-date' },
  { label: 'Para', cell: (message) => <span><EmailText address={message.destinatario} /></span>, className: 'mail-to' },
  { label: 'Asunto', cell: (message) => <span>{message.asunto}</span> },
  { label: 'Tipo', cell: (message) => <span>{MAIL_KIND_LABELS[message.tipo]}</span> },
  { label: 'Estado', cell: (message) => <MailState message={message} /> },
  { label: 'Intentos', cell: (message) => <span>{message.intentos}</span> },
];

export function MailOutboxPage() {
  useDocumentTitle(TITLE);
  const data = useLoaderData() as MailOutboxData;
  if (!data.allowed) return <RefusedPage title={TITLE} refusal={permissionRefusal('outbox')} />;
  return <OutboxView data={data} />;
}

function OutboxView({ data }: { data: Extract<MailOutboxData, { allowed: true }> }) {
  const navigate = useNavigate();
  const location = useLocation();
  const pending = useNavigation().location;
  const revalidator = useRevalidator();
  const title = useRef<HTMLHeadingElement>(null);
  const pages = useRef<HTMLElement>(null);
  useFocusKeptInPager(pages);
  // While another query loads, the controls show it already.
  const loading = pending !== undefined && pending.pathname === location.pathname;
  const query = loading ? readMailPageQuery(new URLSearchParams(pending.search)) : data.query;
  // The dialog's message, kept while the dialog fades out once the URL no longer names it.
  const [shown, setShown] = useState<OpenedMail | null>(data.opened);
  if (data.opened && data.opened !== shown) setShown(data.opened);

  const go = (next: Partial<MailPageQuery>) => navigate(mailPageHref({ ...query, page: 1, ...next }));
  const close = () => {
    if ((location.state as typeof FROM_LIST | null)?.correoDesdeLista) navigate(-1);
    else navigate(mailPageHref(data.query), { replace: true });
  };
  const messages = data.list?.mensajes ?? [];
  const total = data.list?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / MAIL_PAGE_SIZE));
  const filtered = data.query.estado !== null || data.query.q !== '';

  return (
    // Not a region of its own: the page is the main landmark, and its table's box is the region the title names.
    <div className="list-page mail-outbox-page">
      <PageTitle id="mail-title" ref={title}>
        {TITLE}
      </PageTitle>
      <p id="mail-hint">Los correos que la aplicación envió o tiene por enviar a los solicitantes, los más recientes primero.</p>
      <SearchToolbar
        label="Buscar y filtrar los correos"
        searchId="mail-search"
        hint="Correo del destinatario o código de la solicitud"
        q={query.q}
        maxLength={MAIL_SEARCH_MAX}
        onSearch={(q) => go({ q })}
        clearHref={filtered ? mailPageHref({ estado: null, q: '', page: 1 }) : null}
      >
        <ToolbarSelect
          id="mail-state"
          label="Estado"
          value={query.estado ?? ''}
          options={[{ value: '', label: 'Todos' }, ...MAIL_STATES.map((state) => ({ value: state, label: MAIL_STATE_LABELS[state] }))]}
          onChange={(value) => go({ estado: MAIL_STATES.find((state) => state === value) ?? null })}
        />
      </SearchToolbar>
      {data.list === null ? (
        <LoadFailure title="No se cargaron los correos" failure={data.failure} />
      ) : (
        <div className="mail-count">
          <p className="list-total" role="status">
            {mailCountText(total)}
          </p>
          <BusyButton text="Actualizar" variant="minimal" onClick={() => void revalidator.revalidate()} busy={revalidator.state === 'loading'} />
        </div>
      )}
      {data.list !== null && (
        <RowTable
          labelledBy="mail-title"
          describedBy="mail-hint"
          className="mail-table"
          columns={COLUMNS}
          rows={messages}
          rowKey={(message) => message.id}
          empty={noMailText(filtered)}
          busy={loading || revalidator.state === 'loading'}
          actions={(message) => (
            <Button
              size="small"
              text="Ver correo"
              aria-haspopup="dialog"
              aria-label={`Ver correo a ${message.destinatario}: ${MAIL_KIND_LABELS[message.tipo]}, ${dateTimeText(message.creado_el)}`}
              onClick={() => navigate(openedHref(data.query, message.id), { state: FROM_LIST })}
            />
          )}
        />
      )}
      {lastPage > 1 && (
        <nav ref={pages} aria-label="Páginas de correos" className="list-pager">
          <div className="list-pages">
            <RouterButton to={mailPageHref({ ...data.query, page: data.query.page - 1 })} text="Anterior" disabled={data.query.page <= 1} />
            <span className="list-page-number" aria-current="page">
              Página {data.query.page} de {lastPage}
            </span>
            <RouterButton to={mailPageHref({ ...data.query, page: data.query.page + 1 })} text="Siguiente" disabled={data.query.page >= lastPage} />
          </div>
        </nav>
      )}
      <MailMessageDialog
        opened={shown}
        isOpen={data.opened !== null}
        onClose={close}
        // The row's button may be gone (the list moved on): the title takes the focus rather than the page's body.
        onClosed={() => focusTitleIfLost(title.current)}
      />
    </div>
  );
}

/** The route's loader and page (src/routes.tsx). */
export const route = staffPageRoute((runtime, { request }) => loadMailOutbox(runtime, request), MailOutboxPage);
