// Model-based tests of the session statechart: every transition it defines is replayed on a
// real actor with fake services, and each state is checked for what it means.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { StaffProfile, StoredToken } from '../../forms/contracts/session';
import { authorizationOf, sessionMachine } from '../../machines/session';
import { fileCoverage, type Inspect } from './support/coverage-report';
import { enumerateEdges, testEveryTransition } from './support/model-paths';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

const STORED: StoredToken = { accessToken: 'stored-access', refreshToken: 'stored-refresh', tokenType: 'Bearer' };
const ISSUED: StoredToken = { accessToken: 'new-access', refreshToken: 'new-refresh', tokenType: 'Bearer' };
const PROFILE: StaffProfile = {
  token: 'staff-token',
  tokenType: 'Bearer',
  nombre: 'María',
  apellido_paterno: 'González',
  apellido_materno: 'Ruiz',
  franquicia: 'Guadalajara Centro',
  roles: ['usuario', 'analista'],
  notificaciones: 2,
  alertas_pld: 1,
};

const EVENTS = [
  { type: 'session.authenticate', staffCookie: false },
  { type: 'session.authenticate', staffCookie: true },
  { type: 'session.tokenRejected', staffCookie: false },
  { type: 'session.tokenRejected', staffCookie: true },
  { type: 'session.logout' },
  { type: 'session.parentUuidSet', parentUuid: 'pm-123' },
  // The count the profile already has: the state's meaning (the user is the profile loaded) holds.
  { type: 'session.pldAlertsCounted', open: 1 },
  { type: 'xstate.done.actor.publicToken', output: ISSUED },
  { type: 'xstate.error.actor.publicToken', error: new Error('401') },
  { type: 'xstate.done.actor.staffProfile', output: PROFILE },
  { type: 'xstate.error.actor.staffProfile', error: new Error('401') },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.authType, s.context.publicToken?.accessToken ?? null, s.context.user?.token ?? null, s.context.hasLoadedOnce, s.context.parentUuid]);

/** A fake service whose pending call the test settles when the path says so. */
function controllable<T>() {
  const calls: Array<{ input: unknown; resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  const logic = fromPromise<T, any>(({ input }) => new Promise<T>((resolve, reject) => calls.push({ input, resolve, reject })));
  return { logic, calls };
}

const coverage = fileCoverage('session');

function startActor(inspect: Inspect = coverage.inspect) {
  const publicToken = controllable<StoredToken>();
  const staffProfile = controllable<StaffProfile>();
  const actor = createActor(
    sessionMachine.provide({ actors: { 'request public token': publicToken.logic, 'load staff profile': staffProfile.logic } }),
    { input: { storedToken: STORED }, inspect },
  ).start();
  return { actor, publicToken, staffProfile };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Sends one step of a path: external events directly, actor outcomes by settling the fake. */
async function play(harness: ReturnType<typeof startActor>, event: any) {
  const settle = (fake: ReturnType<typeof controllable<any>>, ok: boolean, value: unknown) => {
    const call = fake.calls.at(-1);
    if (!call) throw new Error(`No pending call for ${event.type}`);
    if (ok) call.resolve(value);
    else call.reject(value);
  };
  if (event.type === 'xstate.done.actor.publicToken') settle(harness.publicToken, true, event.output);
  else if (event.type === 'xstate.error.actor.publicToken') settle(harness.publicToken, false, event.error);
  else if (event.type === 'xstate.done.actor.staffProfile') settle(harness.staffProfile, true, event.output);
  else if (event.type === 'xstate.error.actor.staffProfile') settle(harness.staffProfile, false, event.error);
  else harness.actor.send(event);
  await flush();
}

/** What each state means, checked after every step. */
function assertMeaning(snapshot: Snapshot, harness: ReturnType<typeof startActor>) {
  const { context } = snapshot;
  switch (snapshot.value) {
    case 'idle':
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.hasTag('authenticated')).toBe(false);
      expect(context.user).toBeNull();
      break;
    case 'requestingPublicToken':
      expect(snapshot.hasTag('busy')).toBe(true);
      // The stored refresh token goes along with the request.
      expect(harness.publicToken.calls.at(-1)?.input).toEqual({ refreshToken: context.publicToken?.refreshToken ?? null });
      break;
    case 'loadingStaffProfile':
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(harness.staffProfile.calls.length).toBeGreaterThan(0);
      break;
    case 'success':
      expect(snapshot.hasTag('authenticated')).toBe(true);
      expect(context.hasLoadedOnce).toBe(true);
      if (context.authType === 'public') {
        expect(context.publicToken).toEqual(ISSUED);
        expect(authorizationOf(context)).toBe('Bearer new-access');
      } else {
        expect(context.authType).toBe('system_auth');
        expect(context.user).toEqual(PROFILE);
        expect(authorizationOf(context)).toBe('Bearer staff-token');
      }
      break;
    case 'error':
      expect(snapshot.hasTag('error')).toBe(true);
      expect(context.hasLoadedOnce).toBe(true);
      expect(context.user).toBeNull();
      // A failed public authentication removes the public token.
      if (context.authType === 'public') expect(context.publicToken).toBeNull();
      else expect(context.authType).toBe('system_auth');
      break;
    default:
      throw new Error(`Unchecked state ${JSON.stringify(snapshot.value)}`);
  }
}

const edges = enumerateEdges(sessionMachine, { input: { storedToken: STORED }, events: EVENTS, serializeState: serializeState as never });

describe('session machine, every transition', () => {
  testEveryTransition({
    edges,
    serializeState: serializeState as never,
    start: (_edge, inspect) => startActor(inspect),
    play,
    assertMeaning: assertMeaning as never,
    inspect: coverage.inspect,
  });

  it('keeps the parent uuid across logout and reauthentication', async () => {
    const harness = startActor();
    await play(harness, { type: 'session.parentUuidSet', parentUuid: 'pm-9' });
    await play(harness, { type: 'session.logout' });
    expect(harness.actor.getSnapshot().context.parentUuid).toBe('pm-9');
    expect(harness.actor.getSnapshot().context.publicToken).toBeNull();
  });

  it("follows a list's count of open PLD alerts in the staff profile, and leaves a public session without one", async () => {
    const harness = startActor();
    await play(harness, { type: 'session.authenticate', staffCookie: true });
    await play(harness, { type: 'xstate.done.actor.staffProfile', output: PROFILE });
    await play(harness, { type: 'session.pldAlertsCounted', open: 0 });
    expect(harness.actor.getSnapshot().context.user).toEqual({ ...PROFILE, alertas_pld: 0 });
    await play(harness, { type: 'session.logout' });
    await play(harness, { type: 'session.authenticate', staffCookie: false });
    await play(harness, { type: 'xstate.done.actor.publicToken', output: ISSUED });
    await play(harness, { type: 'session.pldAlertsCounted', open: 3 });
    expect(harness.actor.getSnapshot().context.user).toBeNull();
  });
});

coverage.expectEveryTransition(sessionMachine);
