// A wizard page (/pf, /pfae, /pm and the guarantor wizards): the statechart holds the lifecycle,
// final-form the values of the tab shown; this view renders the state and sends events.
import { Button, Callout, H1, H2, Spinner } from '@blueprintjs/core';
import { ArrowLeft, ArrowRight, Tick } from '@blueprintjs/icons';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormApi } from 'final-form';
import { Form } from 'react-final-form';
import { useLocation, useMatches, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NOTICES } from '../../forms/messages';
import { nestErrors, validateModelSync } from '../../forms/validate';
import type { GuarantorSummary, Model } from '../../forms/contracts/application';
import { guarantorName } from '../../machines/wizard';
import { FormLockProvider } from '../components/fields/form-lock';
import { PldMarksProvider } from '../components/fields/pld-marks';
import { notify } from '../global/notifications';
import { useRuntime } from '../session/runtime-context';
import { selectIsPldReviewer, selectIsStaff } from '../session/selectors';
import { EditableBanner } from './editable-banner';
import {
  selectActiveTabs,
  selectBusy,
  selectCurrent,
  selectEditable,
  selectStaffCreated,
  selectLoading,
  selectModal,
  selectModel,
  selectGuarantorsAddable,
  selectGuarantorsChangeable,
  selectParentUuid,
  selectServerErrors,
  selectTabErrors,
  selectUuid,
} from './selectors';
import { PldIdentityWatch } from './pld-identity-watch';
import { PldReviewModal } from './pld-review-modal';
import { selectMarkedPaths, selectPldReview, type PldReviewRef } from './pld-review-selectors';
import { readPendingGuarantors } from './pending-guarantors';
import { ActivosPasivosTab } from './tabs/activos-pasivos-tab';
import { AvalesTab, type OwnGuarantor } from './tabs/avales-tab';
import { DatosGeneralesPfTab } from './tabs/datos-generales-pf-tab';
import { EmpleoTab } from './tabs/empleo-tab';
import { LeyendaVeracidadTab } from './tabs/leyenda-veracidad-tab';
import { PmTab } from './tabs/pm/pm-tab';
import { ReferenciasTab } from './tabs/referencias-tab';
import { ValidacionesPldTab } from './tabs/validaciones-pld-tab';
import { ViviendaTab } from './tabs/vivienda-tab';
import { useWizardActor } from './use-wizard-actor';
import { WizardModals } from './wizard-modals';
import { WIZARD_ROUTES, type WizardRoute as WizardRouteDefinition, type WizardRouteName } from './wizard-routes';
import { WizardStepper } from './wizard-stepper';

/**
 * The route's component: a new wizard for every navigation to the route, except the page's own
 * rewrite of the address to follow the record's uuid.
 */
export function WizardRoute() {
  const location = useLocation();
  const key = useRef(location.key);
  if (!(location.state as { followsRecord?: boolean } | null)?.followsRecord) key.current = location.key;
  return <WizardPage key={key.current} />;
}

