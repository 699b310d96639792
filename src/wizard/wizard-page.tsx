// A wizard page (/pf, /pfae, /pm and the guarantor wizards): the statechart holds the lifecycle,
// final-form the values of the tab shown; this view renders the state and sends events.
import { H1, Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useMatches, useNavigationType, useParams, useSearchParams } from 'react-router-dom';
import { TAB_TITLES } from '../../forms/messages';
import { printPath } from '../../forms/app-paths';
import { saveButtonText } from '../../forms/wizard-state';
import { DocumentList } from '../documents/document-list';
import { EfirmaSignatures } from '../efirma/efirma-signatures';
import { FormLockProvider } from '../components/fields/form-lock';
import { useDocumentTitle } from '../layout/document-title';
import { keepsPage } from '../layout/record-follow';
import { PldMarksProvider } from '../components/fields/pld-marks';
import { useRuntime } from '../session/runtime-context';
import { selectIsPldReviewer, selectIsStaff } from '../session/selectors';
import { ApplicationLink } from './application-link';
import { EditableBanner } from './editable-banner';
import { LeaveGuard } from './leave-guard';
import { useLocalDraft } from './local-draft';
import { openAtOf } from './open-at';
import { readPendingGuarantors } from './pending-guarantors';
import { PendingGuarantorsNotice } from './pending-guarantors-notice';
import { PldReviewModal } from './pld-review-modal';
import { PldFinishDialog } from './pld-finish-dialog';
import { selectMarkedPaths, selectPldReview } from './pld-review-selectors';
import { selectCurrent, selectEditable, selectLinkSentTo, selectLoading, selectModal, selectParentRefused, selectStaffCreated, selectUuid } from './selectors';
import { useWizardActor } from './use-wizard-actor';
import { useWizardAnnouncements } from './use-wizard-announcements';
import { useWizardView } from './use-wizard-view';
import { WizardForm } from './wizard-form';
import { WizardModals } from './wizard-modals';
import { WIZARD_ROUTES, type WizardRouteName } from './wizard-routes';
import { tabTitle } from './tab-title';

/** What the page renders of the wizard's state. */
const PAGE_VIEW = {
  current: selectCurrent,
  modal: selectModal,
  editable: selectEditable,
  staffCreated: selectStaffCreated,
  linkSentTo: selectLinkSentTo,
  loading: selectLoading,
  parentRefused: selectParentRefused,
  uuid: selectUuid,
  review: selectPldReview,
};

/**
 * The route's component: a new wizard for every navigation to the route, a step in the browser's
 * history included, except the page's own rewrite of the address to follow the record's uuid.
 */
export function WizardRoute() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = useRef(location.key);
  // The page's URL following its record (/pm → /pm/{uuid} after the first save) keeps the page; any
  // other location opens its own, a history step back or forward too, though the entry it returns to
  // was once such a follow (a Back from a new guarantor to its PM is the PM's page, not the guarantor's).
  if (!keepsPage(navigationType, location.state)) key.current = location.key;
  return <WizardPage key={key.current} />;
}

