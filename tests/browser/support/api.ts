// Records made through the API, as a browser test's starting point.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { beforeSubmit } from '../../../forms/before-submit';
import { validAvalPfaeModel, validAvalPfModel, validAvalPmModel, validPfModel, validPfaeModel, validPmModel } from '../../unit/forms/fixtures';

export async function publicBearer(request: APIRequestContext) {
  const response = await request.post('/api/oauth/token', {
    data: { grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'solicitante', scope: '' },
  });
  return `Bearer ${(await response.json()).access_token}`;
}

/**
 * The page's own public session, for records it should own (a PM shows a public session the uuids
 * of its own guarantors only): opens the home page, which signs in, and reads the stored token.
 */
export async function pageBearer(page: Page) {
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();
  return `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}`;
}

/** Creates an application as the public applicant; answers its uuid. */
export async function createApplication(
  request: APIRequestContext,
  kind: 'pf' | 'pfae' | 'pm',
  meta: Record<string, unknown> = { last_index: 2 },
  changes: Record<string, unknown> = {},
  authorization?: string,
): Promise<string> {
  const valid = { pf: validPfModel, pfae: validPfaeModel, pm: validPmModel }[kind]();
  const model = beforeSubmit({ ...valid, ...changes } as Record<string, unknown>);
  // A finish is made as the applicant makes it: with 'Acepto' under the truthfulness statement.
  const sent = meta.complete === true ? { ...meta, declaracion_aceptada: true } : meta;
  const response = await request.post(`/api/wizard${kind}`, { data: { data: model, meta: sent }, headers: { authorization: authorization ?? (await publicBearer(request)) } });
  if (response.status() !== 201) throw new Error(`create ${kind}: ${response.status()} ${await response.text()}`);
  return (await response.json())[0];
}

/** Creates a natural-person guarantor of a PM, as a new public session unless given one; answers its uuid. */
export const createGuarantor = (request: APIRequestContext, parentUuid: string, nombre: string, complete = false, authorization?: string) =>
  createGuarantorOfType(request, parentUuid, 'pf', nombre, { complete, authorization });

/** Creates a guarantor of a PM of the given person type (a complete model), as a new public session unless given one. */
export async function createGuarantorOfType(
  request: APIRequestContext,
  parentUuid: string,
  kind: 'pf' | 'pfae' | 'pm',
  nombre: string,
  { complete = false, authorization }: { complete?: boolean; authorization?: string } = {},
): Promise<string> {
  const valid = { pf: validAvalPfModel, pfae: validAvalPfaeModel, pm: validAvalPmModel }[kind]();
  const model = beforeSubmit({ ...valid, nombre } as unknown as Record<string, unknown>);
  const response = await request.post(`/api/wizard${kind}`, {
    data: { data: model, meta: { last_index: 4, parent_uuid: parentUuid, complete } },
    headers: { authorization: authorization ?? (await publicBearer(request)) },
  });
  if (response.status() !== 201) throw new Error(`create guarantor: ${response.status()} ${await response.text()}`);
  return (await response.json())[0];
}

/** A staff bearer token, as the browser gets it: sign in, then GET /api/me with the cookie. */
export async function staffBearer(request: APIRequestContext, baseURL: string) {
  const login = await request.post('/staff/login', {
    form: { username: 'demo', password: 'demo1234', next: '/' },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
  const me = await request.get('/api/me');
  expect(me.status()).toBe(200);
  return `Bearer ${(await me.json()).data.token}`;
}
