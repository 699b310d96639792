// The wizard statechart (spec 01 §4, 02 §4): one machine for every wizard, configured by its
// input. It opens a record by uuid (complete, expired and wrong codes), waits for the form's
// field checks before a step forward, saves on the way forward through one `saving` state
// (followed by the next or a chosen tab, the finish, or a guarantor's completion) and adopts the
// meta the server answers, flags the tab left on the way back, and finishes. A PM removes
// guarantors and finishes only when every guarantor is complete; a guarantor wizard does not
// finish but completes the guarantor ('Finalizar y regresar a PM') and returns to its PM. The
// calls are actors provided from services/; what the view must do is emitted.
import { and, assign, emit, enqueueActions, not, or, setup, type SnapshotFrom } from 'xstate';
import type { StoredDocument } from '../forms/contracts/documents';
import type { GuarantorSummary, LoadedAnswer, Model, RemovedGuarantorAnswer, SaveAnswer, WizardCode } from '../forms/contracts/application';
import type { FillChange } from '../forms/documents/ocr-fill';
import type { PldCoincidences } from '../forms/pld';
import {
  adoptSavedMeta,
  failureOf,
  freshMeta,
  guarantorName,
  guarantorSummary,
  incompleteGuarantors,
  guarantorsChangeable,
  isTabActive,
  refusedWithReason,
  reviewToSave,
  saveMetaOf,
  savedModel,
  waitsForItsPm,
  type CallFailure,
  type PldStatus,
  type SaveInput,
  type SaveThen,
  type TabValidation,
  type TabValidationInput,
  type WizardMeta,
  type WizardModal,
} from '../forms/wizard-state';
import { notProvided } from './not-provided';
import { pldReviewMachine } from './pld-review';
import { reasonProblems } from '../forms/pld-outcome';
import { NOTICES } from '../forms/messages';

export interface WizardInput {
  code: WizardCode;
  /** All tabs, the last (PLD or truthfulness) included. */
  tabCount: number;
  uuid: string | null;
  franchise: string | null;
  staff: boolean;
  /** Staff who review PLD matches (the Analista role): for anyone else the review never checks, holds or is sent. Defaults to `staff`. */
  pldReviewer?: boolean;
  /** Guarantor wizards save with their parent's uuid and show no first-use notice. */
  parentUuid: string | null;
  /** A fresh default model of this wizard. */
  blankModel: Model;
  /** A guarantor wizard: it completes the guarantor and returns to the PM instead of finishing. */
  guarantor?: boolean;
  /** The tab to open a loaded record at instead of its furthest one (a PM returning from a guarantor: Avales). */
  openAt?: number | null;
  /** The tab that holds a model path ('representantes[0].rfc'), for a refusal naming fields of other tabs. */
  tabOfField?: (path: string) => number | null;
  /** Guarantors saved before this (new) PM, to link at its first save, as its Avales tab lists them. */
  pendingGuarantors?: GuarantorSummary[];
}

export interface WizardContext {
  code: WizardCode;
  tabCount: number;
  staff: boolean;
  pldReviewer: boolean;
  guarantor: boolean;
  openAt: number | null;
  tabOfField: (path: string) => number | null;
  blankModel: Model;
  model: Model;
  /** The model as the server last held it (loaded or saved); blank for a record not stored yet. What differs is unsaved. */
  saved: Model;
  meta: WizardMeta;
  current: number;
  /** Tabs left while invalid. */
  tabErrors: number[];
  /** The tab to show once the step under way succeeds. */
  target: number;
  /** What follows the save (and the PLD review before it): the step to `target`, the finish, or the guarantor's completion. */
  after: SaveThen;
  /** The form's own checks of the tab shown (its schema and the asynchronous duplicate RFC), as the view reports them. */
  fields: { checking: boolean; valid: boolean };
  formatobceHtml: string | null;
  modal: WizardModal | null;
  /** Messages per field from the last refused save, for the form to show. */
  serverErrors: Record<string, string>;
  /** Where the PLD review (the child 'pld') stands, as its last snapshot said. */
  pld: PldStatus;
  /** The fields each upload area's OCR read filled (by area), until undone: the form marks them and offers 'Deshacer'. */
  ocrFills: Record<string, FillChange[]>;
  /** The documents the opened record already holds (newest first): its upload areas say they were received. */
  storedDocuments: StoredDocument[];
  /**
   * The public applicant's 'Acepto' under the truthfulness statement (staff and guarantors have none
   * to accept), and how many finishes asked for it: the view shows the request and focuses the box.
   */
  statement: { accepted: boolean; asked: number };
  /**
   * Finishing with a confirmed OFAC SDN or UN match: the lists the server named when it asked an
   * Analista to confirm (409 'pld_confirmation_required'), while the dialog asks; null otherwise.
   */
  pldFinishLists: string[] | null;
  /** The Analista confirmed that finish: the next finish save says so (meta.confirmacion_pld). */
  pldFinishConfirmed: boolean;
  /** Where a save of this visit mailed the resume link ('j…@correo.mx'), for the view to say; null while none did. */
  linkSentTo: string | null;
}

type PldReviewSnapshot = Pick<SnapshotFrom<typeof pldReviewMachine>, 'context' | 'hasTag' | 'matches'>;

