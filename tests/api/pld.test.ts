// The PLD calls over the lists loaded from data/pld/ (spec 01 §7, 02 §5): POST /pld/search and
// /blacklist/{uuid}, staff only, with Spanish 400s for bad input; GET /pld/lists and the reload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPldLists } from '../../server/pld/pld-loader';
import { PLD_DATA_DIR } from '../../server/pld/pld-sources';
import { beforeSubmit } from '../../forms/before-submit';
import { validAvalPfModel, validAvalPmModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { callApi, startSignedInServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

beforeAll(async () => ({ server, publicAuth, staffAuth } = await startSignedInServer()));
afterAll(() => server.close());

interface Match {
  nombre: string;
  rfc: string | null;
  lista: string;
  score: number;
  reason: string;
  palabras: Array<{ consulta: string; lista: string; motivo: string }>;
}

const call = (method: string, path: string, body?: unknown, auth: string = staffAuth) => callApi(server, method, path, body, auth);
const search = async (data: Record<string, unknown>): Promise<Match[]> => {
  const response = await call('POST', '/pld/search', { data });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
};
const person = (name: string, fatherLastName: string, motherLastName: string, rfc = '', filterRFC = true) =>
  search({ name, fatherLastName, motherLastName, rfc, searchType: 'SplitText', filterRFC });

describe('POST /pld/search', () => {
  it('finds a listed person by a variant of the name: accents, word order, missing second surname', async () => {
    const [first] = await person('Joaquín', 'Guzmán', '');
    expect(first).toMatchObject({ nombre: 'GUZMAN LOERA, Joaquin', rfc: null, lista: 'OFAC SDN' });
    expect(first.score).toBeGreaterThanOrEqual(0.82);
    expect(first.reason).toMatch(/^nombre: 2 de 3 palabras, similitud 0\.\d\d: JOAQUIN = JOAQUIN; GUZMAN = GUZMAN$/);
    expect(first.palabras).toEqual([
      { consulta: 'JOAQUIN', lista: 'JOAQUIN', motivo: 'idéntica' },
      { consulta: 'GUZMAN', lista: 'GUZMAN', motivo: 'idéntica' },
    ]);
    const [typo] = await person('Isidro', 'Avelar', 'Gutierres');
    expect(typo).toMatchObject({ nombre: 'AVELAR GUTIERREZ, Isidro', lista: 'OFAC SDN' });
  });

  it('finds a company whatever its company form, and every match says why', async () => {
    const matches = await search({ name: 'Farmacia Vida Suprema S. de R.L. de C.V.', searchType: 'Company', filterRFC: false });
    expect(matches[0]).toMatchObject({ nombre: 'FARMACIA VIDA SUPREMA, S.A. DE C.V.', rfc: 'FVS870610LX3', lista: 'OFAC SDN', score: 1 });
    expect(matches[0].reason).toBe('nombre: 3 de 3 palabras, similitud 1.00: FARMACIA = FARMACIA; VIDA = VIDA; SUPREMA = SUPREMA');
    const sat = await search({ name: 'Consorcio Katel SAPI de CV', searchType: 'Company', filterRFC: false });
    expect(sat[0]).toMatchObject({ nombre: 'CONSORCIO KATEL, S.A. DE C.V.', lista: 'SAT 69-B' });
    const un = await search({ name: 'Mohamed Tahir Anwari', searchType: 'FullText', filterRFC: false });
    expect(un[0]).toMatchObject({ nombre: 'MUHAMMAD TAHER ANWARI', lista: 'ONU' });
    expect(un[0].reason).toContain('MOHAMED ≈ MUHAMMAD (transliteración)');
    const abbreviated = await search({ name: 'Farmacia Vida Suprema SA ED CV', searchType: 'Company', filterRFC: false });
    expect(abbreviated[0]).toMatchObject({ nombre: 'FARMACIA VIDA SUPREMA, S.A. DE C.V.', score: 1 });
  });

  it('ranks an identical RFC first, whatever the name', async () => {
    const matches = await search({ name: 'Nombre Sin Relación', rfc: 'DIB771110HQ1', searchType: 'Company', filterRFC: false });
    expect(matches[0]).toEqual({ nombre: 'DISTRIBUIDORA IMPERIAL DE BAJA CALIFORNIA, S.A. DE C.V.', rfc: 'DIB771110HQ1', lista: 'OFAC SDN', score: 1, reason: 'RFC idéntico', id: 'OFAC SDN:7156', coincide_con: 'DIB771110HQ1', palabras: [] });
  });

  it('with filterRFC, drops a listed entry whose RFC differs from the person\'s', async () => {
    const listed = { nombre: 'ALMANZA BRAVO KARLA GRACIELA', rfc: 'AABK761214SL7', lista: 'SAT 69-B' };
    const [byRfc] = await person('Karla Graciela', 'Almanza', 'Bravo', 'AABK761214SL7');
    expect(byRfc).toMatchObject({ ...listed, score: 1, reason: 'RFC idéntico; nombre: 4 de 4 palabras, similitud 1.00: KARLA = KARLA; GRACIELA = GRACIELA; ALMANZA = ALMANZA; BRAVO = BRAVO' });
    expect(await person('Karla Graciela', 'Almanza', 'Bravo', 'AABK800101AB1')).not.toContainEqual(expect.objectContaining(listed));
    expect(await person('Karla Graciela', 'Almanza', 'Bravo', 'AABK800101AB1', false)).toContainEqual(expect.objectContaining(listed));
    // Without an RFC on the person's side there is nothing to disagree with.
    expect(await person('Karla Graciela', 'Almanza', 'Bravo', '')).toContainEqual(expect.objectContaining(listed));
  });

  it('answers an empty list for a name on no list, and leaves out SAT 69-B taxpayers cleared by SAT', async () => {
    expect(await search({ name: 'Tortillería Doña Lupita', searchType: 'Company', filterRFC: false })).toEqual([]);
    // AAA080808HL8 'ASESORES EN AVALÚOS Y ACTIVOS, S.A. DE C.V.' is listed with 'Sentencia Favorable'.
    expect(await search({ name: 'Asesores en Avalúos y Activos', rfc: 'AAA080808HL8', searchType: 'Company', filterRFC: false })).toEqual([]);
  });

  it('is for staff only', async () => {
    const body = { data: { name: 'Joaquin Guzman', searchType: 'FullText', filterRFC: false } };
    const forbidden = await call('POST', '/pld/search', body, publicAuth);
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toBe('Esta acción es solo para el personal de la empresa.');
    expect((await callApi(server, 'POST', '/pld/search', body, null)).status).toBe(401);
  });

  it('refuses bad input with a Spanish message', async () => {
    const refused = async (body: unknown, message: string) => {
      const response = await call('POST', '/pld/search', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, code: 'invalid_pld_search', message });
    };
    await refused({ name: 'Joaquin' }, 'La búsqueda debe enviarse como { data: { name, searchType, … } }.');
    await refused({ data: { name: 'Joaquin', searchType: 'Persona' } }, "searchType debe ser 'SplitText', 'Company' o 'FullText'.");
    await refused({ data: { name: 'Joaquin', searchType: 'FullText', filterRFC: 'si' } }, 'filterRFC debe ser true o false.');
    await refused({ data: { name: 'A'.repeat(301), searchType: 'FullText' } }, 'El nombre no debe exceder 300 caracteres.');
    await refused({ data: { name: 7, searchType: 'FullText' } }, 'El nombre debe ser texto.');
    await refused({ data: { name: 'Joaquin', rfc: 'NO-ES-RFC', searchType: 'SplitText', filterRFC: true } }, 'El RFC no tiene un formato válido.');
    await refused({ data: { name: ' ', fatherLastName: '', searchType: 'SplitText', filterRFC: true } }, 'Escribe el nombre que se va a buscar.');
  });

  it('answers a name of up to 30 words and refuses a longer one, whose search would be long', async () => {
    // An OFAC alias of 25 words, one of the longest real names in the lists; the company form is left out by the match.
    const alias = 'FEDERAL STATE UNITARY ENTERPRISE ALL-RUSSIAN SCIENTIFIC RESEARCH INSTITUTE OF AVIATION MATERIALS OF THE NATIONAL RESEARCH CENTER KURCHATOV INSTITUTE STATE RESEARCH CENTER OF THE RUSSIAN FEDERATION';
    const thirty = `${alias} S. DE R.L. DE C.V.`;
    expect(thirty.split(' ')).toHaveLength(30);
    const [first] = await search({ name: thirty, searchType: 'Company', filterRFC: false });
    expect(first).toMatchObject({ lista: 'OFAC SDN', coincide_con: alias, score: 1 });

    const longer = await call('POST', '/pld/search', { data: { name: `${thirty} MEXICO`, searchType: 'Company', filterRFC: false } });
    expect(longer.status).toBe(400);
    const message = 'El nombre buscado no debe exceder 30 palabras: escribe solo el nombre y los apellidos, o la razón social.';
    expect(await longer.json()).toMatchObject({ statusCode: 400, code: 'invalid_pld_search', message });
    // SplitText counts the name and both surnames together.
    const split = await call('POST', '/pld/search', { data: { name: thirty, fatherLastName: 'GARCIA', motherLastName: '', searchType: 'SplitText', filterRFC: false } });
    expect(split.status).toBe(400);
    expect((await split.json()).message).toBe(message);
  });
});

const submitted = (model: object) => beforeSubmit(model as unknown as Record<string, unknown>);

async function created(path: string, body: unknown) {
  const response = await call('POST', path, body, publicAuth);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as [string])[0];
}

