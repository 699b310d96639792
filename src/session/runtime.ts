// Starts the session actor with the real services and keeps the public token in local storage.
import { createActor, fromPromise, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AxiosInstance } from 'axios';
import type { StaffProfile, StoredToken } from '../../forms/contracts/session';
import { authorizationOf, sessionMachine } from '../../machines/session';
import { loadStaffProfile, requestPublicToken } from '../../services/auth';
import type { ClientConfig } from '../../forms/contracts/client-config';
import { createHttpClient } from '../../services/http';
import { readStoredToken, writeStoredToken } from '../../services/token-storage';
import { hasStaffCookie } from './staff-cookie';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export interface AppRuntime {
  config: ClientConfig;
  /** The API client for the calls of spec §7. */
  http: AxiosInstance;
  session: SessionActor;
  /** The authentication step of a route: resolves with the settled session. */
  authenticate(): Promise<SessionSnapshot>;
}

export function startRuntime(config: ClientConfig, storage: Storage = window.localStorage): AppRuntime {
  let session: SessionActor | undefined;
  const staffCookie = () => hasStaffCookie(config.staffCookieName);
  const http = createHttpClient({
    baseURL: config.apiBaseUrl,
    authorization: () => (session ? authorizationOf(session.getSnapshot().context) : null),
    onUnauthorized: () => session?.send({ type: 'session.tokenRejected', staffCookie: staffCookie() }),
  });
  const authHttp = config.authBaseUrl === config.apiBaseUrl ? http : createHttpClient({ baseURL: config.authBaseUrl, authorization: () => null });

  const actor = createActor(
    sessionMachine.provide({
      actors: {
        'request public token': fromPromise<StoredToken, { refreshToken: string | null }>(({ input }) =>
          requestPublicToken(authHttp, config.publicClient, input.refreshToken),
        ),
        'load staff profile': fromPromise<StaffProfile, void>(() => loadStaffProfile(http)),
      },
    }),
    { input: { storedToken: readStoredToken(storage) } },
  );
  session = actor;

  let stored = actor.getSnapshot().context.publicToken;
  actor.subscribe((snapshot) => {
    if (snapshot.context.publicToken !== stored) {
      stored = snapshot.context.publicToken;
      writeStoredToken(storage, stored);
    }
  });
  actor.start();

  return {
    config,
    http,
    session: actor,
    async authenticate() {
      actor.send({ type: 'session.authenticate', staffCookie: staffCookie() });
      return waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    },
  };
}
