// The page frame: the staff or public header, the top navigation, the page, the public footer.
import { ProgressBar } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { useRuntime } from '../session/runtime-context';
import { selectIsStaff } from '../session/selectors';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { StaffHeader } from './staff-header';
import { TopNavigation } from './top-navigation';
import { useFocusOnPageChange } from './route-focus';

export function AppLayout() {
  const { session } = useRuntime();
  const isStaff = useSelector(session, selectIsStaff);
  const navigating = useNavigation().state === 'loading';
  const main = useRef<HTMLElement>(null);
  useFocusOnPageChange(main);
  return (
    <div className="app-frame">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      {isStaff ? <StaffHeader /> : <PublicHeader />}
      <div className="navigation-progress" aria-hidden={!navigating}>
        {navigating && <ProgressBar intent="primary" />}
      </div>
      <TopNavigation isStaff={isStaff} />
      <main ref={main} id="contenido" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {!isStaff && <PublicFooter />}
    </div>
  );
}
