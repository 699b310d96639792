// The session statechart (spec 01 §4 'Session status'): loading on every authentication
// request; success as `public` once the public token is obtained, or as `system_auth` once
// the staff profile is loaded (when the staff cookie is present); error on failure, which
// removes the public token; logout clears the token. No I/O here: the two requests are
// actors provided from services/, and the browser storage follows `context.publicToken`.
import { assign, setup } from 'xstate';
import { notProvided } from './not-provided';
import type { AuthType, StaffProfile, StoredToken } from '../forms/contracts/session';

export interface SessionContext {
  /** The public applicant token, mirrored in local storage. */
  publicToken: StoredToken | null;
  authType: AuthType | null;
  user: StaffProfile | null;
  hasLoadedOnce: boolean;
  /** The legal-entity parent of the guarantor being edited (spec 01 §3, kept globally). */
  parentUuid: string | null;
}

export type SessionEvent =
  | { type: 'session.authenticate'; staffCookie: boolean }
  | { type: 'session.tokenRejected'; staffCookie: boolean }
  | { type: 'session.logout' }
  | { type: 'session.parentUuidSet'; parentUuid: string | null }
  /** A list of PLD alerts said how many are open: the header's count follows it without a new /me. */
  | { type: 'session.pldAlertsCounted'; open: number };

export interface SessionInput {
  storedToken: StoredToken | null;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'busy' | 'authenticated' | 'error',
  },
  actors: {
    'request public token': notProvided<StoredToken, { refreshToken: string | null }>('request public token'),
    'load staff profile': notProvided<StaffProfile, void>('load staff profile'),
  },
  guards: {
    'staff cookie present': ({ event }) => 'staffCookie' in event && event.staffCookie,
    'session kind still matches': ({ context, event }) =>
      'staffCookie' in event && (event.staffCookie ? context.authType === 'system_auth' : context.authType === 'public'),
  },
  actions: {
    'assign public token': assign((_, params: { token: StoredToken }) => ({
      publicToken: params.token,
      authType: 'public' as const,
      user: null,
    })),
    'assign staff profile': assign((_, params: { profile: StaffProfile }) => ({
      authType: 'system_auth' as const,
      user: params.profile,
    })),
    'mark public failure': assign({ publicToken: null, authType: 'public' as const, user: null }),
    'mark staff failure': assign({ authType: 'system_auth' as const, user: null }),
    'mark loaded once': assign({ hasLoadedOnce: true }),
    'clear session': assign({ publicToken: null, authType: null, user: null }),
    'assign parent uuid': assign((_, params: { parentUuid: string | null }) => ({ parentUuid: params.parentUuid })),
    'assign open pld alerts': assign(({ context }, params: { open: number }) => ({ user: context.user && { ...context.user, alertas_pld: params.open } })),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    publicToken: input.storedToken,
    authType: null,
    user: null,
    hasLoadedOnce: false,
    parentUuid: null,
  }),
  initial: 'idle',
  on: {
    'session.logout': { target: '.idle', actions: 'clear session' },
    'session.parentUuidSet': { actions: { type: 'assign parent uuid', params: ({ event }) => ({ parentUuid: event.parentUuid }) } },
  },
  states: {
    idle: {
      on: {
        'session.authenticate': [
          { guard: 'staff cookie present', target: 'loadingStaffProfile' },
          { target: 'requestingPublicToken' },
        ],
      },
    },
    requestingPublicToken: {
      tags: 'busy',
      invoke: {
        id: 'publicToken',
        src: 'request public token',
        input: ({ context }) => ({ refreshToken: context.publicToken?.refreshToken ?? null }),
        onDone: {
          target: 'success',
          actions: { type: 'assign public token', params: ({ event }) => ({ token: event.output }) },
        },
        onError: { target: 'error', actions: 'mark public failure' },
      },
    },
    loadingStaffProfile: {
      tags: 'busy',
      invoke: {
        id: 'staffProfile',
        src: 'load staff profile',
        onDone: {
          target: 'success',
          actions: { type: 'assign staff profile', params: ({ event }) => ({ profile: event.output }) },
        },
        onError: { target: 'error', actions: 'mark staff failure' },
      },
    },
    success: {
      tags: 'authenticated',
      entry: 'mark loaded once',
      on: {
        'session.authenticate': [
          // A route entry with the same kind of session needs no new request.
          { guard: 'session kind still matches' },
          { guard: 'staff cookie present', target: 'loadingStaffProfile' },
          { target: 'requestingPublicToken' },
        ],
        'session.tokenRejected': [
          { guard: 'staff cookie present', target: 'loadingStaffProfile' },
          { target: 'requestingPublicToken' },
        ],
        'session.pldAlertsCounted': { actions: { type: 'assign open pld alerts', params: ({ event }) => ({ open: event.open }) } },
      },
    },
    error: {
      tags: 'error',
      entry: 'mark loaded once',
      on: {
        'session.authenticate': [
          { guard: 'staff cookie present', target: 'loadingStaffProfile' },
          { target: 'requestingPublicToken' },
        ],
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;

/** The Authorization header value for API calls, or null before a session exists. */
export function authorizationOf(context: SessionContext): string | null {
  if (context.authType === 'system_auth' && context.user) return `${context.user.tokenType} ${context.user.token}`;
  if (context.authType === 'public' && context.publicToken) return `${context.publicToken.tokenType} ${context.publicToken.accessToken}`;
  return null;
}
