// Records made through the API, as a browser test's starting point.
import type { APIRequestContext } from '@playwright/test';
import { beforeSubmit } from '../../../forms/before-submit';
import { validPfModel, validPfaeModel } from '../../unit/forms/fixtures';

export async function publicBearer(request: APIRequestContext) {
  const response = await request.post('/api/oauth/token', {
    data: { grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'solicitante', scope: '' },
  });
  return `Bearer ${(await response.json()).access_token}`;
}

/** Creates an application as the public applicant; answers its uuid. */
export async function createApplication(
  request: APIRequestContext,
  kind: 'pf' | 'pfae',
  meta: Record<string, unknown> = { last_index: 2 },
  changes: Record<string, unknown> = {},
): Promise<string> {
  const model = beforeSubmit({ ...(kind === 'pf' ? validPfModel() : validPfaeModel()), ...changes } as Record<string, unknown>);
  const response = await request.post(`/api/wizard${kind}`, { data: { data: model, meta }, headers: { authorization: await publicBearer(request) } });
  if (response.status() !== 201) throw new Error(`create ${kind}: ${response.status()} ${await response.text()}`);
  return (await response.json())[0];
}
