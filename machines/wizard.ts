// The wizard statechart (spec 01 §4, 02 §4): one machine for every wizard, configured by its
// input. It opens a record by uuid (complete, expired and wrong codes), keeps the furthest tab
// reached, validates and saves on the way forward (create when unstored, update when stored),
// only validates on the way back, and finishes. A PM removes guarantors and finishes only when
// every guarantor is complete; a guarantor wizard does not finish but completes the guarantor
// ('Finalizar y regresar a PM') and returns to its PM. Validation and the calls are actors
// provided from forms/ and services/; notifications are emitted for the view to show.
import { and, assign, emit, enqueueActions, not, or, setup, type SnapshotFrom } from 'xstate';
import { canAddOrRemoveItems, type EditableLevel } from '../forms/locking';
import { fullName } from '../forms/person-name';
import { notProvided } from './not-provided';
import type { PldCoincidences } from '../forms/pld';
import type { GuarantorSummary, Model, WizardCode } from '../forms/contracts/application';
import { coincidencesOf, pldReviewMachine, type ReviewOutcome } from './pld-review';


export interface WizardMeta {
  store: boolean;
  cache: boolean;
  last_index: number;
  editable: EditableLevel;
  uuid: string | null;
  franchise: string | null;
  complete: boolean;
  expired: boolean;
  parent_uuid: string | null;
  /** The stored record's version; a save sends it so a stale one is refused (null until stored). */
  version: number | null;
  /** Guarantors saved before this PM was stored, linked to it by its first save (spec 02 §2). */
  guarantors: string[];
  /** Staff created the record: a public session reads it but cannot change it (the server answers editable 'none'). */
  staff_created?: boolean;
}


export type WizardModal =
  | { kind: 'firstUse' }
  | { kind: 'complete' }
  | { kind: 'expired' }
  | { kind: 'incorrect' }
  | { kind: 'notEditable' }
  | { kind: 'pldReview' }
  | { kind: 'finishSuccess' }
  | { kind: 'updateSuccess' }
  | { kind: 'finishGeneralDataInvalid' }
  | { kind: 'finishStoredTemporarily' }
  | { kind: 'finishForbidden'; message: string }
  | { kind: 'updateError' }
  | { kind: 'saveRefused'; message: string }
  | { kind: 'loadFailed' }
  | { kind: 'incompleteGuarantors'; names: string[] }
  | { kind: 'confirmGuarantorRemoval'; uuid: string; name: string }
  | { kind: 'guarantorFinishFailed'; parentUuid: string | null; message: string | null };

/** What a failed call tells the machine: the HTTP status and the server's Spanish message, if any. */
export interface CallFailure {
  status?: number;
  message?: string;
  /** Per-field messages of a refused write (422). */
  fieldErrors?: Record<string, string>;
}

export interface LoadedApplication {
  data: Model;
  meta: Partial<WizardMeta> & { complete: boolean; expired: boolean; last_index: number; store: boolean };
}

export interface CreatedApplication {
  uuid: string;
  formatobceHtml: string | null;
  version: number;
}

export interface UpdatedApplication {
  model: Model;
  version: number;
}

export interface TabValidation {
  valid: boolean;
  errors: Record<string, string>;
}

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
  meta: WizardMeta;
  current: number;
  /** Tabs left while invalid. */
  tabErrors: number[];
  /** The tab to show once the step under way succeeds. */
  target: number;
  formatobceHtml: string | null;
  modal: WizardModal | null;
  /** Messages per field from the last refused save, for the form to show. */
  serverErrors: Record<string, string>;
  /** Where the PLD review (the child 'pld') stands, as its last snapshot said. */
  pld: PldStatus;
}

/** What the wizard follows of the PLD review: whether it holds or is checking, and what it found. */
export interface PldStatus {
  busy: boolean;
  blocking: boolean;
  validated: boolean;
  found: ReviewOutcome | null;
  /** Where the person goes once the matches are reviewed: on with the step, to finish, or to complete the guarantor. */
  then: 'saving' | 'finishing' | 'completingGuarantor';
}

type PldReviewSnapshot = Pick<SnapshotFrom<typeof pldReviewMachine>, 'context' | 'hasTag' | 'matches'>;

