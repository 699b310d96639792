// The page frame: the staff or public header, the top navigation, the page, the public footer.
import { ProgressBar } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useRef } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { useRuntime } from '../session/runtime-context';
import { selectIsStaff } from '../session/selectors';
import { PublicFooter } from './public-footer';
import { Brand } from './brand';
import { PublicHeader } from './public-header';
import { TopNavigation } from './top-navigation';
import { MAIN_ID, useNewPageStart } from './route-focus';

// Public visitors never see the staff header: its menu, popover and keys stay out of the home route's code.
const StaffHeader = lazy(() => import('./staff-header').then((module) => ({ default: module.StaffHeader })));

/** The staff header's frame while its code loads: the same height, so the page does not jump. */
function StaffHeaderLoading() {
  const { config } = useRuntime();
  return (
    <header className="staff-header" aria-busy="true">
      <Brand href={config.links.mainSystemHome} />
    </header>
  );
}

export function AppLayout() {
  const { session } = useRuntime();
  const isStaff = useSelector(session, selectIsStaff);
  const navigating = useNavigation().state === 'loading';
  const main = useRef<HTMLElement>(null);
  useNewPageStart(main);
  return (
    <div className="app-frame">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Saltar al contenido
      </a>
      {isStaff ? (
        <Suspense fallback={<StaffHeaderLoading />}>
          <StaffHeader />
        </Suspense>
      ) : (
        <PublicHeader />
      )}
      <div className="navigation-progress" aria-hidden={!navigating}>
        {navigating && <ProgressBar intent="primary" aria-label="Cargando la página" />}
      </div>
      <TopNavigation isStaff={isStaff} />
      <main ref={main} id={MAIN_ID} className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {!isStaff && <PublicFooter />}
    </div>
  );
}
