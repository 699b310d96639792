// /alertas-pld: the matches ongoing PLD monitoring found when a new version of the lists was loaded
// (forms/contracts/pld-alerts.ts), for staff who review them. A filter (the URL's `?estado=`) shows
// the open, the closed or all; each open alert is closed from its row, in a dialog, as a confirmed
// match or a homonym with a written reason. Below 600 px each alert is a card. Text only.
import { Button, Intent, SegmentedControl, Tag } from '@blueprintjs/core';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router-dom';
import { dateTimeText } from '../../forms/date-time-text';
import { PLD_ALERT_FILTERS, PLD_ALERT_STATE_LABELS, type PldAlert, type PldAlertFilter } from '../../forms/contracts/pld-alerts';
import {
  alertCountText,
  alertGroupLabel,
  closedAnnouncement,
  closedByText,
  NO_ALERTS,
  PLD_ALERT_FILTER_LABELS,
  readAlertFilter,
  similarityText,
} from '../../forms/pld-alert-texts';
import { permissionRefusal } from '../../forms/staff-permissions';
import { RowTable, type RowColumn } from '../components/row-table';
import { focusTitleIfLost, LoadFailure, PageTitle, RefusedPage } from '../components/staff-page-parts';
import { useDocumentTitle } from '../layout/document-title';
import { staffPageRoute } from '../session/staff-page-route';
import { wizardRouteFor } from '../../forms/app-paths';
import { AT_PLD_REVIEW } from '../wizard/open-at';
import { CloseAlertDialog } from './close-alert-dialog';
import { loadPldAlerts, type PldAlertsData } from './pld-alerts-data';
import './pld-alerts.css';

const TITLE = 'Alertas PLD';

const STATE_INTENTS: Record<PldAlert['estado'], Intent> = { abierta: Intent.WARNING, confirmada: Intent.DANGER, homonimo: Intent.NONE };

/** A value with a second, smaller line beneath. */
const Stacked = ({ main, sub }: { main: ReactNode; sub: ReactNode }) => (
  <span className="alert-stack">
    <span>{main}</span>
    <span className="alert-sub">{sub}</span>
  </span>
);

function ApplicationLink({ alert }: { alert: PldAlert }) {
  const { uuid, tipo_persona, nombre } = alert.solicitud;
  const route = wizardRouteFor(tipo_persona, uuid);
  const name = nombre || 'Solicitud sin nombre';
  return (
    <Stacked
      // Opens the application at its 'Validaciones PLD' tab (src/wizard/open-at.ts).
      main={route ? <Link to={route} state={AT_PLD_REVIEW}>{name}</Link> : name}
      sub={`Persona ${tipo_persona}${alert.solicitud.completa ? '' : ' · sin terminar'}`}
    />
  );
}

function AlertState({ alert }: { alert: PldAlert }) {
  const closed = closedByText(alert);
  return (
    <span className="alert-stack">
      {/* Blueprint's minimal warning tag lacks contrast on a striped row: the open and confirmed ones are solid. */}
      <Tag minimal={alert.estado === 'homonimo'} intent={STATE_INTENTS[alert.estado]} className="alert-state-tag">
        {PLD_ALERT_STATE_LABELS[alert.estado]}
      </Tag>
      {closed && <span className="alert-sub">{closed}</span>}
      {alert.motivo_cierre && (
        <span className="alert-sub alert-reason">
          <strong>Motivo del cierre:</strong> {alert.motivo_cierre}
        </span>
      )}
    </span>
  );
}

const COLUMNS: RowColumn<PldAlert>[] = [
  { label: 'Solicitud', cell: (alert) => <ApplicationLink alert={alert} /> },
  { label: 'Persona', cell: (alert) => <Stacked main={alert.persona} sub={alertGroupLabel(alert.grupo)} /> },
  { label: 'Nombre en la lista', cell: (alert) => <Stacked main={alert.nombre_lista} sub={`Registro ${alert.id_lista}`} /> },
  {
    label: 'Lista',
    cell: (alert) => (
      <Stacked
        main={alert.lista}
        sub={
          <>
            versión <span className="alert-version">{alert.version_listas}</span>
          </>
        }
      />
    ),
  },
  { label: 'Similitud', cell: (alert) => <span>{similarityText(alert.score)}</span> },
  { label: 'Motivo', cell: (alert) => <span>{alert.motivo_coincidencia}</span>, className: 'alert-reason' },
  { label: 'Encontrada', cell: (alert) => <span>{dateTimeText(alert.encontrada_el)}</span> },
  { label: 'Estado', cell: (alert) => <AlertState alert={alert} /> },
];

