// What the wizard statechart emits for the world outside it: notifications, the address that
// follows the record (so a refresh resumes it), the session's PM ('Regresar a PM'), the finish and
// the return of a guarantor to its PM. Subscribed before the actor starts (a layout effect runs
// before useActorRef's start), so what it announces on opening is heard.
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NOTICES } from '../../forms/messages';
import { notify } from '../global/notifications';
import { FOLLOWS_RECORD } from '../layout/record-follow';
import { useRuntime } from '../session/runtime-context';
import { AT_PM_AVALES } from './open-at';
import type { WizardActorRef } from './selectors';

const NOTIFICATIONS = {
  saved: { title: NOTICES.saveSuccessTitle, message: NOTICES.saveSuccess, intent: 'success', topic: 'save' },
  saveFailed: { title: NOTICES.saveErrorTitle, message: NOTICES.saveError, intent: 'danger', topic: 'save' },
  guarantorRemoved: { title: NOTICES.saveSuccessTitle, message: NOTICES.guarantorRemoved, intent: 'success' },
  guarantorRemovalFailed: { title: NOTICES.saveErrorTitle, message: 'No fue posible eliminar el aval, intenta de nuevo.', intent: 'danger' },
} as const;

export function useWizardAnnouncements(actor: WizardActorRef, base: string) {
  const { session, config } = useRuntime();
  const navigate = useNavigate();
  const location = useLocation();
  const shown = useRef(location);
  shown.current = location;

  useLayoutEffect(() => {
    const subscriptions = [
      actor.on('notification', ({ kind }) => notify(NOTIFICATIONS[kind])),
      actor.on('recordChanged', ({ uuid }) => {
        const wanted = uuid ? `${base}/${encodeURIComponent(uuid)}` : base;
        if (shown.current.pathname !== wanted) navigate(`${wanted}${shown.current.search}`, { replace: true, state: FOLLOWS_RECORD });
      }),
      actor.on('parentChanged', ({ parentUuid }) => session.send({ type: 'session.parentUuidSet', parentUuid })),
      actor.on('finished', ({ staff }) => {
        if (staff) window.location.assign(config.links.clientList);
        else navigate('/');
      }),
      // The parent's Avales tab shows the guarantor complete, and a notification says so.
      actor.on('returnToParent', ({ parentUuid }) => {
        void notify({ title: NOTICES.saveSuccessTitle, message: NOTICES.guarantorCompleted, intent: 'success' });
        navigate(parentUuid ? `/pm/${encodeURIComponent(parentUuid)}` : '/pm', parentUuid ? { state: AT_PM_AVALES } : undefined);
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, base, session, navigate, config.links.clientList]);
}