function WizardPage() {
  const name = (useMatches().at(-1)?.handle as { wizard: WizardRouteName }).wizard;
  const route = WIZARD_ROUTES[name];
  const { uuid: routeUuid } = useParams();
  const [search] = useSearchParams();
  const { session, config } = useRuntime();
  const staff = useSelector(session, selectIsStaff);
  const pldReviewer = useSelector(session, selectIsPldReviewer);
  const navigate = useNavigate();
  const location = useLocation();
  const guarantor = route.guarantor !== false;
  // A new PM takes the guarantors this browser saved before any PM was stored (/aval/...).
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
    openAt: (location.state as { openAt?: number } | null)?.openAt ?? null,
    pendingGuarantors,
  });

  const current = useSelector(actor, selectCurrent);
  const model = useSelector(actor, selectModel);
  const modal = useSelector(actor, selectModal);
  const uuid = useSelector(actor, selectUuid);
  const editable = useSelector(actor, selectEditable);
  const staffCreated = useSelector(actor, selectStaffCreated);
  const busy = useSelector(actor, selectBusy);
  const loading = useSelector(actor, selectLoading);
  const active = useSelector(actor, selectActiveTabs);
  const tabErrors = useSelector(actor, selectTabErrors);
  const serverErrors = useSelector(actor, selectServerErrors);
  const parentUuid = useSelector(actor, selectParentUuid);
  const guarantorsChangeable = useSelector(actor, selectGuarantorsChangeable);
  const guarantorsAddable = useSelector(actor, selectGuarantorsAddable);
  const review = useSelector(actor, selectPldReview);
  const marked = useSelector(review, selectMarkedPaths);
  const markedPaths = useMemo(() => new Set(marked ? marked.split('\n') : []), [marked]);

  const tabs = route.wizard.tabs;
  const titles = [...tabs.map((tab) => tab.title), ...(guarantor ? [] : [staff ? 'Validaciones PLD' : 'Leyenda de veracidad'])];
  const tab = tabs[current];
  const isLast = current === titles.length - 1;

  // The address follows the record, so a refresh resumes it; a blocked opening drops the uuid.
  useEffect(() => {
    if (loading) return;
    const wanted = uuid ? `${route.base}/${encodeURIComponent(uuid)}` : route.base;
    if (location.pathname !== wanted) navigate(`${wanted}${location.search}`, { replace: true, state: { followsRecord: true } });
  }, [uuid, loading, route.base, location.pathname, location.search, navigate]);

  // 'Regresar a PM' in the top navigation: a PM is the parent of the guarantors it adds; a guarantor knows its own.
  const sessionParent = name === 'pm' ? uuid : parentUuid;
  useEffect(() => {
    if (name === 'pm' || guarantor) session.send({ type: 'session.parentUuidSet', parentUuid: sessionParent });
  }, [session, name, guarantor, sessionParent]);

  useEffect(() => {
    const notification = actor.on('notification', ({ kind }) => notify(NOTIFICATIONS[kind]));
    const finished = actor.on('finished', ({ staff: wasStaff }) => {
      if (wasStaff) window.location.assign(config.links.clientList);
      else navigate('/');
    });
    // The parent's Avales tab (index 4) shows the guarantor complete (spec 02 §2).
    const returned = actor.on('returnToParent', ({ parentUuid: parent }) => {
      navigate(parent ? `/pm/${encodeURIComponent(parent)}` : '/pm', parent ? { state: { openAt: AVALES_TAB } } : undefined);
    });
    return () => {
      notification.unsubscribe();
      finished.unsubscribe();
      returned.unsubscribe();
    };
  }, [actor, config.links.clientList, navigate]);

  // A new tab takes the focus to its title, so keyboard and screen-reader users start there.
  const shownTab = useRef(current);
  useEffect(() => {
    if (shownTab.current !== current) document.getElementById('tab-title')?.focus();
    shownTab.current = current;
  }, [current]);

  const validate = useMemo(
    () => (tab && !tab.alwaysValid ? (values: Model) => nestErrors(validateModelSync(tab.schema, values, { staff }).errors) : undefined),
    [tab, staff],
  );

  if (loading) {
    return (
      <div className="loading-page" role="status">
        <Spinner size={40} aria-hidden="true" />
        <span>Cargando solicitud…</span>
      </div>
    );
  }

  return (
    <section className="wizard" aria-labelledby="wizard-title">
      <H1 id="wizard-title">{route.title}</H1>
      <EditableBanner level={editable} staffCreated={staffCreated} />
      <FormLockProvider level={editable}>
        <PldMarksProvider value={markedPaths}>
          <Form<Model>
            key={current}
            initialValues={model}
            keepDirtyOnReinitialize
            validate={validate}
            onSubmit={(values) => actor.send({ type: 'tab.next', values })}
            render={({ handleSubmit, values, form, submitFailed, hasValidationErrors }) => (
              <>
                {pldReviewer && <PldIdentityWatch review={review} />}
                <WizardStepper
                  titles={titles}
                  current={current}
                  active={active}
                  errors={tabErrors}
                  busy={busy}
                  onSelect={(index) => {
                    const select = () => actor.send({ type: 'tab.selected', index, values: form.getState().values });
                    // Forward, the fields' own checks (the asynchronous duplicate RFC) must hold too.
                    if (index > current) afterFieldChecks(form, select);
                    else select();
                  }}
                />
                <form className="wizard-tab" onSubmit={handleSubmit} noValidate aria-labelledby="tab-title">
                  <H2 id="tab-title" className="wizard-tab-title" tabIndex={-1}>
                    {titles[current]}
                  </H2>
                  <p className="sr-only" aria-live="polite">
                    {submitFailed && hasValidationErrors ? 'Hay campos por corregir en esta sección.' : ''}
                  </p>
                  {Object.keys(serverErrors).length > 0 && (
                    <Callout intent="danger" title="El servidor no aceptó estos datos" role="alert">
                      <ul>
                        {Object.entries(serverErrors).map(([path, message]) => (
                          <li key={path}>
                            <code>{path}</code>: {message}
                          </li>
                        ))}
                      </ul>
                    </Callout>
                  )}
                  {renderTab(route, current, staff, values, {
                    printHref: uuid && route.print ? `${route.print}/${uuid}` : null,
                    parentUuid: uuid,
                    canAddGuarantors: guarantorsAddable,
                    canChangeGuarantors: guarantorsChangeable,
                    onRemoveGuarantor: (aval) => actor.send({ type: 'guarantor.remove', uuid: aval.uuid, name: guarantorName(aval) }),
                    review,
                    pldReviewer,
                  })}
                  <div className="wizard-actions">
                    {current > 0 && (
                      <Button
                        icon={<ArrowLeft />}
                        text="Anterior"
                        disabled={busy}
                        onClick={() => actor.send({ type: 'tab.previous', values: form.getState().values })}
                      />
                    )}
                    {isLast ? (
                      <Button
                        intent="primary"
                        endIcon={<Tick />}
                        text={guarantor ? 'Finalizar y regresar a PM' : 'Finalizar'}
                        loading={busy}
                        onClick={() => afterFieldChecks(form, () => actor.send({ type: 'wizard.finish', values: form.getState().values }))}
                      />
                    ) : (
                      <Button intent="primary" type="submit" endIcon={<ArrowRight />} text="Siguiente" loading={busy} />
                    )}
                  </div>
                </form>
              </>
            )}
          />
        </PldMarksProvider>
      </FormLockProvider>
      {review && (
        <PldReviewModal
          review={review}
          isOpen={modal?.kind === 'pldReview'}
          company={route.wizard.tipo_persona === 'Moral'}
          onSave={() => actor.send({ type: 'pld.saved' })}
          onClose={() => actor.send({ type: 'modal.closed' })}
        />
      )}
      <WizardModals
        modal={modal}
        onClose={() => actor.send({ type: 'modal.closed' })}
        onRetry={() => actor.send({ type: 'wizard.retried' })}
        onConfirm={() => actor.send({ type: 'guarantor.removalConfirmed' })}
        parentHref={(parent) => (parent ? `/pm/${encodeURIComponent(parent)}` : '/pm')}
        staffCreated={staffCreated}
      />
    </section>
  );
}

