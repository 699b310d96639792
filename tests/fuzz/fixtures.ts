// The sessions and records the hostile requests aim at, created through the API of a running
// server (any base URL), and the one request sender both fuzz runners use.
import { beforeSubmit } from '../../forms/before-submit';
import { validAvalPfModel, validPfaeModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import type { FuzzFixtures, HostileRequest } from './hostile';

const model = (value: unknown) => beforeSubmit(value as Record<string, unknown>);

async function json(response: Response, what: string) {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function createFixtures(
  baseUrl: string,
  publicClient: FuzzFixtures['publicClient'],
  staff = { username: 'demo', password: process.env.DEMO_STAFF_PASSWORD || 'demo1234' },
): Promise<FuzzFixtures> {
  const token = await json(
    await fetch(`${baseUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 2, client_secret: publicClient.clientSecret, username: publicClient.username, password: publicClient.password, scope: '' }),
    }),
    'public token',
  );
  const publicAuth = `Bearer ${token.access_token}`;
  const login = await fetch(`${baseUrl}/staff/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ username: staff.username, password: staff.password, next: '/' }).toString(),
  });
  if (login.status !== 303) throw new Error(`staff sign-in: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const me = await json(await fetch(`${baseUrl}/api/me`, { headers: { cookie } }), 'staff token');
  const staffAuth = `Bearer ${me.data.token}`;

  const valid = { pf: model(validPfModel()), pfae: model(validPfaeModel()), pm: model(validPmModel()) };
  const create = async (code: string, data: Record<string, unknown>, meta: Record<string, unknown> = { last_index: 1 }) => {
    const [uuid, extra] = await json(
      await fetch(`${baseUrl}/api/${code}`, { method: 'POST', headers: { authorization: publicAuth, 'content-type': 'application/json' }, body: JSON.stringify({ data, meta }) }),
      `create ${code}`,
    );
    return { uuid: uuid as string, version: extra.version as number };
  };
  const pf = await create('wizardpf', valid.pf);
  const pfae = await create('wizardpfae', valid.pfae);
  const pm = await create('wizardpm', valid.pm);
  const guarantor = await create('wizardpf', model(validAvalPfModel()), { last_index: 1, parent_uuid: pm.uuid });
  return {
    publicAuth,
    staffAuth,
    uuids: { wizardpf: pf.uuid, wizardpfae: pfae.uuid, wizardpm: pm.uuid, guarantor: guarantor.uuid },
    versions: { wizardpf: pf.version, wizardpfae: pfae.version, wizardpm: pm.version },
    valid,
    publicClient,
  };
}

export interface Answer {
  status: number;
  contentType: string | null;
  text: string;
  ms: number;
}

/**
 * Sends one hostile request. Status 0: no answer read, with `text` 'timeout' when none came within
 * `timeoutMs`, or the network error (a server may answer 413 and close while a huge body is still
 * being sent, which fetch reports as a failure).
 */
export async function send(baseUrl: string, request: HostileRequest, authorization: string | null, timeoutMs = 10_000): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      redirect: 'manual',
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(request.contentType !== undefined ? { 'content-type': request.contentType } : {}),
        // The staff sign-in checks where a form comes from; hostile bodies come from the same origin.
        origin: baseUrl,
      },
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, contentType: response.headers.get('content-type'), text, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const timedOut = (error as Error).name === 'TimeoutError';
    return { status: 0, contentType: null, text: timedOut ? 'timeout' : `${String(error)} (${cause?.code ?? cause?.message ?? 'no cause'})`, ms: performance.now() - started };
  }
}