const UNLISTED = { nombre: 'XOCHIQUETZAL ITZEL', apellido_paterno: 'TLAHUICA', apellido_materno: 'ZOZAYA' };

describe('POST /blacklist/{uuid}', () => {
  it('screens a PF and the linked party, grouped as the review shows them', async () => {
    const model = validPfModel();
    const body = {
      ...model,
      nombre: 'Joaquin',
      fisica: { ...model.fisica, apellido_paterno: 'Guzman', apellido_materno: 'Loera', rfc: 'GULJ570404AB1' },
      mantiene_vinculo_patrimonial: 'Si',
      involucrado_vinculo_patrimonial: 'Farmacia Vida Suprema',
    };
    const response = await call('POST', '/blacklist/00000000-0000-4000-8000-000000000001', body);
    expect(response.status, await response.clone().text()).toBe(200);
    const result = await response.json();
    expect(result.validatePLD).toBe(true);
    expect(result.pf).toHaveLength(1);
    expect(result.pf[0]).toMatchObject({ nombre: 'Joaquin Guzman Loera', rfc: 'GULJ570404AB1' });
    expect(result.pf[0].coincidencias[0]).toMatchObject({ nombre: 'GUZMAN LOERA, Joaquin', lista: 'OFAC SDN' });
    expect(result.HeritageBond).toEqual([
      { nombre: 'Farmacia Vida Suprema', rfc: null, aval_uuid: null, coincidencias: [expect.objectContaining({ nombre: 'FARMACIA VIDA SUPREMA, S.A. DE C.V.' })] },
    ]);
    expect(result).toMatchObject({ pm: [], legalRepresentative: [], guarantees: [], accionistas: [] });
  });

  it('answers validatePLD false when nobody matches, and skips the linked party when there is none', async () => {
    const model = validPfModel();
    const body = { data: { ...model, nombre: UNLISTED.nombre, fisica: { ...model.fisica, ...UNLISTED }, mantiene_vinculo_patrimonial: 'No', involucrado_vinculo_patrimonial: 'Farmacia Vida Suprema' } };
    const result = await (await call('POST', '/blacklist/00000000-0000-4000-8000-000000000002', body)).json();
    expect(result).toEqual({ validatePLD: false, HeritageBond: [], pf: [{ nombre: 'XOCHIQUETZAL ITZEL TLAHUICA ZOZAYA', rfc: 'GARC850314AB1', coincidencias: [] }], pm: [], legalRepresentative: [], guarantees: [], accionistas: [] });
  });

  it('screens a PM, its representatives and its stored guarantors with their representatives', async () => {
    const pm = { ...submitted(validPmModel()), nombre: 'Consorcio Katel SA de CV' } as Record<string, any>;
    pm.representantes = [
      { ...pm.representantes[0], nombre: 'Mohamed Tahir Anwari' }, // the UN list gives no RFC to disagree with
      { ...pm.representantes[1], nombre: 'XOCHIQUETZAL TLAHUICA ZOZAYA' },
    ];
    const uuid = await created('/wizardpm', { data: pm, meta: { last_index: 4 } });
    const pfGuarantor = { ...submitted(validAvalPfModel()), nombre: 'Carlos Guadalupe' } as Record<string, any>;
    pfGuarantor.fisica = { ...pfGuarantor.fisica, apellido_paterno: 'Frías', apellido_materno: 'Boero' };
    const pfUuid = await created('/wizardpf', { data: pfGuarantor, meta: { last_index: 1, parent_uuid: uuid } });
    // Its RFC differs from the listed company's: a guarantor company is searched without the RFC filter.
    const pmGuarantor = { ...submitted(validAvalPmModel()), nombre: 'Farmacia Vida Suprema S.A. de C.V.' } as Record<string, any>;
    pmGuarantor.representantes = [{ ...pmGuarantor.representantes[0], nombre: 'Abdul Rakib Tajari' }];
    const pmUuid = await created('/wizardpm', { data: pmGuarantor, meta: { last_index: 1, parent_uuid: uuid } });

    const response = await call('POST', `/blacklist/${uuid}`, pm);
    expect(response.status, await response.clone().text()).toBe(200);
    const result = await response.json();
    expect(result.validatePLD).toBe(true);
    expect(result.pf).toEqual([]);
    expect(result.pm).toEqual([{ nombre: 'Consorcio Katel SA de CV', rfc: 'IOC100512AB3', coincidencias: [] }]); // the RFC filter: SAT lists it as CKA131218FBA
    expect(result.legalRepresentative).toMatchObject([
      { nombre: 'Mohamed Tahir Anwari', index: 0, coincidencias: [expect.objectContaining({ nombre: 'MUHAMMAD TAHER ANWARI', lista: 'ONU' })] },
      { nombre: 'XOCHIQUETZAL TLAHUICA ZOZAYA', index: 1, coincidencias: [] },
    ]);
    expect(result.guarantees).toMatchObject([
      { uuid: pfUuid, tipo_persona: 'Física', nombre: 'CARLOS GUADALUPE Frías Boero', representantes: [], coincidencias: [expect.objectContaining({ nombre: 'CARLOS GUADALUPE FRÍAS BOERO', lista: 'SFP' })] },
      {
        uuid: pmUuid,
        tipo_persona: 'Moral',
        nombre: 'Farmacia Vida Suprema S.A. de C.V.',
        coincidencias: [expect.objectContaining({ nombre: 'FARMACIA VIDA SUPREMA, S.A. DE C.V.' })],
        representantes: [{ nombre: 'Abdul Rakib Tajari', index: 0, coincidencias: [expect.objectContaining({ nombre: 'ABDUL RAQIB TAKHARI' })] }],
      },
    ]);
  });

  it("screens the shareholders of a PM and of its guarantor PMs, their beneficial owners, in a sixth group 'accionistas'", async () => {
    const pm = { ...submitted(validPmModel()), nombre: 'Comercializadora Tlahuica SA de CV' } as Record<string, any>;
    pm.accionistas = [
      { ...pm.accionistas[0], nombre: 'Joaquín', apellido_paterno: 'Guzmán', apellido_materno: 'Loera', rfc: 'GULJ570404AB1' },
      { ...pm.accionistas[1], nombre: 'XOCHIQUETZAL', apellido_paterno: 'TLAHUICA', apellido_materno: 'ZOZAYA', rfc: 'TAZX800101AB1' },
      // A company shareholder, searched as a company (its RFC the listed one's).
      { ...pm.accionistas[2], nombre: 'Farmacia Vida Suprema', rfc: 'FVS870610LX3' },
    ];
    const uuid = await created('/wizardpm', { data: pm, meta: { last_index: 3 } });
    const guarantor = { ...submitted(validAvalPmModel()), nombre: 'Avales del Bajío SA de CV' } as Record<string, any>;
    guarantor.accionistas = [{ ...guarantor.accionistas[0], nombre: 'Ismael', apellido_paterno: 'Zambada', apellido_materno: 'García', rfc: 'ZAGI480101AB1' }];
    const guarantorUuid = await created('/wizardpm', { data: guarantor, meta: { last_index: 1, parent_uuid: uuid } });

    const result = await (await call('POST', `/blacklist/${uuid}`, pm)).json();
    expect(result.validatePLD).toBe(true);
    expect(result.accionistas).toMatchObject([
      { index: 0, aval_uuid: null, nombre: 'Joaquín Guzmán Loera', coincidencias: [expect.objectContaining({ nombre: 'GUZMAN LOERA, Joaquin', lista: 'OFAC SDN' })] },
      { index: 1, aval_uuid: null, nombre: 'XOCHIQUETZAL TLAHUICA ZOZAYA', coincidencias: [] },
      { index: 2, aval_uuid: null, nombre: 'Farmacia Vida Suprema', coincidencias: [expect.objectContaining({ nombre: 'FARMACIA VIDA SUPREMA, S.A. DE C.V.' })] },
      { index: 0, aval_uuid: guarantorUuid, nombre: 'Ismael Zambada García', coincidencias: [expect.objectContaining({ lista: 'OFAC SDN' })] },
    ]);
    // A shareholder alone holding a match is what makes the answer true.
    const clean = { ...pm, accionistas: [pm.accionistas[1]] };
    const alone = await (await call('POST', '/blacklist', clean)).json();
    expect(alone).toMatchObject({ validatePLD: false, accionistas: [{ index: 0, aval_uuid: null, coincidencias: [] }] });
  });

  it('is for staff only and refuses a body that is not an applicant model', async () => {
    const path = '/blacklist/00000000-0000-4000-8000-000000000003';
    const forbidden = await call('POST', path, validPfModel(), publicAuth);
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toBe('Esta acción es solo para el personal de la empresa.');
    const notModel = await call('POST', path, { nombre: 'X' });
    expect(notModel.status).toBe(400);
    expect((await notModel.json()).message).toBe("El modelo debe indicar tipo_persona: 'Física', 'Física con actividad empresarial' o 'Moral'.");
    const badUuid = await call('POST', '/blacklist/abc', validPfModel());
    expect(badUuid.status).toBe(400);
    expect((await badUuid.json()).message).toBe('El identificador de la solicitud no es válido.');
  });
});