export type WizardEvent =
  | { type: 'tab.next'; values: Model }
  | { type: 'tab.previous'; values: Model }
  | { type: 'tab.selected'; index: number; values: Model }
  | { type: 'wizard.finish'; values: Model }
  | { type: 'pld.saved' }
  | { type: 'xstate.snapshot.pld'; snapshot: PldReviewSnapshot }
  | { type: 'modal.closed' }
  | { type: 'wizard.retried' }
  | { type: 'guarantor.remove'; uuid: string; name: string }
  | { type: 'guarantor.removalConfirmed' };

export type WizardEmitted =
  | { type: 'notification'; kind: 'saved' | 'saveFailed' | 'guarantorRemoved' | 'guarantorRemovalFailed' }
  | { type: 'finished'; staff: boolean }
  | { type: 'returnToParent'; parentUuid: string | null; uuid: string };

/** What a create or update is given; `pld` is the staff's validated PLD review, sent with the save (spec 01 §7). */
export interface SaveInput {
  code: WizardCode;
  uuid: string;
  model: Model;
  meta: WizardMeta;
  staff: boolean;
  pld: PldCoincidences | null;
}

export interface RemovedGuarantor {
  avales: GuarantorSummary[];
}

const freshMeta = (input: Pick<WizardInput, 'uuid' | 'franchise' | 'parentUuid'>): WizardMeta => ({
  store: false,
  cache: true,
  last_index: 0,
  editable: 'all',
  uuid: input.uuid,
  franchise: input.franchise,
  complete: false,
  expired: false,
  parent_uuid: input.parentUuid,
  version: null,
  guarantors: [],
});

/** The full name a person reads for a guarantor. */
export const guarantorName = (aval: GuarantorSummary) => fullName(aval.data);

const guarantorsOf = (model: Model) => (Array.isArray(model.avales) ? (model.avales as GuarantorSummary[]) : []);
/** What a PM's Avales tab lists of a guarantor model. */
export function guarantorSummary(uuid: string, model: Model): GuarantorSummary {
  const fisica = (model.fisica ?? {}) as { apellido_paterno?: string; apellido_materno?: string };
  return {
    uuid,
    data: {
      tipo_persona: String(model.tipo_persona ?? ''),
      nombre: String(model.nombre ?? ''),
      fisica: { apellido_paterno: fisica.apellido_paterno ?? '', apellido_materno: fisica.apellido_materno ?? '' },
      persona_completa: model.persona_completa === true,
    },
  };
}

/** A named action of this machine with its params, from inside another (setup cannot type its own actions there). */
const named = (type: 'remember pending guarantor' | 'forget pending guarantors', params: object) => ({ type, params }) as never;

/** A guarantor saved before any PM is stored (/aval/...): the browser keeps it for the next PM. */
const waitsForItsPm = (context: Pick<WizardContext, 'guarantor' | 'meta'>) => context.guarantor && context.meta.parent_uuid === null;

/** The guarantors a PM cannot finish without completing (spec 02 §4). */
export const incompleteGuarantors = (model: Model) => guarantorsOf(model).filter((aval) => aval.data?.persona_completa !== true);

