// The navigation above each page (spec 01 §2): hidden on the public index page; 'Regresar a PM'
// on guarantor routes; 'Regresar al menú' for applicants; the client list and the client's
// change history for staff.
import { AnchorButton } from '@blueprintjs/core';
import { ArrowLeft, History, People } from '@blueprintjs/icons';
import { useSelector } from '@xstate/react';
import { useLocation, useParams } from 'react-router-dom';
import { RouterButton } from '../components/router-button';
import { AT_PM_AVALES } from '../wizard/open-at';
import { useRuntime } from '../session/runtime-context';
import { selectParentUuid } from '../session/selectors';
import { navigationFor } from './navigation-rules';

export function TopNavigation({ isStaff }: { isStaff: boolean }) {
  const { session, config } = useRuntime();
  const parentUuid = useSelector(session, selectParentUuid);
  const { pathname } = useLocation();
  const { uuid } = useParams();
  const nav = navigationFor({ pathname, isStaff, uuid, parentUuid, links: config.links });
  if (!nav.visible) return null;
  return (
    <nav className="top-navigation" aria-label="Navegación principal">
      {/* A stored PM opens at its Avales tab, as 'Finalizar y regresar a PM' leads there. */}
      {nav.backToPm && <RouterButton icon={<ArrowLeft />} to={nav.backToPm} state={parentUuid ? AT_PM_AVALES : undefined} text="Regresar a PM" />}
      {nav.backToMenu && <RouterButton icon={<ArrowLeft />} to="/" text="Regresar al menú" />}
      {nav.clientList && <AnchorButton role="link" icon={<People />} href={nav.clientList} text="Lista de clientes" />}
      {nav.clientHistory && <AnchorButton role="link" icon={<History />} href={nav.clientHistory} text="Historial de cambios del cliente" />}
    </nav>
  );
}