export type WizardEvent =
  | { type: 'tab.next'; values: Model }
  | { type: 'tab.previous'; values: Model }
  | { type: 'tab.selected'; index: number; values: Model }
  | { type: 'wizard.finish'; values: Model }
  /** The public applicant ticked or cleared 'Acepto' under the truthfulness statement. */
  | { type: 'statement.changed'; accepted: boolean }
  | { type: 'fields.checking' }
  | { type: 'fields.checked'; valid: boolean; values?: Model }
  | { type: 'pld.saved' }
  | { type: 'xstate.snapshot.pld'; snapshot: PldReviewSnapshot }
  | { type: 'modal.closed' }
  | { type: 'wizard.retried' }
  /** `key`: the guarantor's uuid, or the removal key the PM's answer gave for one another session registered. */
  | { type: 'guarantor.remove'; key: string; name: string }
  | { type: 'guarantor.removalConfirmed' }
  /** A new PM's person does not want a guarantor this browser kept for it (saved from /aval/...) linked. */
  | { type: 'pendingGuarantor.declined'; uuid: string }
  /** An upload area's OCR read filled these fields of the form (issue 15). */
  | { type: 'ocr.filled'; area: string; changes: FillChange[] }
  /** The person undid that fill. */
  | { type: 'ocr.undone'; area: string }
  /** An upload area's document was stored and read: it is the application's newest of its type. */
  | { type: 'document.received'; document: StoredDocument }
  /** An Analista confirmed, or cancelled, finishing with a confirmed OFAC SDN or UN match. */
  | { type: 'pld.finish.confirmed' }
  | { type: 'pld.finish.cancelled' };

export type WizardEmitted =
  | { type: 'notification'; kind: 'saved' | 'saveFailed' | 'guarantorRemoved' | 'guarantorRemovalFailed' }
  | { type: 'finished'; staff: boolean }
  | { type: 'returnToParent'; parentUuid: string | null; uuid: string }
  /** The form's checks failed a step: the view shows every field's message. */
  | { type: 'fieldsRefused' }
  /** The record shown (null: none stored); the address follows it, so a refresh resumes it. */
  | { type: 'recordChanged'; uuid: string | null }
  /** The PM the guarantors added from here belong to ('Regresar a PM'): a PM's own uuid, a guarantor's parent. */
  | { type: 'parentChanged'; parentUuid: string | null };

/** The guard on what follows the save under way. */
const followedBy = (then: SaveThen) => ({ type: 'save is followed by', params: { then } }) as const;

/** The tabs, open to the person, of the fields a save refused. */
const refusedTabs = (context: WizardContext, fieldErrors: Record<string, string>) =>
  Object.keys(fieldErrors)
    .flatMap((path) => context.tabOfField(path) ?? [])
    .filter((index) => isTabActive(context, index));

/** What a save the service could not take says: its Spanish 503 message, or that nothing answered. */
const unavailableMessage = (failure: CallFailure) => (failure.status === 503 && failure.message ? failure.message : NOTICES.saveUnreachable);

/** The modal of a step's save the service could not take. */
const unavailableModal = (failure: CallFailure): WizardModal => ({ kind: 'saveUnavailable', message: unavailableMessage(failure) });