function WizardPage() {
  const name = (useMatches().at(-1)?.handle as { wizard: WizardRouteName }).wizard;
  const route = WIZARD_ROUTES[name];
  const { uuid: routeUuid } = useParams();
  const [search] = useSearchParams();
  const { session } = useRuntime();
  const staff = useSelector(session, selectIsStaff);
  const pldReviewer = useSelector(session, selectIsPldReviewer);
  const location = useLocation();
  const guarantor = route.guarantor !== false;
  // A new PM takes the guarantors this browser saved before any PM was stored (/aval/...).
  // Bumped by each signature made from the finish message, so the signatures shown include it.
  const [signatureCount, setSignatureCount] = useState(0);
  const [pendingGuarantors] = useState(() => (name === 'pm' && !routeUuid ? readPendingGuarantors() : []));
  const actor = useWizardActor({
    wizard: route.wizard,
    uuid: routeUuid ?? null,
    franchise: search.get('params'),
    staff,
    pldReviewer,
    guarantor,
    // A new guarantor of a stored PM is opened with ?pm={its uuid}; a stored one knows its parent.
    parentUuid: route.guarantor && !route.guarantor.unstoredParent ? search.get('pm') : null,
    openAt: openAtOf(route.wizard.tabs, location.state),
    pendingGuarantors,
  });
  useWizardAnnouncements(actor, route.base);

  const { current, modal, editable, staffCreated, linkSentTo, loading, parentRefused, uuid, review } = useWizardView(actor, PAGE_VIEW);
  const marked = useSelector(review, selectMarkedPaths);
  const markedPaths = useMemo(() => new Set(marked ? marked.split('\n') : []), [marked]);
  const titles = [...route.wizard.tabs.map((tab) => tab.title), ...(guarantor ? [] : [staff ? TAB_TITLES.validacionesPld : 'Leyenda de veracidad'])];
  useDocumentTitle(loading ? null : titles[current], route.title);
  const draft = useLocalDraft(actor, { base: route.base, uuid, parentUuid: search.get('pm'), staff });

  // A new tab takes the focus to its title, so keyboard and screen-reader users start there, and is
  // shown from the stepper above it (focus alone scrolled the title to the top, cutting the stepper).
  const shownTab = useRef(current);
  useEffect(() => {
    if (shownTab.current !== current) showNewTab();
    shownTab.current = current;
  }, [current]);

  if (loading) {
    return (
      <div className="loading-page" role="status">
        <Spinner size={40} aria-hidden="true" />
        <span>Cargando solicitud…</span>
      </div>
    );
  }

  const modals = (
    <WizardModals
      modal={modal}
      onClose={() => actor.send({ type: 'modal.closed' })}
      onRetry={() => actor.send({ type: 'wizard.retried' })}
      onReload={draft.reload}
      onConfirm={() => actor.send({ type: 'guarantor.removalConfirmed' })}
      parentHref={(parent) => (parent ? `/pm/${encodeURIComponent(parent)}` : '/pm')}
      staffCreated={staffCreated}
      printHref={uuid && route.print ? printPath(route.print, uuid) : null}
      signTarget={uuid && route.print ? { code: route.wizard.code, uuid, onSigned: () => setSignatureCount((count) => count + 1) } : null}
    />
  );

  // The PM takes no new guarantor: no form to type into (nor a draft to recover, nor unsaved changes
  // to warn of on leaving), only the dialog that says why and its ways out.
  if (parentRefused) {
    return (
      <section className="wizard" aria-labelledby="wizard-title">
        <H1 id="wizard-title">{route.title}</H1>
        {modals}
      </section>
    );
  }

  return (
    <section className="wizard" aria-labelledby="wizard-title">
      <H1 id="wizard-title">{route.title}</H1>
      {uuid ? <ApplicationLink uuid={uuid} sentTo={linkSentTo} /> : <PendingGuarantorsNotice actor={actor} />}
      {uuid && route.print && !staffCreated && <EfirmaSignatures code={route.wizard.code} uuid={uuid} refreshKey={signatureCount} />}
      <EditableBanner level={editable} staffCreated={staffCreated} />
      <FormLockProvider level={editable}>
        <PldMarksProvider value={markedPaths}>
          <WizardForm
            actor={actor}
            route={route}
            titles={titles}
            staff={staff}
            pldReviewer={pldReviewer}
            review={review}
            draft={draft}
          />
        </PldMarksProvider>
      </FormLockProvider>
      {staff && uuid && <DocumentList code={route.wizard.code} uuid={uuid} />}
      <LeaveGuard actor={actor} draft={draft} saveButton={saveButtonText(current === titles.length - 1, guarantor)} />
      {review && (
        <PldReviewModal
          review={review}
          isOpen={modal?.kind === 'pldReview'}
          company={route.wizard.tipo_persona === 'Moral'}
          onSave={() => actor.send({ type: 'pld.saved' })}
          onClose={() => actor.send({ type: 'modal.closed' })}
        />
      )}
      {pldReviewer && <PldFinishDialog actor={actor} />}
      {modals}
    </section>
  );
}

/** The new tab's title takes the focus; the page scrolls back up to the stepper when it had scrolled past it. */
function showNewTab() {
  const title = tabTitle();
  if (!title) return;
  title.focus({ preventScroll: true });
  const stepper = document.querySelector('.wizard-stepper');
  if (stepper && stepper.getBoundingClientRect().top < 0) stepper.scrollIntoView({ block: 'start' });
  else title.scrollIntoView({ block: 'nearest' });
}
