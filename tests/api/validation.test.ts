// The write-validation module through a small Fastify instance: a write that breaks a rule gets 422
// with the Spanish message per field path and nothing is stored; a valid one is stored cleaned.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../forms/messages';
import { PM_WIZARD } from '../../forms/wizards/pm';
import { ApiError } from '../../server/api-error';
import { installErrorHandlers } from '../../server/http-errors';
import { validateApplicationWrite, validateWrite } from '../../server/validation/validate-write';
import { validPfModel, validPmModel } from '../unit/forms/fixtures';

const stored: unknown[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  installErrorHandlers(app);
  await app.register(async (writes) => {
    writes.post('/wizard', async (request) => {
      const staff = request.headers['x-staff'] === '1';
      const value = await validateApplicationWrite((request.body as { data?: unknown }).data, { staff });
      stored.push(value);
      return [value.uuid ?? 'nuevo', { formatobce: { html: '' } }];
    });
    writes.put('/wizardpm/locked', async (request) => {
      const value = await validateWrite(PM_WIZARD.schema, (request.body as { data?: unknown }).data, {
        locks: { level: 'general_fields', stored: validPmModel() },
      });
      stored.push(value);
      return { data: { data: value } };
    });
    writes.get('/boom', async () => {
      throw new ApiError(403, 'No tienes permiso para realizar esta acción.', 'forbidden');
    });
  });
  await app.ready();
});

afterAll(() => app.close());

const post = (data: unknown, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: '/wizard', payload: { data }, headers });

describe('write validation', () => {
  it('refuses a write that breaks rules with 422, every message per field path, and stores nothing', async () => {
    const before = stored.length;
    const model = validPfModel();
    const response = await post({
      ...model,
      email: 'peña@example.com',
      fisica: { ...model.fisica, rfc: 'GARC850314AB' },
      vivienda: { ...model.vivienda, domicilio: { calle: 'X', codigo_postal: '441' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      code: 'validation_failed',
      message: 'La información no es válida: revisa los 3 campos marcados.',
      errores: {
        email: MESSAGES.invalidEmail,
        'fisica.rfc': MESSAGES.rfcLength13,
        'vivienda.domicilio.codigo_postal': MESSAGES.postalCodeInvalid,
      },
    });
    expect(stored.length).toBe(before);
  });

  it('stores a valid write cleaned: unknown keys dropped, nationality derived', async () => {
    const response = await post({ ...validPfModel(), campo_inventado: 'x' });
    expect(response.statusCode).toBe(200);
    const saved = stored.at(-1) as Record<string, unknown>;
    expect(saved).not.toHaveProperty('campo_inventado');
    expect((saved.fisica as { nacionalidad: string }).nacionalidad).toBe('Mexicana');
  });

  it('stores one-line texts tidy: no spaces around them, one between words', async () => {
    const model = validPfModel() as Record<string, any>;
    model.nombre = '   josé   ñoño  ';
    model.fisica.apellido_paterno = ' DE LA PEÑA ';
    model.empleo.empresa_nombre = '  Peña & Núñez   Diseño Gráfico  ';
    model.vivienda.domicilio.calle = 'Av.  Juárez 100 ';
    const response = await post(model);
    expect(response.statusCode).toBe(200);
    const saved = stored.at(-1) as Record<string, any>;
    expect(saved.nombre).toBe('JOSÉ ÑOÑO');
    expect(saved.fisica.apellido_paterno).toBe('DE LA PEÑA');
    expect(saved.empleo.empresa_nombre).toBe('Peña & Núñez Diseño Gráfico');
    expect(saved.vivienda.domicilio.calle).toBe('Av. Juárez 100');
    // Spaces alone are no name: the requirement's message, not an empty name stored.
    const blank = await post({ ...validPfModel(), nombre: '    ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errores).toEqual({ nombre: MESSAGES.required });
  });

  it('uses the session kind: the 100% shareholder total only for staff', async () => {
    const model = validPmModel();
    model.accionistas[0].porcentaje_participacion = 10;
    expect((await post(model)).statusCode).toBe(200);
    const staff = await post(model, { 'x-staff': '1' });
    expect(staff.statusCode).toBe(422);
    expect(staff.json().errores).toEqual({
      'accionistas[0].porcentaje_participacion': MESSAGES.shareholdersTotal,
      'accionistas[1].porcentaje_participacion': MESSAGES.shareholdersTotal,
      'accionistas[2].porcentaje_participacion': MESSAGES.shareholdersTotal,
    });
    expect(staff.json().message).toBe('La información no es válida: revisa los 3 campos marcados.');
  });

  it('chooses the schema by person type and refuses an unknown one', async () => {
    const response = await post({ tipo_persona: 'Marciana' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errores).toEqual({ tipo_persona: MESSAGES.invalidValue });
    expect((await post({})).json().errores).toEqual({ tipo_persona: MESSAGES.required });
    expect((await post({ tipo_persona: 'Moral' })).json().errores['moral.rfc']).toBe(MESSAGES.required);
  });

  it('keeps locked fields at their stored value before the rules run', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/wizardpm/locked',
      payload: { data: { ...validPmModel(), nombre: 'OTRO NOMBRE', moral: { ...validPmModel().moral, rfc: 'XXX', sector: 'Comercio' } } },
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json().data.data;
    expect(saved.nombre).toBe(validPmModel().nombre);
    expect(saved.moral).toMatchObject({ rfc: validPmModel().moral.rfc, sector: 'Comercio' });
  });

  it('leaves every other error to the app handler', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, code: 'forbidden', message: 'No tienes permiso para realizar esta acción.' });
  });
});