/** A named action of this machine with its params, from inside another (setup cannot type its own actions there). */
const named = (type: 'remember pending guarantor' | 'forget pending guarantors', params: object) => ({ type, params }) as never;

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
    emitted: {} as WizardEmitted,
    tags: {} as 'busy' | 'saving' | 'blocking',
  },
  actors: {
    'load application': notProvided<LoadedAnswer, { code: WizardCode; uuid: string; flag: 0 | 1 }>('load application'),
    'validate tab': notProvided<TabValidation, TabValidationInput>('validate tab'),
    'save application': notProvided<SaveAnswer, SaveInput>('save application'),
    'pld review': pldReviewMachine,
    'remove guarantor': notProvided<RemovedGuarantorAnswer, { parentUuid: string; key: string }>('remove guarantor'),
    'check parent': notProvided<void, { parentUuid: string }>('check parent'),
  },
  guards: {
    'has uuid': ({ context }) => context.meta.uuid !== null,
    'is a new guarantor of a stored PM': ({ context }) => context.guarantor && context.meta.uuid === null && context.meta.parent_uuid !== null,
    /** The PM takes no guarantor: no such PM (404), closed to this session (403), or full (409). */
    'parent refuses guarantors': (_, params: { failure: CallFailure }) => [403, 404, 409].includes(params.failure.status ?? 0),
    // An open modal (a blocked opening, a finish message…) takes the person's attention first.
    'no modal is open': ({ context }) => context.modal === null,
    'is first use': ({ context }) => context.meta.uuid === null && context.meta.parent_uuid === null && context.model.clasificacion === 'Cliente',
    'is a guarantor': ({ context }) => context.guarantor,
    'awaits the truthfulness statement': ({ context }) => !context.staff && !context.guarantor && !context.statement.accepted,
    // A stored PM whose editable level lets list items go (spec 02 §2).
    'waits to link': ({ context }, params: { uuid: string }) => !context.meta.store && context.meta.guarantors.includes(params.uuid),
    'can remove guarantors': ({ context }) => context.meta.uuid !== null && guarantorsChangeable(context),
    'has incomplete guarantors': ({ context }) => incompleteGuarantors(context.model).length > 0,
    'is complete for the public': ({ context }, params: { loaded: LoadedAnswer }) => !context.staff && params.loaded.meta.complete,
    // Staff open an expired record to read or correct it; the public is told it expired.
    'is expired for the public': ({ context }, params: { loaded: LoadedAnswer }) => !context.staff && params.loaded.meta.expired,
    'tab is valid': (_, params: { validation: TabValidation }) => params.validation.valid,
    'fields are being checked': ({ context }) => context.fields.checking,
    'fields are valid': ({ context }) => context.fields.valid,
    'save is followed by': ({ context }, params: { then: SaveThen }) => context.after === params.then,
    'is stored': ({ context }) => context.meta.store,
    'is not editable': ({ context }) => context.meta.editable === 'none',
    'has a previous tab': ({ context }) => context.current > 0,
    'has a next tab': ({ context }) => context.current < context.tabCount - 1,
    'selects an earlier tab': ({ context, event }) => event.type === 'tab.selected' && event.index < context.current && event.index >= 0,
    'selects a later active tab': ({ context, event }) =>
      event.type === 'tab.selected' && event.index > context.current && isTabActive(context, event.index),
    'pld review holds': ({ context }) => context.pld.blocking,
    'pld check is under way': ({ context }) => context.pld.busy,
    // A confirmed match goes with its written reason, as the review itself requires (forms/contracts/pld.ts).
    'confirmations have their reasons': ({ context }) => !context.pld.found || Object.keys(reasonProblems(context.pld.found)).length === 0,
    'screens before finishing': ({ context }) => context.pldReviewer && !context.guarantor,
    'was forbidden': ({ event }) => failureOf((event as { error?: unknown }).error).status === 403,
    'asks to confirm the pld finish': ({ context, event }) =>
      context.pldReviewer && !context.pldFinishConfirmed && failureOf((event as { error?: unknown }).error).code === 'pld_confirmation_required',
    /** Only an unknown or malformed code is a wrong code; any other failure keeps the record to retry. */
    'code is unknown': (_, params: { failure: CallFailure }) => [400, 404].includes(params.failure.status ?? 0),
    /** The service could not take the save (503: the database out of reach) or nothing answered (no network): worth sending again. */
    'service is unavailable': ({ event }) => [503, undefined].includes(failureOf((event as { error?: unknown }).error).status),
  },
  actions: {
    'start blank': assign(({ context }) => ({
      model: structuredClone(context.blankModel),
      saved: structuredClone(context.blankModel),
      meta: freshMeta(null, context.meta.franchise, context.meta.parent_uuid),
      current: 0,
      tabErrors: [],
    })),
    'assign loaded application': assign(({ context }, params: { loaded: LoadedAnswer }) => {
      const loadedMeta = params.loaded.meta;
      const meta: WizardMeta = {
        ...context.meta,
        ...loadedMeta,
        uuid: context.meta.uuid,
        cache: !loadedMeta.store,
        franchise: context.meta.franchise ?? loadedMeta.franchise ?? null,
      };
      return {
        model: params.loaded.data,
        saved: params.loaded.data,
        meta,
        storedDocuments: params.loaded.documents ?? [],
        current: Math.min(Math.max(context.openAt ?? meta.last_index, 0), context.tabCount - 1),
      };
    }),
    'open modal': assign((_, params: { modal: WizardModal }) => ({ modal: params.modal })),
    'close modal': assign({ modal: null }),
    'keep ocr fill': assign(({ context }, params: { area: string; changes: FillChange[] }) => ({ ocrFills: { ...context.ocrFills, [params.area]: params.changes } })),
    'forget ocr fill': assign(({ context }, params: { area: string }) => ({
      ocrFills: Object.fromEntries(Object.entries(context.ocrFills).filter(([area]) => area !== params.area)),
    })),
    'keep received document': assign(({ context }, params: { document: StoredDocument }) => ({ storedDocuments: [params.document, ...context.storedDocuments] })),
    'keep values': assign(({ context }, params: { values: Model }) => ({ model: { ...context.model, ...params.values } })),
    'aim at': assign((_, params: { index: number; then: SaveThen }) => ({ target: params.index, after: params.then })),
    'follow fields': assign(({ context }, params: { checking: boolean; valid?: boolean }) => ({
      fields: { checking: params.checking, valid: params.valid ?? context.fields.valid },
    })),
    'flag tab': assign(({ context }, params: { valid: boolean }) => ({
      tabErrors: params.valid ? context.tabErrors.filter((i) => i !== context.current) : [...new Set([...context.tabErrors, context.current])],
    })),
    'refuse fields': emit({ type: 'fieldsRefused' } as const),
    'ask for the statement': assign(({ context }) => ({ statement: { ...context.statement, asked: context.statement.asked + 1 } })),
    'follow statement': assign(({ context }, params: { accepted: boolean }) => ({ statement: { ...context.statement, accepted: params.accepted } })),
    'advance to target': assign(({ context }) => ({ current: context.target })),
    'go to general data': assign({ current: 0 }),
    // The server's answer is the record now: its meta (furthest tab, version, editable level, complete, stored) and, for an update, its model.
    'assign saved': enqueueActions(({ context, enqueue }, params: { saved: SaveAnswer }) => {
      // The guarantors this PM's first save sent are linked now: the browser no longer keeps them.
      if (context.meta.guarantors.length > 0) enqueue(named('forget pending guarantors', { uuids: context.meta.guarantors }));
      const model = savedModel(context.model, params.saved);
      const formatobceHtml = 'formatobce' in params.saved ? params.saved.formatobce.html : context.formatobceHtml;
      const linkSentTo = params.saved.enlace_enviado_a ?? context.linkSentTo;
      enqueue.assign({ model, saved: model, meta: adoptSavedMeta(context.meta, params.saved), formatobceHtml, serverErrors: {}, linkSentTo });
      if (waitsForItsPm(context)) enqueue(named('remember pending guarantor', { summary: guarantorSummary(params.saved.uuid, model) }));
    }),
    'announce record': enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'recordChanged', uuid: context.meta.uuid });
      if (context.guarantor) enqueue.emit({ type: 'parentChanged', parentUuid: context.meta.parent_uuid });
      else if (context.code === 'wizardpm') enqueue.emit({ type: 'parentChanged', parentUuid: context.meta.uuid });
    }),
    // Guarantors saved before their PM exists are kept by the browser (spec 02 §2): provided from src/.
    'remember pending guarantor': (_, _params: { summary: GuarantorSummary }) => {},
    'forget pending guarantors': (_, _params: { uuids: string[] }) => {},
    /**
     * A save refused with a reason the person must read (a newer version elsewhere, a record that
     * cannot change) opens a modal with it; other failures keep their per-field messages. Fields of
     * other tabs only (typed there, then left backwards) can be mended only there: the person is
     * taken to the first of those tabs they can open, flagged, instead of being held where every
     * step forward is refused again.
     */
    'report save failure': enqueueActions(({ context, enqueue }, params: { failure: CallFailure }) => {
      if (refusedWithReason(params.failure)) {
        enqueue.assign({ modal: { kind: 'saveRefused' as const, message: params.failure.message!, stale: params.failure.code === 'stale_version' } });
        return;
      }
      // Said once: by the modal above, or by the notification with the fields' own messages.
      const serverErrors = params.failure.fieldErrors ?? {};
      const refused = refusedTabs(context, serverErrors);
      if (refused.length === 0 || refused.includes(context.current)) enqueue.assign({ serverErrors });
      else enqueue.assign({ serverErrors, current: Math.min(...refused), tabErrors: [...new Set([...context.tabErrors, ...refused])] });
      enqueue.emit({ type: 'notification', kind: 'saveFailed' } as const);
    }),
    'back to unstored cache': assign(({ context }) => ({ meta: { ...context.meta, store: false, cache: true } })),
    // Finishing for the first time thanks the person; finishing a finished record again says it was updated.
    'open finish modal': assign(({ context }) => ({ modal: { kind: context.meta.complete ? ('updateSuccess' as const) : ('finishSuccess' as const) } })),
    'set guarantor complete': assign(({ context }, params: { complete: boolean }) => ({ model: { ...context.model, persona_completa: params.complete } })),
    /**
     * A refused completion: the guarantor is not complete after all, the field messages stay, and the
     * error-finalizar modal opens. Completion checks every tab on the server: the person is taken to
     * the first tab it refused that they can open, flagged.
     */
    'report guarantor failure': assign(({ context }, params: { failure: CallFailure; unavailable?: boolean }) => {
      const refused = refusedTabs(context, params.failure.fieldErrors ?? {});
      const first = refused.length > 0 ? Math.min(...refused) : null;
      const modal: WizardModal = params.unavailable
        ? { kind: 'guarantorFinishFailed', parentUuid: context.meta.parent_uuid, message: null, unavailable: unavailableMessage(params.failure) }
        : { kind: 'guarantorFinishFailed', parentUuid: context.meta.parent_uuid, message: params.failure.message ?? null };
      return {
        model: { ...context.model, persona_completa: false },
        serverErrors: params.failure.fieldErrors ?? context.serverErrors,
        modal,
        ...(first === null ? {} : { current: first, tabErrors: [...new Set([...context.tabErrors, ...refused])] }),
      };
    }),
    'decline pending guarantor': enqueueActions(({ context, enqueue }, params: { uuid: string }) => {
      enqueue.assign({
        meta: { ...context.meta, guarantors: context.meta.guarantors.filter((uuid) => uuid !== params.uuid) },
        model: { ...context.model, avales: ((context.model.avales ?? []) as GuarantorSummary[]).filter((aval) => aval.uuid !== params.uuid) },
      });
      enqueue(named('forget pending guarantors', { uuids: [params.uuid] }));
    }),
    'assign guarantors': assign(({ context }, params: { avales: GuarantorSummary[] }) => ({ model: { ...context.model, avales: params.avales } })),
    'notify guarantor removed': emit({ type: 'notification', kind: 'guarantorRemoved' } as const),
    'notify guarantor removal failed': emit({ type: 'notification', kind: 'guarantorRemovalFailed' } as const),
    'return to parent': emit(({ context }) => ({ type: 'returnToParent', parentUuid: context.meta.parent_uuid, uuid: context.meta.uuid! }) as const),
    'follow pld review': assign(({ context }, params: { snapshot: PldReviewSnapshot }) => ({
      pld: {
        ...context.pld,
        busy: params.snapshot.hasTag('busy'),
        blocking: params.snapshot.hasTag('blocking'),
        validated: params.snapshot.matches('validated'),
        found: (({ groups, selected, reviewed, reasons, users, answered }) => ({ groups, selected, reviewed, reasons, users, answered }))(params.snapshot.context),
      },
    })),
    'open pld review': enqueueActions(({ enqueue }) => {
      enqueue.assign({ modal: { kind: 'pldReview' } });
      enqueue.sendTo('pld', { type: 'pld.opened' });
    }),
    // The review's own snapshot follows; until then the wizard takes the matches shown as reviewed.
    'accept pld review': enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ modal: null, pld: { ...context.pld, blocking: false, validated: true } });
      enqueue.sendTo('pld', { type: 'pld.saved' });
    }),
    'cancel pld review': enqueueActions(({ enqueue }) => {
      enqueue.assign({ modal: null });
      enqueue.sendTo('pld', { type: 'modal.closed' });
    }),
    // Saving the PLD tab screens the whole application again (spec 01 §4); the wizard waits for the answer.
    'screen application': enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ pld: { ...context.pld, busy: true, blocking: false, validated: false } });
      enqueue.sendTo('pld', { type: 'pld.check', model: context.model });
    }),
    'notify saved': emit({ type: 'notification', kind: 'saved' } as const),
    'announce finished': emit(({ context }) => ({ type: 'finished', staff: context.staff }) as const),
  },
}).createMachine({
  id: 'wizard',
  context: ({ input }) => ({
    code: input.code,
    tabCount: input.tabCount,
    staff: input.staff,
    pldReviewer: input.pldReviewer ?? input.staff,
    guarantor: input.guarantor ?? false,
    openAt: input.openAt ?? null,
    tabOfField: input.tabOfField ?? (() => null),
    blankModel: input.blankModel,
    model: { ...structuredClone(input.blankModel), ...(input.pendingGuarantors?.length ? { avales: input.pendingGuarantors } : {}) },
    saved: structuredClone(input.blankModel),
    meta: {
      ...freshMeta(input.uuid, input.franchise, input.parentUuid),
      guarantors: (input.pendingGuarantors ?? []).flatMap((aval) => (aval.uuid ? [aval.uuid] : [])),
    },
    current: 0,
    tabErrors: [],
    target: 0,
    after: 'step',
    fields: { checking: false, valid: true },
    formatobceHtml: null,
    modal: null,
    serverErrors: {},
    pld: { busy: false, blocking: false, validated: false, found: null },
    ocrFills: {},
    storedDocuments: [],
    statement: { accepted: false, asked: 0 },
    pldFinishLists: null,
    pldFinishConfirmed: false,
    linkSentTo: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'has uuid', target: 'loading' },
        { guard: 'is a new guarantor of a stored PM', target: 'checkingParent' },
        { guard: 'is first use', target: 'ready', actions: { type: 'open modal', params: { modal: { kind: 'firstUse' } } } },
        { target: 'ready' },
      ],
    },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'load',
        src: 'load application',
        input: ({ context }) => ({ code: context.code, uuid: context.meta.uuid!, flag: context.staff ? 0 : 1 }),
        onDone: [
          {
            guard: { type: 'is complete for the public', params: ({ event }) => ({ loaded: event.output }) },
            target: 'ready',
            actions: ['start blank', { type: 'open modal', params: { modal: { kind: 'complete' } } }],
          },
          {
            guard: { type: 'is expired for the public', params: ({ event }) => ({ loaded: event.output }) },
            target: 'ready',
            actions: ['start blank', { type: 'open modal', params: { modal: { kind: 'expired' } } }],
          },
          { target: 'ready', actions: { type: 'assign loaded application', params: ({ event }) => ({ loaded: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'code is unknown', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            target: 'ready',
            actions: ['start blank', { type: 'open modal', params: { modal: { kind: 'incorrect' } } }],
          },
          { target: 'loadFailed', actions: { type: 'open modal', params: { modal: { kind: 'loadFailed' } } } },
        ],
      },
    },
    // A new guarantor's PM is asked first whether it takes one, so a refusal is said before anything is typed.
    checkingParent: {
      tags: 'busy',
      invoke: {
        id: 'checkParent',
        src: 'check parent',
        input: ({ context }) => ({ parentUuid: context.meta.parent_uuid! }),
        onDone: 'ready',
        onError: [
          {
            guard: { type: 'parent refuses guarantors', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            target: 'parentRefused',
            actions: {
              type: 'open modal',
              params: ({ context, event }) => {
                const failure = failureOf(event.error);
                // A PM still open to this session is worth going back to (to remove a guarantor of a full one); a closed or unknown one is not.
                const parentUuid = failure.status === 404 || failure.code === 'parent_closed' ? null : context.meta.parent_uuid;
                return { modal: { kind: 'parentRefused', message: failure.message ?? NOTICES.parentRefused, parentUuid } };
              },
            },
          },
          // The question went unanswered: the form opens, and its first save meets the same checks.
          { target: 'ready' },
        ],
      },
    },
    // The PM takes no guarantor: the page says why and offers only the ways out.
    parentRefused: {
      tags: 'blocking',
    },
    loadFailed: {
      tags: 'blocking',
      on: { 'wizard.retried': { target: 'loading', actions: 'close modal' } },
    },
    ready: {
      initial: 'idle',
      // The address and the session follow the record opened (or the blank one a blocked opening leaves).
      entry: 'announce record',
      on: {
        'modal.closed': { actions: 'close modal' },
        'fields.checking': { actions: { type: 'follow fields', params: { checking: true } } },
        'fields.checked': { actions: { type: 'follow fields', params: ({ event }) => ({ checking: false, valid: event.valid }) } },
        'ocr.filled': { actions: { type: 'keep ocr fill', params: ({ event }) => ({ area: event.area, changes: event.changes }) } },
        'ocr.undone': { actions: { type: 'forget ocr fill', params: ({ event }) => ({ area: event.area }) } },
        'document.received': { actions: { type: 'keep received document', params: ({ event }) => ({ document: event.document }) } },
        'statement.changed': { actions: { type: 'follow statement', params: ({ event }) => ({ accepted: event.accepted }) } },
      },
      // The staff's PLD review of this model, opened with the review it stored (spec 01 §4).
      invoke: {
        id: 'pld',
        src: 'pld review',
        input: ({ context }) => ({
          staff: context.pldReviewer,
          stored: (context.model.pld_coincidences as PldCoincidences | null | undefined) ?? null,
          model: context.model,
        }),
        onSnapshot: { actions: { type: 'follow pld review', params: ({ event }) => ({ snapshot: event.snapshot as PldReviewSnapshot }) } },
      },
      states: {
        idle: {
          on: {
            'tab.next': {
              guard: and(['no modal is open', 'has a next tab']),
              target: 'checkingFields',
              actions: [
                { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                { type: 'aim at', params: ({ context }) => ({ index: context.current + 1, then: 'step' as const }) },
              ],
            },
            // Back: nothing is saved; the tab left is flagged by the form's checks of it.
            'tab.previous': {
              guard: and(['no modal is open', 'has a previous tab']),
              actions: [
                { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                { type: 'aim at', params: ({ context }) => ({ index: context.current - 1, then: 'step' as const }) },
                { type: 'flag tab', params: ({ context }) => ({ valid: context.fields.valid }) },
                'advance to target',
              ],
            },
            'tab.selected': [
              {
                guard: and(['no modal is open', 'selects an earlier tab']),
                actions: [
                  { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                  { type: 'aim at', params: ({ event }) => ({ index: event.index, then: 'step' as const }) },
                  { type: 'flag tab', params: ({ context }) => ({ valid: context.fields.valid }) },
                  'advance to target',
                ],
              },
              {
                guard: and(['no modal is open', 'selects a later active tab']),
                target: 'checkingFields',
                actions: [
                  { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                  { type: 'aim at', params: ({ event }) => ({ index: event.index, then: 'step' as const }) },
                ],
              },
            ],
            'wizard.finish': [
              {
                guard: and(['no modal is open', 'is a guarantor']),
                target: 'checkingFields',
                actions: [
                  { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                  { type: 'aim at', params: ({ context }) => ({ index: context.current, then: 'complete' as const }) },
                ],
              },
              // A public applicant finishes once 'Acepto' is ticked under the truthfulness statement.
              {
                guard: and(['no modal is open', 'awaits the truthfulness statement']),
                actions: [{ type: 'keep values', params: ({ event }) => ({ values: event.values }) }, 'ask for the statement'],
              },
              {
                guard: 'no modal is open',
                target: 'checkingFields',
                actions: [
                  { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                  { type: 'aim at', params: ({ context }) => ({ index: context.current, then: 'finish' as const }) },
                ],
              },
            ],
            'pendingGuarantor.declined': {
              guard: { type: 'waits to link', params: ({ event }) => ({ uuid: event.uuid }) },
              actions: { type: 'decline pending guarantor', params: ({ event }) => ({ uuid: event.uuid }) },
            },
            'guarantor.remove': {
              guard: and(['no modal is open', 'can remove guarantors']),
              target: 'confirmingGuarantorRemoval',
              actions: { type: 'open modal', params: ({ event }) => ({ modal: { kind: 'confirmGuarantorRemoval', key: event.key, name: event.name } }) },
            },
          },
        },
        // Forward and at the finish, the form's own checks must hold: one still running (the duplicate RFC asks the server) is awaited.
        checkingFields: {
          tags: 'busy',
          on: {
            // What was typed while the checks ran is what the step keeps.
            'fields.checked': {
              actions: [
                { type: 'follow fields', params: ({ event }) => ({ checking: false, valid: event.valid }) },
                { type: 'keep values', params: ({ event }) => ({ values: event.values ?? {} }) },
              ],
            },
          },
          always: [
            { guard: and([not('fields are being checked'), not('fields are valid')]), target: 'idle', actions: 'refuse fields' },
            {
              guard: and([not('fields are being checked'), followedBy('step')]),
              target: 'checkingPld',
              actions: { type: 'flag tab', params: { valid: true } },
            },
            { guard: not('fields are being checked'), target: 'choosingFinish', actions: { type: 'flag tab', params: { valid: true } } },
          ],
        },
        choosingFinish: {
          always: [
            { guard: 'is not editable', target: 'idle', actions: { type: 'open modal', params: { modal: { kind: 'notEditable' } } } },
            // Completing a guarantor leaves its last tab: matches waiting for review, or a check under way, come first.
            { guard: and(['is a guarantor', or(['pld review holds', 'pld check is under way'])]), target: 'screening' },
            { guard: 'is a guarantor', target: 'saving', actions: { type: 'set guarantor complete', params: { complete: true } } },
            {
              guard: 'has incomplete guarantors',
              target: 'idle',
              actions: {
                type: 'open modal',
                params: ({ context }) => ({ modal: { kind: 'incompleteGuarantors', names: incompleteGuarantors(context.model).map(guarantorName) } }),
              },
            },
            { guard: 'screens before finishing', target: 'screening', actions: 'screen application' },
            { target: 'finishing' },
          ],
        },
        confirmingGuarantorRemoval: {
          tags: 'blocking',
          on: {
            'guarantor.removalConfirmed': 'removingGuarantor',
            'modal.closed': { target: 'idle', actions: 'close modal' },
          },
        },
        removingGuarantor: {
          tags: 'busy',
          invoke: {
            id: 'removeGuarantor',
            src: 'remove guarantor',
            input: ({ context }) => ({
              parentUuid: context.meta.uuid!,
              key: (context.modal as Extract<WizardModal, { kind: 'confirmGuarantorRemoval' }>).key,
            }),
            onDone: {
              target: 'idle',
              actions: ['close modal', { type: 'assign guarantors', params: ({ event }) => ({ avales: event.output.avales }) }, 'notify guarantor removed'],
            },
            onError: { target: 'idle', actions: ['close modal', 'notify guarantor removal failed'] },
          },
        },
        // Leaving a tab while PLD matches wait for review opens the review; a check under way is awaited (spec 01 §4).
        checkingPld: {
          always: [
            // A record that cannot be modified is only read: moving on saves nothing, so there is no review to keep.
            { guard: 'is not editable', target: 'idle', actions: 'advance to target' },
            { guard: 'pld review holds', target: 'pldReview', actions: 'open pld review' },
            { guard: 'pld check is under way', target: 'awaitingPld' },
            { target: 'saving' },
          ],
        },
        awaitingPld: {
          tags: 'busy',
          always: { guard: not('pld check is under way'), target: 'checkingPld' },
        },
        // Finishing from the PLD tab (the whole application is screened first) or completing a guarantor:
        // once the check answers, matches to review open the review, otherwise the step goes on.
        screening: {
          tags: 'busy',
          always: [
            { guard: and([not('pld check is under way'), 'pld review holds']), target: 'pldReview', actions: 'open pld review' },
            {
              guard: and([not('pld check is under way'), followedBy('complete')]),
              target: 'saving',
              actions: { type: 'set guarantor complete', params: { complete: true } },
            },
            { guard: not('pld check is under way'), target: 'finishing' },
          ],
        },
        pldReview: {
          tags: 'blocking',
          on: {
            // Only matches on show are accepted: a check started meanwhile must answer first; then the step that opened the review goes on.
            'pld.saved': [
              { guard: and(['pld review holds', 'confirmations have their reasons', followedBy('finish')]), target: 'finishing', actions: 'accept pld review' },
              {
                guard: and(['pld review holds', 'confirmations have their reasons', followedBy('complete')]),
                target: 'saving',
                actions: ['accept pld review', { type: 'set guarantor complete', params: { complete: true } }],
              },
              { guard: and(['pld review holds', 'confirmations have their reasons']), target: 'saving', actions: 'accept pld review' },
            ],
            'modal.closed': { target: 'idle', actions: 'cancel pld review' },
          },
        },
        // An applicant's finish checks 'Datos generales' (the tab shown is the PLD or truthfulness one).
        finishing: {
          tags: 'busy',
          // An earlier confirmation was for an earlier try: the server asks again if it must.
          entry: assign({ pldFinishConfirmed: false }),
          invoke: {
            id: 'validateGeneralData',
            src: 'validate tab',
            input: ({ context }) => ({ index: 0, values: context.model, staff: context.staff, editable: context.meta.editable }),
            onDone: [
              { guard: { type: 'tab is valid', params: ({ event }) => ({ validation: event.output }) }, target: 'saving' },
              { target: 'idle', actions: ['go to general data', { type: 'open modal', params: { modal: { kind: 'finishGeneralDataInvalid' } } }] },
            ],
            onError: { target: 'idle', actions: ['go to general data', { type: 'open modal', params: { modal: { kind: 'finishGeneralDataInvalid' } } }] },
          },
        },
        // The server asked an Analista to confirm finishing with a confirmed OFAC SDN or UN match.
        confirmingPldFinish: {
          on: {
            'pld.finish.confirmed': { target: 'saving', actions: assign({ pldFinishLists: null, pldFinishConfirmed: true }) },
            'pld.finish.cancelled': { target: 'idle', actions: assign({ pldFinishLists: null }) },
          },
        },
        // The one save: create or update is the service's choice; what follows is `after`.
        saving: {
          tags: ['busy', 'saving'],
          invoke: {
            id: 'save',
            src: 'save application',
            input: ({ context }) => ({
              code: context.code,
              uuid: context.meta.store ? context.meta.uuid : null,
              model: context.model,
              meta: {
                ...saveMetaOf(context.meta, context.current, context.after, context.statement.accepted),
                ...(context.pldFinishConfirmed ? { confirmacion_pld: true } : {}),
              },
              staff: context.staff,
              pld: reviewToSave(context),
            }),
            onDone: [
              {
                guard: followedBy('finish'),
                target: '#wizard.finished',
                actions: ['open finish modal', { type: 'assign saved', params: ({ event }) => ({ saved: event.output }) }, 'announce record'],
              },
              {
                guard: followedBy('complete'),
                target: '#wizard.returned',
                actions: { type: 'assign saved', params: ({ event }) => ({ saved: event.output }) },
              },
              {
                target: 'idle',
                actions: [{ type: 'assign saved', params: ({ event }) => ({ saved: event.output }) }, 'announce record', 'advance to target', 'notify saved'],
              },
            ],
            onError: [
              // A confirmed OFAC SDN or UN match: the Analista is asked to confirm the finish (src/wizard/pld-finish-dialog.tsx).
              {
                guard: and([followedBy('finish'), 'asks to confirm the pld finish']),
                target: 'confirmingPldFinish',
                actions: assign({ pldFinishLists: ({ event }) => failureOf(event.error).listas ?? [] }),
              },
              // Refused with a reason (staff without the Analista role, a public applicant): the server's message.
              {
                guard: and([followedBy('finish'), 'is stored', 'was forbidden']),
                target: 'idle',
                actions: { type: 'open modal', params: ({ event }) => ({ modal: { kind: 'finishForbidden', message: failureOf(event.error).message ?? '' } }) },
              },
              // The service unavailable (503) or no answer at the finish or a guarantor's completion: the
              // spec's message for the failure, what happened, and 'Reintentar' (the same save again).
              {
                guard: and([followedBy('finish'), 'is stored', 'service is unavailable']),
                target: 'saveUnavailable',
                actions: { type: 'open modal', params: ({ event }) => ({ modal: { kind: 'updateError', unavailable: unavailableMessage(failureOf(event.error)) } }) },
              },
              {
                guard: and([followedBy('finish'), 'is stored']),
                target: 'idle',
                actions: { type: 'open modal', params: { modal: { kind: 'updateError' } } },
              },
              {
                guard: and([followedBy('finish'), 'was forbidden']),
                target: 'idle',
                actions: [
                  'back to unstored cache',
                  { type: 'open modal', params: ({ event }) => ({ modal: { kind: 'finishForbidden', message: failureOf(event.error).message ?? '' } }) },
                ],
              },
              {
                guard: and([followedBy('finish'), 'service is unavailable']),
                target: 'saveUnavailable',
                actions: [
                  'back to unstored cache',
                  { type: 'open modal', params: ({ event }) => ({ modal: { kind: 'finishStoredTemporarily', unavailable: unavailableMessage(failureOf(event.error)) } }) },
                ],
              },
              {
                guard: followedBy('finish'),
                target: 'idle',
                actions: ['back to unstored cache', { type: 'open modal', params: { modal: { kind: 'finishStoredTemporarily' } } }],
              },
              {
                guard: and([followedBy('complete'), 'service is unavailable']),
                target: 'saveUnavailable',
                actions: { type: 'report guarantor failure', params: ({ event }) => ({ failure: failureOf(event.error), unavailable: true }) },
              },
              {
                guard: followedBy('complete'),
                target: 'idle',
                actions: { type: 'report guarantor failure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
              },
              // A step's save the service could not take: the person keeps the tab and what they typed, and may send it again.
              {
                guard: 'service is unavailable',
                target: 'saveUnavailable',
                actions: { type: 'open modal', params: ({ event }) => ({ modal: unavailableModal(failureOf(event.error)) }) },
              },
              {
                target: 'idle',
                actions: { type: 'report save failure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
              },
            ],
          },
        },
        // 'Reintentar' sends the same save again (same tab aimed at or the same finish or completion, same
        // model); closing keeps the person where they were.
        // A PLD check or review that came meanwhile is gone through first, as on the first try.
        saveUnavailable: {
          tags: 'blocking',
          on: {
            // Sent again through the checks it passed before the save: a step's PLD check; a finish's or completion's choice (editable, guarantors, screening).
            'wizard.retried': [
              { guard: followedBy('step'), target: 'checkingPld', actions: 'close modal' },
              { target: 'choosingFinish', actions: 'close modal' },
            ],
            'modal.closed': { target: 'idle', actions: 'close modal' },
          },
        },
      },
    },
    finished: {
      on: { 'modal.closed': { target: 'done', actions: 'close modal' } },
    },
    done: { type: 'final', entry: 'announce finished' },
    returned: { type: 'final', entry: 'return to parent' },
  },
});

export type WizardMachine = typeof wizardMachine;