describe('the loaded lists', () => {
  it('GET /pld/lists answers the version, its date and the counts per list, for staff', async () => {
    const response = await call('GET', '/pld/lists');
    expect(response.status).toBe(200);
    const info = await response.json();
    expect(info.version).toMatch(/^[0-9a-f]{16}$/);
    expect(new Date(info.cargada).getTime()).not.toBeNaN();
    expect(info.listas.map((l: { lista: string }) => l.lista)).toEqual(['OFAC SDN', 'ONU', 'SAT 69-B', 'SFP']);
    expect(info.listas.find((l: { lista: string }) => l.lista === 'ONU')).toMatchObject({ entradas: 875, fecha_lista: '2024-09-26', archivos: 'onu_consolidated.xml.gz' });
    expect(info.listas.find((l: { lista: string }) => l.lista === 'SAT 69-B').entradas).toBe(14_280);
    expect(info.indice.entradas).toBeGreaterThan(30_000);
    expect((await call('GET', '/pld/lists', undefined, publicAuth)).status).toBe(403);
  });

  it('POST /pld/lists/reload loads nothing new from the same files', async () => {
    const before = await (await call('GET', '/pld/lists')).json();
    const response = await call('POST', '/pld/lists/reload', {});
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ cambiada: false, version: before.version });
    expect((await call('POST', '/pld/lists/reload', {}, publicAuth)).status).toBe(403);
  });

  it('a newer version written by another process is picked up by refresh, and the reload endpoint loads PLD_DATA_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pld-lists-'));
    for (const name of fs.readdirSync(PLD_DATA_DIR)) fs.copyFileSync(path.join(PLD_DATA_DIR, name), path.join(dir, name));
    const sfp = path.join(dir, 'sfp_proveedores_contratistas_sancionados.csv.gz');
    const added = '"PROVEEDORA ZAFIRO DE PRUEBA, S.A. DE C.V.",SECRETARÍA DE PRUEBA,1/2026,PA-1/2026,LEY,01-01-2026,,,1 año\n';
    fs.writeFileSync(sfp, gzipSync(gunzipSync(fs.readFileSync(sfp)).toString('utf8') + added));
    const query = { name: 'Proveedora Zafiro de Prueba', searchType: 'Company', filterRFC: false };
    const before = await (await call('GET', '/pld/lists')).json();
    expect(await search(query)).toEqual([]);

    // What `npm run pld:reload` does, then the periodic check of the newest load.
    const backend = await server.app.backend;
    const load = await loadPldLists(backend.db, dir);
    expect(load).toMatchObject({ changed: true });
    expect(await search(query)).toEqual([]); // not yet: this instance has not checked
    expect(await backend.pld.refresh()).toBe(true);
    expect((await search(query))[0]).toMatchObject({ nombre: 'PROVEEDORA ZAFIRO DE PRUEBA, S.A. DE C.V.', lista: 'SFP' });
    const after = await (await call('GET', '/pld/lists')).json();
    expect(after.version).not.toBe(before.version);
    expect(after.listas.find((l: { lista: string }) => l.lista === 'SFP').entradas).toBe(before.listas.find((l: { lista: string }) => l.lista === 'SFP').entradas + 1);

    // The endpoint loads the server's own folder: back to the shipped files.
    process.env.PLD_DATA_DIR = PLD_DATA_DIR;
    try {
      const reloaded = await (await call('POST', '/pld/lists/reload', {})).json();
      expect(reloaded).toMatchObject({ cambiada: true, version: before.version });
      expect(await search(query)).toEqual([]);
    } finally {
      delete process.env.PLD_DATA_DIR;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