export function PldAlertsPage() {
  useDocumentTitle(TITLE);
  const data = useLoaderData() as PldAlertsData;
  if (!data.allowed) return <RefusedPage title={TITLE} refusal={permissionRefusal('pld')} />;
  return <AlertsView data={data} />;
}

function AlertsView({ data }: { data: Extract<PldAlertsData, { allowed: true }> }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const revalidator = useRevalidator();
  const title = useRef<HTMLHeadingElement>(null);
  // The alert of the closing dialog (kept while the dialog fades out), and what the last closing said (announced).
  const [closing, setClosing] = useState<{ alert: PldAlert; open: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // While another filter loads, the control shows it already (as the lists' controls do).
  const loading = pending !== undefined && pending.pathname === pathname;
  const shown: PldAlertFilter = loading ? readAlertFilter(new URLSearchParams(pending.search)) : data.filter;
  const alerts = data.list?.alertas ?? [];

  const dismiss = () => setClosing((current) => current && { ...current, open: false });
  const closed = async (alert: PldAlert, estado: 'confirmada' | 'homonimo') => {
    await revalidator.revalidate();
    dismiss();
    setAnnouncement(closedAnnouncement(alert.persona, estado));
  };

  return (
    // Not a region of its own: the page is the main landmark, and its table's box is the region the title names.
    <div className="list-page pld-alerts-page">
      <PageTitle id="alerts-title" ref={title}>
        {TITLE}
      </PageTitle>
      <p id="alerts-hint">Coincidencias nuevas encontradas al cargar una nueva versión de las listas.</p>
      <div className="alert-filter">
        <span id="alert-filter-label" className="alert-filter-label">
          Mostrar
        </span>
        <SegmentedControl
          role="radiogroup"
          aria-labelledby="alert-filter-label"
          options={PLD_ALERT_FILTERS.map((filter) => ({ value: filter, label: PLD_ALERT_FILTER_LABELS[filter] }))}
          value={shown}
          onValueChange={(value) => navigate(value === 'abiertas' ? pathname : `${pathname}?estado=${value}`)}
        />
      </div>
      {data.list === null ? (
        <LoadFailure title="No se cargaron las alertas" failure={data.failure} />
      ) : (
        <p className="list-total" role="status">
          {alertCountText(data.filter, alerts.length)}
        </p>
      )}
      <p className="alert-announcement" role="status">
        {announcement}
      </p>
      {data.list !== null && (
        <RowTable
          labelledBy="alerts-title"
          describedBy="alerts-hint"
          className="alerts-table"
          columns={COLUMNS}
          rows={alerts}
          rowKey={(alert) => alert.id}
          empty={NO_ALERTS[data.filter]}
          busy={loading || revalidator.state === 'loading'}
          actions={(alert) =>
            alert.estado === 'abierta' && (
              <Button size="small" text="Cerrar alerta" aria-label={`Cerrar alerta de ${alert.persona} (${alert.lista})`} onClick={() => setClosing({ alert, open: true })} />
            )
          }
        />
      )}
      <CloseAlertDialog
        alert={closing?.alert ?? null}
        isOpen={closing?.open ?? false}
        onCancel={dismiss}
        onClosed={closed}
        // Someone closed it first: the list catches up behind the dialog, which keeps what was typed.
        onRefused={(status) => {
          if (status === 409) void revalidator.revalidate();
        }}
        onExited={() => {
          setClosing((current) => (current?.open ? current : null));
          // The button that opened it is gone once its alert is closed (by this person or another), so the
          // focus could not go back to it and stays in the dialog leaving the page: the title takes it.
          focusTitleIfLost(title.current);
        }}
      />
    </div>
  );
}

/** The route's loader and page (src/routes.tsx). */
export const route = staffPageRoute((runtime, { request }) => loadPldAlerts(runtime, request), PldAlertsPage);
