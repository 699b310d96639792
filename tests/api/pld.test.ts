// The PLD calls: POST /pld/search and /blacklist/{uuid} over the lists loaded from data/pld/,
// staff only, with Spanish 400s for bad input; GET /pld/lists and the reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { validAvalPfModel, validAvalPmModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { callApi, startSignedInServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

beforeAll(async () => ({ server, publicAuth, staffAuth } = await startSignedInServer()));
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, auth: string = staffAuth) => callApi(server, method, path, body, auth);
const search = async (data: Record<string, unknown>) => {
  const response = await call('POST', '/pld/search', { data });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Array<{ nombre: string; rfc: string | null; lista: string; score: number; reason: string }>;
};

describe('POST /pld/search', () => {
  it('finds a listed person by a variant of the name: accents, order, missing second surname', async () => {
    const matches = await search({ name: 'Joaquín', fatherLastName: 'Guzmán', motherLastName: '', rfc: '', searchType: 'SplitText', filterRFC: true });
    expect(matches[0]).toMatchObject({ nombre: 'GUZMAN LOERA, Joaquin', lista: 'OFAC SDN' });
    expect(matches[0].score).toBeGreaterThanOrEqual(0.8);
    expect(matches[0].reason).toMatch(/^nombre: 2 de 3 palabras, similitud 0\.\d\d$/);
  });
});