const AVALES_TAB = 4;

/**
 * Goes on once the fields' own checks pass. One still running (the duplicate RFC asks the server) is
 * waited for; one failing is shown, by a submit that marks every field, and holds the step.
 */
function afterFieldChecks(form: FormApi<Model>, proceed: () => void) {
  const settle = ({ hasValidationErrors }: { hasValidationErrors?: boolean }) => (hasValidationErrors ? void form.submit() : proceed());
  if (!form.getState().validating) {
    settle(form.getState());
    return;
  }
  let unsubscribe: (() => void) | undefined;
  unsubscribe = form.subscribe(
    (state) => {
      if (state.validating || !unsubscribe) return;
      unsubscribe();
      unsubscribe = undefined;
      settle(state);
    },
    { validating: true, hasValidationErrors: true },
  );
}

const NOTIFICATIONS = {
  saved: { title: NOTICES.saveSuccessTitle, message: NOTICES.saveSuccess, intent: 'success' },
  saveFailed: { title: NOTICES.saveErrorTitle, message: NOTICES.saveError, intent: 'danger' },
  guarantorRemoved: { title: NOTICES.saveSuccessTitle, message: NOTICES.guarantorRemoved, intent: 'success' },
  guarantorRemovalFailed: { title: NOTICES.saveErrorTitle, message: 'No fue posible eliminar el aval, intenta de nuevo.', intent: 'danger' },
} as const;

interface TabExtras {
  printHref: string | null;
  parentUuid: string | null;
  canAddGuarantors: boolean;
  canChangeGuarantors: boolean;
  onRemoveGuarantor: (aval: OwnGuarantor) => void;
  review: PldReviewRef | undefined;
  /** Staff with the Analista role, who review the PLD matches. */
  pldReviewer: boolean;
}

function renderTab(route: WizardRouteDefinition, index: number, staff: boolean, values: Model, extras: TabExtras) {
  if (index >= route.wizard.tabs.length) {
    return staff ? <ValidacionesPldTab review={extras.review} reviewer={extras.pldReviewer} /> : <LeyendaVeracidadTab printHref={extras.printHref} />;
  }
  if (route.views === 'pm') {
    if (index === AVALES_TAB) {
      return (
        <AvalesTab
          avales={(values.avales as GuarantorSummary[] | undefined) ?? []}
          parentUuid={extras.parentUuid}
          canAdd={extras.canAddGuarantors}
          canChange={extras.canChangeGuarantors}
          onRemove={extras.onRemoveGuarantor}
        />
      );
    }
    return <PmTab index={index as 0 | 1 | 2 | 3} guarantor={route.guarantor !== false} staff={staff} />;
  }
  switch (index) {
    case 0:
      return <DatosGeneralesPfTab />;
    case 1:
      return <ViviendaTab />;
    case 2:
      return <EmpleoTab businessActivity={route.views === 'pfae'} />;
    case 3:
      return <ActivosPasivosTab />;
    default:
      return <ReferenciasTab />;
  }
}
