// A print view's lifecycle (spec 02 §2 'Print views and packets'): the record and its packet load
// through the print call; once the view has laid the packet out (fonts loaded, images decoded) the
// browser's print opens after the spec's 1 s. Without a uuid, or when the record is not found,
// refused or empty, the view shows 'Cliente no encontrado'. The PDF downloads beside it, in a
// region of its own. Fetching, laying out, printing and downloading are actors provided by the view.
import { assign, setup, stateIn } from 'xstate';
import { PrintLoadError, type PrintAnswer } from '../forms/contracts/print';
import type { WizardCode } from '../forms/contracts/application';
import { DELAYS } from '../forms/limits';
import { notProvided } from './not-provided';

export interface PrintInput {
  code: WizardCode;
  uuid: string | null;
}

export interface PrintContext extends PrintInput {
  answer: PrintAnswer | null;
  /** Why the server refused the print (403), shown under 'Cliente no encontrado'. */
  refusal: string | null;
}

export type PrintEvent = { type: 'print.again' } | { type: 'print.retry' } | { type: 'notFound.closed' } | { type: 'pdf.download' } | { type: 'pdf.dismissed' };

/** A record with nothing in it prints nothing: 'Cliente no encontrado' (spec 02 §2). */
const isEmptyRecord = (answer: PrintAnswer) => Object.keys(answer.data?.data ?? {}).length === 0 || answer.packet.forms.length === 0;

export const printMachine = setup({
  types: {
    input: {} as PrintInput,
    context: {} as PrintContext,
    events: {} as PrintEvent,
    tags: {} as 'busy' | 'shown',
  },
  actors: {
    'fetch packet': notProvided<PrintAnswer, PrintInput & { uuid: string }>('fetch packet'),
    /** Resolves once the packet is on the page with its fonts and images ready. */
    'lay out': notProvided<void, void>('lay out'),
    /** Opens the browser's print dialog (window.print), resolving when it closes. */
    print: notProvided<void, void>('print'),
    'download pdf': notProvided<void, PrintInput & { uuid: string }>('download pdf'),
  },
  guards: {
    'has no uuid': ({ context }) => !context.uuid,
    'is empty': (_, params: { answer: PrintAnswer }) => isEmptyRecord(params.answer),
    'was not found': (_, params: { error: unknown }) => params.error instanceof PrintLoadError && params.error.reason === 'not found',
    'packet is shown': stateIn({ packet: 'shown' }),
  },
  actions: {
    'assign answer': assign((_, params: { answer: PrintAnswer }) => ({ answer: params.answer })),
    'assign refusal': assign((_, params: { error: unknown }) => ({ refusal: params.error instanceof PrintLoadError ? params.error.refusal : null })),
  },
  delays: {
    'print delay': DELAYS.print,
  },
}).createMachine({
  id: 'print',
  type: 'parallel',
  context: ({ input }) => ({ ...input, answer: null, refusal: null }),
  states: {
    packet: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'has no uuid', target: 'notFound' }, { target: 'loading' }],
        },
        loading: {
          tags: 'busy',
          invoke: {
            id: 'fetch',
            src: 'fetch packet',
            input: ({ context }) => ({ code: context.code, uuid: context.uuid! }),
            onDone: [
              { guard: { type: 'is empty', params: ({ event }) => ({ answer: event.output }) }, target: 'notFound' },
              { target: 'shown', actions: { type: 'assign answer', params: ({ event }) => ({ answer: event.output }) } },
            ],
            onError: [
              {
                guard: { type: 'was not found', params: ({ event }) => ({ error: event.error }) },
                target: 'notFound',
                actions: { type: 'assign refusal', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'failed' },
            ],
          },
        },
        shown: {
          tags: 'shown',
          initial: 'layingOut',
          states: {
            layingOut: {
              tags: 'busy',
              invoke: { id: 'layout', src: 'lay out', onDone: 'ready', onError: 'ready' },
            },
            /** Laid out: the print opens after the spec's delay. */
            ready: {
              after: { 'print delay': 'printing' },
            },
            printing: {
              invoke: { id: 'print', src: 'print', onDone: 'printed', onError: 'printed' },
            },
            printed: {
              on: { 'print.again': 'printing' },
            },
          },
        },
        /** 'Cliente no encontrado': the modal, then the same words on the page once it is closed. */
        notFound: {
          initial: 'open',
          states: {
            open: { on: { 'notFound.closed': 'closed' } },
            closed: {},
          },
        },
        failed: {
          on: { 'print.retry': 'loading' },
        },
      },
    },
    pdf: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'pdf.download': { guard: 'packet is shown', target: 'downloading' } },
        },
        downloading: {
          invoke: {
            id: 'download',
            src: 'download pdf',
            input: ({ context }) => ({ code: context.code, uuid: context.uuid! }),
            onDone: 'idle',
            onError: 'failed',
          },
        },
        failed: {
          on: { 'pdf.download': 'downloading', 'pdf.dismissed': 'idle' },
        },
      },
    },
  },
});