const failureOf = (error: unknown): CallFailure => (error && typeof error === 'object' ? (error as CallFailure) : {});
const refusedWithReason = (failure: CallFailure) => (failure.status === 409 || failure.status === 403) && Boolean(failure.message);

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
    emitted: {} as WizardEmitted,
    tags: {} as 'busy' | 'saving' | 'blocking',
  },
  actors: {
    'load application': notProvided<LoadedApplication, { code: WizardCode; uuid: string; flag: 0 | 1 }>('load application'),
    'validate tab': notProvided<TabValidation, { code: WizardCode; index: number; values: Model; staff: boolean }>('validate tab'),
    'create application': notProvided<CreatedApplication, SaveInput>('create application'),
    'update application': notProvided<UpdatedApplication, SaveInput>('update application'),
    'pld review': pldReviewMachine,
    'remove guarantor': notProvided<RemovedGuarantor, { parentUuid: string; uuid: string }>('remove guarantor'),
  },
  guards: {
    'has uuid': ({ context }) => context.meta.uuid !== null,
    // An open modal (a blocked opening, a finish message…) takes the person's attention first.
    'no modal is open': ({ context }) => context.modal === null,
    'is first use': ({ context }) => context.meta.uuid === null && context.meta.parent_uuid === null && context.model.clasificacion === 'Cliente',
    'is a guarantor': ({ context }) => context.guarantor,
    // A stored PM whose editable level lets list items go (spec 02 §2).
    'can remove guarantors': ({ context }) => context.meta.uuid !== null && guarantorsChangeable(context),
    'has incomplete guarantors': ({ context, event }) =>
      incompleteGuarantors(event.type === 'wizard.finish' ? { ...context.model, ...event.values } : context.model).length > 0,
    'is complete for the public': ({ context, event }) =>
      !context.staff && (event as unknown as { output: LoadedApplication }).output.meta.complete,
    'is expired': ({ event }) => (event as unknown as { output: LoadedApplication }).output.meta.expired,
    'tab is valid': ({ event }) => (event as unknown as { output: TabValidation }).output.valid,
    'is stored': ({ context }) => context.meta.store,
    'is not editable': ({ context }) => context.meta.editable === 'none',
    'has a previous tab': ({ context }) => context.current > 0,
    'has a next tab': ({ context }) => context.current < context.tabCount - 1,
    'selects an earlier tab': ({ context, event }) => event.type === 'tab.selected' && event.index < context.current && event.index >= 0,
    'selects a later active tab': ({ context, event }) =>
      event.type === 'tab.selected' && event.index > context.current && isTabActive(context, event.index),
    'pld review holds': ({ context }) => context.pld.blocking,
    'pld check is under way': ({ context }) => context.pld.busy,
    'screens before finishing': ({ context }) => context.pldReviewer && !context.guarantor,
    'finishes after the pld review': ({ context }) => context.pld.then === 'finishing',
    'completes the guarantor after the pld review': ({ context }) => context.pld.then === 'completingGuarantor',
    'create was forbidden': ({ event }) => failureOf((event as unknown as { error: unknown }).error).status === 403,
    /** Only an unknown or malformed code is a wrong code; any other failure keeps the record to retry. */
    'code is unknown': ({ event }) => [400, 404].includes(failureOf((event as unknown as { error: unknown }).error).status ?? 0),
  },
  actions: {
    'start blank': assign(({ context }) => ({
      model: structuredClone(context.blankModel),
      meta: { ...freshMeta({ uuid: null, franchise: context.meta.franchise, parentUuid: context.meta.parent_uuid }) },
      current: 0,
      tabErrors: [],
    })),
    'assign loaded application': assign(({ context }, params: { loaded: LoadedApplication }) => {
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
        meta,
        current: Math.min(Math.max(context.openAt ?? meta.last_index, 0), context.tabCount - 1),
      };
    }),
    'open modal': assign((_, params: { modal: WizardModal }) => ({ modal: params.modal })),
    'close modal': assign({ modal: null }),
    'keep values': assign(({ context }, params: { values: Model }) => ({ model: { ...context.model, ...params.values } })),
    'aim at': assign((_, params: { index: number }) => ({ target: params.index })),
    'flag tab': assign(({ context }, params: { valid: boolean }) => ({
      tabErrors: params.valid ? context.tabErrors.filter((i) => i !== context.current) : [...new Set([...context.tabErrors, context.current])],
    })),
    // Forward: the tab left is now passed, so the furthest tab reached is at least the next one.
    'advance to target': assign(({ context }) => ({
      current: context.target,
      meta: { ...context.meta, last_index: Math.max(context.meta.last_index, context.current + 1) },
    })),
    'go back to target': assign(({ context }) => ({ current: context.target })),
    'go to general data': assign({ current: 0 }),
    // The guarantors this PM's first save sent are linked now: the browser no longer keeps them.
    'assign created': enqueueActions(({ context, enqueue }, params: { created: CreatedApplication }) => {
      if (context.meta.guarantors.length > 0) enqueue(named('forget pending guarantors', { uuids: context.meta.guarantors }));
      const model = { ...context.model, uuid: params.created.uuid, entidades_eliminadas: [] };
      enqueue.assign({
        meta: { ...context.meta, uuid: params.created.uuid, store: true, cache: false, version: params.created.version, guarantors: [] },
        formatobceHtml: params.created.formatobceHtml,
        model,
        serverErrors: {},
      });
      if (waitsForItsPm(context)) enqueue(named('remember pending guarantor', { summary: guarantorSummary(params.created.uuid, model) }));
    }),
    'assign updated': enqueueActions(({ context, enqueue }, params: { updated: UpdatedApplication }) => {
      const model = { ...params.updated.model, entidades_eliminadas: [] };
      enqueue.assign({ model, meta: { ...context.meta, store: true, cache: false, version: params.updated.version }, serverErrors: {} });
      if (waitsForItsPm(context)) enqueue(named('remember pending guarantor', { summary: guarantorSummary(context.meta.uuid!, model) }));
    }),
    // Guarantors saved before their PM exists are kept by the browser (spec 02 §2): provided from src/.
    'remember pending guarantor': (_, _params: { summary: GuarantorSummary }) => {},
    'forget pending guarantors': (_, _params: { uuids: string[] }) => {},
    /**
     * A save refused with a reason the person must read (a newer version elsewhere, a record that
     * cannot change) opens a modal with it; other failures keep their per-field messages.
     */
    'report save failure': assign((_, params: { failure: CallFailure }) =>
      refusedWithReason(params.failure)
        ? { modal: { kind: 'saveRefused' as const, message: params.failure.message! } }
        : { serverErrors: params.failure.fieldErrors ?? {} },
    ),
    'back to unstored cache': assign(({ context }) => ({ meta: { ...context.meta, store: false, cache: true } })),
    'mark complete': assign(({ context }) => ({ meta: { ...context.meta, complete: true } })),
    'set guarantor complete': assign(({ context }, params: { complete: boolean }) => ({ model: { ...context.model, persona_completa: params.complete } })),
    /** A refused completion: the guarantor is not complete after all, the field messages stay, and the error-finalizar modal opens. */
    /** Completion checks every tab on the server: the person is taken to the first tab it refused that they can open, flagged. */
    'report guarantor failure': assign(({ context }, params: { failure: CallFailure }) => {
      const refused = Object.keys(params.failure.fieldErrors ?? {})
        .flatMap((path) => context.tabOfField(path) ?? [])
        .filter((index) => isTabActive(context, index));
      const first = refused.length > 0 ? Math.min(...refused) : null;
      return {
        model: { ...context.model, persona_completa: false },
        serverErrors: params.failure.fieldErrors ?? context.serverErrors,
        modal: { kind: 'guarantorFinishFailed' as const, parentUuid: context.meta.parent_uuid, message: params.failure.message ?? null },
        ...(first === null ? {} : { current: first, tabErrors: [...new Set([...context.tabErrors, ...refused])] }),
      };
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
        found: (({ groups, selected, reviewed, users, answered }) => ({ groups, selected, reviewed, users, answered }))(params.snapshot.context),
      },
    })),
    'aim pld review at': assign(({ context }, params: { then: PldStatus['then'] }) => ({ pld: { ...context.pld, then: params.then } })),
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
    'notify save failed': emit({ type: 'notification', kind: 'saveFailed' } as const),
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
    meta: { ...freshMeta(input), guarantors: (input.pendingGuarantors ?? []).flatMap((aval) => (aval.uuid ? [aval.uuid] : [])) },
    current: 0,
    tabErrors: [],
    target: 0,
    formatobceHtml: null,
    modal: null,
    serverErrors: {},
    pld: { busy: false, blocking: false, validated: false, found: null, then: 'saving' },
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'has uuid', target: 'loading' },
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
            guard: 'is complete for the public',
            target: 'ready',
            actions: ['start blank', { type: 'open modal', params: { modal: { kind: 'complete' } } }],
          },
          {
            guard: 'is expired',
            target: 'ready',
            actions: ['start blank', { type: 'open modal', params: { modal: { kind: 'expired' } } }],
          },
          { target: 'ready', actions: { type: 'assign loaded application', params: ({ event }) => ({ loaded: event.output }) } },
        ],
        onError: [
          { guard: 'code is unknown', target: 'ready', actions: ['start blank', { type: 'open modal', params: { modal: { kind: 'incorrect' } } }] },
          { target: 'loadFailed', actions: { type: 'open modal', params: { modal: { kind: 'loadFailed' } } } },
        ],
      },
    },
    loadFailed: {
      tags: 'blocking',
      on: { 'wizard.retried': { target: 'loading', actions: 'close modal' } },
    },
    ready: {
      initial: 'idle',
      on: { 'modal.closed': { actions: 'close modal' } },
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
              target: 'validatingForward',
              actions: [
                { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                { type: 'aim at', params: ({ context }) => ({ index: context.current + 1 }) },
              ],
            },
            'tab.previous': {
              guard: and(['no modal is open', 'has a previous tab']),
              target: 'validatingBackward',
              actions: [
                { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                { type: 'aim at', params: ({ context }) => ({ index: context.current - 1 }) },
              ],
            },
            'tab.selected': [
              {
                guard: and(['no modal is open', 'selects an earlier tab']),
                target: 'validatingBackward',
                actions: [
                  { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                  { type: 'aim at', params: ({ event }) => ({ index: event.index }) },
                ],
              },
              {
                guard: and(['no modal is open', 'selects a later active tab']),
                target: 'validatingForward',
                actions: [
                  { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                  { type: 'aim at', params: ({ event }) => ({ index: event.index }) },
                ],
              },
            ],
            'wizard.finish': [
              {
                guard: and(['no modal is open', 'is not editable']),
                actions: { type: 'open modal', params: { modal: { kind: 'notEditable' } } },
              },
              // Completing a guarantor leaves its last tab: matches waiting for review, or a check under way, come first.
              {
                guard: and(['no modal is open', 'is a guarantor', or(['pld review holds', 'pld check is under way'])]),
                target: 'screening',
                actions: [
                  { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                  { type: 'aim pld review at', params: { then: 'completingGuarantor' } },
                ],
              },
              {
                guard: and(['no modal is open', 'is a guarantor']),
                target: 'completingGuarantor',
                actions: { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
              },
              {
                guard: and(['no modal is open', 'has incomplete guarantors']),
                actions: [
                  { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                  {
                    type: 'open modal',
                    params: ({ context }) => ({ modal: { kind: 'incompleteGuarantors', names: incompleteGuarantors(context.model).map(guarantorName) } }),
                  },
                ],
              },
              {
                guard: and(['no modal is open', 'screens before finishing']),
                target: 'screening',
                actions: [
                  { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
                  { type: 'aim pld review at', params: { then: 'finishing' } },
                  'screen application',
                ],
              },
              {
                guard: 'no modal is open',
                target: 'finishing',
                actions: { type: 'keep values', params: ({ event }) => ({ values: event.values }) },
              },
            ],
            'guarantor.remove': {
              guard: and(['no modal is open', 'can remove guarantors']),
              target: 'confirmingGuarantorRemoval',
              actions: { type: 'open modal', params: ({ event }) => ({ modal: { kind: 'confirmGuarantorRemoval', uuid: event.uuid, name: event.name } }) },
            },
          },
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
              uuid: (context.modal as Extract<WizardModal, { kind: 'confirmGuarantorRemoval' }>).uuid,
            }),
            onDone: {
              target: 'idle',
              actions: ['close modal', { type: 'assign guarantors', params: ({ event }) => ({ avales: event.output.avales }) }, 'notify guarantor removed'],
            },
            onError: { target: 'idle', actions: ['close modal', 'notify guarantor removal failed'] },
          },
        },
        // 'Finalizar y regresar a PM' (spec 02 §4): the tab shown is checked, the guarantor is
        // saved as complete, and the wizard returns to its PM; a refused save undoes the mark.
        completingGuarantor: {
          tags: 'busy',
          initial: 'validating',
          states: {
            validating: {
              invoke: {
                id: 'validateGuarantor',
                src: 'validate tab',
                input: ({ context }) => ({ code: context.code, index: context.current, values: context.model, staff: context.staff }),
                onDone: [
                  {
                    guard: 'tab is valid',
                    target: 'saving',
                    actions: [{ type: 'flag tab', params: { valid: true } }, { type: 'set guarantor complete', params: { complete: true } }],
                  },
                  { target: '#wizard.ready.idle', actions: { type: 'flag tab', params: { valid: false } } },
                ],
                onError: { target: '#wizard.ready.idle', actions: { type: 'flag tab', params: { valid: false } } },
              },
            },
            saving: { always: [{ guard: 'is stored', target: 'updating' }, { target: 'creating' }] },
            creating: {
              invoke: {
                id: 'completeCreate',
                src: 'create application',
                input: saveInput(finishMeta),
                onDone: { target: '#wizard.returned', actions: { type: 'assign created', params: ({ event }) => ({ created: event.output }) } },
                onError: {
                  target: '#wizard.ready.idle',
                  actions: { type: 'report guarantor failure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
                },
              },
            },
            updating: {
              invoke: {
                id: 'completeUpdate',
                src: 'update application',
                input: saveInput(finishMeta),
                onDone: { target: '#wizard.returned', actions: { type: 'assign updated', params: ({ event }) => ({ updated: event.output }) } },
                onError: {
                  target: '#wizard.ready.idle',
                  actions: { type: 'report guarantor failure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
                },
              },
            },
          },
        },
        validatingForward: {
          tags: 'busy',
          invoke: {
            id: 'validateForward',
            src: 'validate tab',
            input: ({ context }) => ({ code: context.code, index: context.current, values: context.model, staff: context.staff }),
            onDone: [
              {
                guard: 'tab is valid',
                target: 'checkingPld',
                actions: { type: 'flag tab', params: { valid: true } },
              },
              { target: 'idle', actions: { type: 'flag tab', params: { valid: false } } },
            ],
            onError: { target: 'idle', actions: { type: 'flag tab', params: { valid: false } } },
          },
        },
        // Leaving a tab while PLD matches wait for review opens the review; a check under way is awaited (spec 01 §4).
        checkingPld: {
          always: [
            // A record that cannot be modified is only read: moving on saves nothing, so there is no review to keep.
            { guard: 'is not editable', target: 'idle', actions: 'advance to target' },
            { guard: 'pld review holds', target: 'pldReview', actions: [{ type: 'aim pld review at', params: { then: 'saving' } }, 'open pld review'] },
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
            { guard: and([not('pld check is under way'), 'completes the guarantor after the pld review']), target: 'completingGuarantor' },
            { guard: not('pld check is under way'), target: 'finishing' },
          ],
        },
        pldReview: {
          tags: 'blocking',
          on: {
            // Only matches on show are accepted: a check started meanwhile must answer first.
            'pld.saved': [
              { guard: and(['pld review holds', 'finishes after the pld review']), target: 'finishing', actions: 'accept pld review' },
              {
                guard: and(['pld review holds', 'completes the guarantor after the pld review']),
                target: 'completingGuarantor',
                actions: 'accept pld review',
              },
              { guard: 'pld review holds', target: 'saving', actions: 'accept pld review' },
            ],
            'modal.closed': { target: 'idle', actions: 'cancel pld review' },
          },
        },
        saving: {
          tags: ['busy', 'saving'],
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'is stored', target: 'updating' }, { target: 'creating' }] },
            creating: {
              invoke: {
                id: 'create',
                src: 'create application',
                input: saveInput(metaForSave),
                onDone: {
                  target: '#wizard.ready.idle',
                  actions: [{ type: 'assign created', params: ({ event }) => ({ created: event.output }) }, 'advance to target', 'notify saved'],
                },
                onError: {
                  target: '#wizard.ready.idle',
                  actions: [{ type: 'report save failure', params: ({ event }) => ({ failure: failureOf(event.error) }) }, 'notify save failed'],
                },
              },
            },
            updating: {
              invoke: {
                id: 'update',
                src: 'update application',
                input: saveInput(metaForSave),
                onDone: {
                  target: '#wizard.ready.idle',
                  actions: [{ type: 'assign updated', params: ({ event }) => ({ updated: event.output }) }, 'advance to target', 'notify saved'],
                },
                onError: {
                  target: '#wizard.ready.idle',
                  actions: [{ type: 'report save failure', params: ({ event }) => ({ failure: failureOf(event.error) }) }, 'notify save failed'],
                },
              },
            },
          },
        },
        validatingBackward: {
          tags: 'busy',
          invoke: {
            id: 'validateBackward',
            src: 'validate tab',
            input: ({ context }) => ({ code: context.code, index: context.current, values: context.model, staff: context.staff }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'flag tab', params: ({ event }) => ({ valid: event.output.valid }) }, 'go back to target'],
            },
            onError: { target: 'idle', actions: [{ type: 'flag tab', params: { valid: false } }, 'go back to target'] },
          },
        },
        finishing: {
          tags: 'busy',
          initial: 'validatingGeneralData',
          states: {
            validatingGeneralData: {
              invoke: {
                id: 'validateGeneralData',
                src: 'validate tab',
                input: ({ context }) => ({ code: context.code, index: 0, values: context.model, staff: context.staff }),
                onDone: [
                  { guard: 'tab is valid', target: 'saving' },
                  {
                    target: '#wizard.ready.idle',
                    actions: ['go to general data', { type: 'open modal', params: { modal: { kind: 'finishGeneralDataInvalid' } } }],
                  },
                ],
                onError: {
                  target: '#wizard.ready.idle',
                  actions: ['go to general data', { type: 'open modal', params: { modal: { kind: 'finishGeneralDataInvalid' } } }],
                },
              },
            },
            saving: { always: [{ guard: 'is stored', target: 'updating' }, { target: 'creating' }] },
            creating: {
              invoke: {
                id: 'finishCreate',
                src: 'create application',
                input: saveInput(finishMeta),
                onDone: {
                  target: '#wizard.finished',
                  actions: [
                    { type: 'assign created', params: ({ event }) => ({ created: event.output }) },
                    'mark complete',
                    { type: 'open modal', params: { modal: { kind: 'finishSuccess' } } },
                  ],
                },
                onError: [
                  {
                    guard: 'create was forbidden',
                    target: '#wizard.ready.idle',
                    actions: [
                      'back to unstored cache',
                      {
                        type: 'open modal',
                        params: ({ event }) => ({ modal: { kind: 'finishForbidden', message: failureOf(event.error).message ?? '' } }),
                      },
                    ],
                  },
                  {
                    target: '#wizard.ready.idle',
                    actions: ['back to unstored cache', { type: 'open modal', params: { modal: { kind: 'finishStoredTemporarily' } } }],
                  },
                ],
              },
            },
            updating: {
              invoke: {
                id: 'finishUpdate',
                src: 'update application',
                input: saveInput(finishMeta),
                onDone: {
                  target: '#wizard.finished',
                  actions: [
                    { type: 'assign updated', params: ({ event }) => ({ updated: event.output }) },
                    // Finishing for the first time thanks the person; finishing a finished record again says it was updated.
                    { type: 'open modal', params: ({ context }) => ({ modal: { kind: context.meta.complete ? 'updateSuccess' : 'finishSuccess' } }) },
                    'mark complete',
                  ],
                },
                onError: { target: '#wizard.ready.idle', actions: { type: 'open modal', params: { modal: { kind: 'updateError' } } } },
              },
            },
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

/** What a create or update call is given: the record, the model and the meta of the step under way. */
function saveInput(metaOf: (context: WizardContext) => WizardMeta) {
  return ({ context }: { context: WizardContext }): SaveInput => ({
    code: context.code,
    uuid: context.meta.uuid!,
    model: context.model,
    meta: metaOf(context),
    staff: context.staff,
    pld: reviewToSave(context),
  });
}

/** The PLD review a staff save carries: only a validated one (a failed or pending check sends none, and the stored one stays). */
export function reviewToSave(context: Pick<WizardContext, 'pldReviewer' | 'pld'>): PldCoincidences | null {
  if (!context.pldReviewer || !context.pld.validated || !context.pld.found) return null;
  return coincidencesOf(context.pld.found, true);
}

/** A PM whose editable level lets its guarantors be added and removed (spec 02 §2); guarantor wizards have none. */
export const guarantorsChangeable = (context: Pick<WizardContext, 'guarantor' | 'meta'>) => !context.guarantor && canAddOrRemoveItems(context.meta.editable);

/** New guarantors are added only while the PM has no general-data person id (spec 02 §2). */
export const guarantorsAddable = (context: Pick<WizardContext, 'guarantor' | 'meta' | 'model'>) =>
  guarantorsChangeable(context) && !context.model.id_persona_datos_generales;

/** Stored or complete records open with every tab active; otherwise tabs up to the furthest reached. */
export function isTabActive(context: Pick<WizardContext, 'meta' | 'tabCount'>, index: number): boolean {
  if (index < 0 || index >= context.tabCount) return false;
  return context.meta.store || context.meta.complete || index <= context.meta.last_index;
}

/** The meta sent with a save on the way forward: the tab being left counts as passed (the server checks every tab before last_index). */
function metaForSave(context: WizardContext): WizardMeta {
  return { ...context.meta, last_index: Math.max(context.meta.last_index, context.current + 1) };
}

function finishMeta(context: WizardContext): WizardMeta {
  return { ...context.meta, last_index: Math.max(context.meta.last_index, context.current), complete: true };
}

export type WizardMachine = typeof wizardMachine;
