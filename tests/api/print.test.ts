// The print calls (spec 02 §2, §7): the record and its packet, and the same packet as a PDF with
// real text. Staff print any client record, a PM without its guarantors; the public prints a client
// record by its uuid once complete or within its 30 days, never one staff registered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import type { PrintAnswer } from '../../forms/contracts/print';
import { plainText, type Block, type Packet } from '../../forms/print/packet-model';
import { pdfText } from '../support/pdf-text';
import { validAvalPfaeModel, validAvalPfModel, validAvalPmModel, validPfaeModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { callApi, startSignedInServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

beforeAll(async () => ({ server, publicAuth, staffAuth } = await startSignedInServer()));
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, auth: string | null = publicAuth) => callApi(server, method, path, body, auth);
const submitted = (model: object) => beforeSubmit(model as unknown as Record<string, unknown>);

async function created(code: string, model: object, meta: Record<string, unknown> = {}, auth = publicAuth) {
  const response = await call('POST', `/${code}`, { data: submitted(model), meta: { last_index: 5, ...meta } }, auth);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as [string])[0];
}

async function printed(code: string, uuid: string, auth = publicAuth): Promise<PrintAnswer> {
  const response = await call('GET', `/${code}/print/cliente/${uuid}`, undefined, auth);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

async function pdfOf(code: string, uuid: string, auth = publicAuth) {
  const response = await call('GET', `/${code}/print/cliente/${uuid}/pdf`, undefined, auth);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="solicitud-${uuid}.pdf"`);
  return new Uint8Array(await response.arrayBuffer());
}

const codes = (packet: Packet) => packet.forms.map((form) => form.header.code);
const titles = (packet: Packet) => packet.forms.map((form) => form.header.title);
const blockText = (block: Block): string[] => {
  switch (block.kind) {
    case 'heading':
      return [block.text];
    case 'fields':
      return block.rows.flatMap((row) => [row.label, row.value]);
    case 'table':
      return [...block.columns, ...block.rows.flat()];
    case 'paragraph':
      return [plainText(block.runs)];
    case 'checkboxes':
      return block.options;
    case 'signatures':
      return block.signers;
  }
};
const packetText = (packet: Packet) => packet.forms.flatMap((form) => [...Object.values(form.header), ...form.blocks.flatMap(blockText)]).join('\n');
const AUTHORISATIONS = ['PRO-FT-006', 'PRO-FT-006'];
const JUNK = /undefined|null|NaN|\[object Object\]/;

describe('the packet of each person type', () => {
  it('prints a PF: financing form FO-PRO-014, the two authorisations, the bureau request FO-PRO-008 and the privacy notice', async () => {
    const uuid = await created('wizardpf', validPfModel());
    const { data, packet } = await printed('wizardpf', uuid);
    expect(data.data).toMatchObject({ nombre: 'CARLOS', uuid });
    expect(data.data).not.toHaveProperty('pld_coincidences');
    expect(codes(packet)).toEqual(['FO-PRO-014', ...AUTHORISATIONS, 'FO-PRO-008', 'FO-DIC-012']);
    expect(packet.forms.map((form) => form.header.company)).toEqual([
      'Arrendadora Occidente, S.A. de C.V., SOFOM, E.N.R.',
      'Arrendadora Occidente, S.A. de C.V., SOFOM, E.N.R.',
      'Occidente Arrendamiento Comercial, S.A. de C.V.',
      'Arrendadora Occidente, S.A. de C.V., SOFOM, E.N.R.',
      'Arrendadora Occidente, S.A. de C.V., SOFOM, E.N.R.',
    ]);
    const authorisation = packet.forms[1]!.header;
    expect([authorisation.code, authorisation.revision, authorisation.issued]).toEqual(['PRO-FT-006', '3', '01/09/2025']);
    const text = packetText(packet);
    for (const shown of ['CARLOS GARCÍA RAMÍREZ', 'GARC850314AB1', 'Av. Juárez 100', '$2,500,000.00', '14/03/1985', 'Comercio al por menor', 'Guadalajara, Jalisco, México']) {
      expect(text).toContain(shown);
    }
    expect(text).not.toMatch(JUNK);
  });

  it('prints a PFAE with its form FO-PRO-015 and the PF bureau request', async () => {
    const uuid = await created('wizardpfae', validPfaeModel());
    const { packet } = await printed('wizardpfae', uuid);
    expect(codes(packet)).toEqual(['FO-PRO-015', ...AUTHORISATIONS, 'FO-PRO-008', 'FO-DIC-012']);
    expect(packetText(packet)).toContain('Av. Vallarta 1');
  });

  it('prints a PM with a guarantor of each type (PF, PFAE, PM): every financing form, authorisations and privacy notice per person, and FO-PRO-010', async () => {
    const pm = await created('wizardpm', validPmModel(), { last_index: 4 });
    await created('wizardpf', { ...validAvalPfModel(), nombre: 'LUCÍA' }, { last_index: 4, parent_uuid: pm });
    await created('wizardpfae', { ...validAvalPfaeModel(), nombre: 'RAMÓN' }, { last_index: 4, parent_uuid: pm });
    await created('wizardpm', { ...validAvalPmModel(), nombre: 'AVALES DEL BAJÍO SA DE CV' }, { last_index: 3, parent_uuid: pm });
    const { data, packet } = await printed('wizardpm', pm);
    expect((data.data!.avales as Array<{ nombre: string }>).map((aval) => aval.nombre)).toEqual(['LUCÍA', 'RAMÓN', 'AVALES DEL BAJÍO SA DE CV']);
    expect(codes(packet)).toEqual([
      'FO-PRO-016',
      'FO-PRO-014',
      'FO-PRO-015',
      'FO-PRO-016',
      ...AUTHORISATIONS,
      ...AUTHORISATIONS,
      ...AUTHORISATIONS,
      ...AUTHORISATIONS,
      'FO-PRO-010',
      'FO-DIC-012',
      'FO-DIC-012',
      'FO-DIC-012',
      'FO-DIC-012',
    ]);
    expect(titles(packet).slice(0, 4)).toEqual([
      'Solicitud de financiamiento',
      'Solicitud de financiamiento — Aval (obligado solidario)',
      'Solicitud de financiamiento — Aval (obligado solidario)',
      'Solicitud de financiamiento — Aval (obligado solidario)',
    ]);
    const text = packetText(packet);
    for (const shown of ['INDUSTRIAS DEL OCCIDENTE SA DE CV', 'IOC100512AB3', 'LUCÍA GARCÍA RAMÍREZ', 'RAMÓN GARCÍA RAMÍREZ', 'Av. Vallarta 1', 'AVALES DEL BAJÍO SA DE CV', 'Parque Industrial']) expect(text).toContain(shown);
    expect(text).not.toMatch(JUNK);

    // Staff print the PM without its guarantors (spec 02 §2).
    const staff = await printed('wizardpm', pm, staffAuth);
    expect(staff.data.data!.avales).toEqual([]);
    expect(codes(staff.packet)).toEqual(['FO-PRO-016', ...AUTHORISATIONS, 'FO-PRO-010', 'FO-DIC-012']);
    expect(packetText(staff.packet)).not.toContain('LUCÍA');
  });

  it('prints the form header from the company data kept in the database', async () => {
    const uuid = await created('wizardpf', validPfModel());
    const { db } = await server.app.backend;
    await db.updateTable('print_form').set({ revision: '4', fecha_emision: '15/01/2027' }).where('form_key', '=', 'financing_pf').execute();
    try {
      const { packet } = await printed('wizardpf', uuid);
      expect(packet.forms[0]!.header).toMatchObject({ code: 'FO-PRO-014', revision: '4', issued: '15/01/2027' });
    } finally {
      await db.updateTable('print_form').set({ revision: '1', fecha_emision: '01/09/2025' }).where('form_key', '=', 'financing_pf').execute();
    }
  });
});

describe('the custom bureau request (formatobce.html)', () => {
  it('prints sanitised instead of FO-PRO-010: no script, event handler, javascript: link, iframe or style; headings, bold and tables kept', async () => {
    const pm = await created('wizardpm', validPmModel(), { last_index: 4 });
    const { db, applications } = await server.app.backend;
    const html =
      '<h2>Solicitud de reporte especial</h2><p onclick="robar()">Marque <b>una sola</b> opción <a href="javascript:alert(1)">aquí</a></p>' +
      '<script>alert("x")</script><iframe src="https://ejemplo.invalid"></iframe><style>p { display: none }</style><img src="x" onerror="alert(2)">' +
      '<table><tr><th>Medio</th><th>Marca</th></tr><tr><td>Correo electrónico</td><td>( )</td></tr><tr><td>Fax</td><td>( )</td></tr></table>';
    const row = await db.selectFrom('application').select('data').where('uuid', '=', pm).executeTakeFirstOrThrow();
    const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
    await db.updateTable('application').set({ data: JSON.stringify({ ...data, formatobce: { html } }) } as never).where('uuid', '=', pm).execute();
    applications.forget(pm);

    const { packet } = await printed('wizardpm', pm);
    const bureau = packet.forms.find((form) => form.header.code === 'FO-PRO-010')!;
    expect(bureau.blocks).toEqual([
      { kind: 'heading', text: 'Solicitud de reporte especial' },
      { kind: 'paragraph', runs: [{ text: 'Marque ' }, { text: 'una sola', bold: true }, { text: ' opción aquí' }] },
      { kind: 'table', columns: ['Medio', 'Marca'], rows: [['Correo electrónico', '( )'], ['Fax', '( )']] },
    ]);
    const text = (await pdfText(await pdfOf('wizardpm', pm))).all;
    expect(text).toContain('Solicitud de reporte especial');
    expect(text).toContain('Correo electrónico');
    expect(text).not.toMatch(/alert|robar|javascript|ejemplo\.invalid|display/);
  });
});

describe('the PDF', () => {
  it('holds the packet as real text, form codes in order, its fonts embedded, one form per page run, the same bytes on the same day', async () => {
    const uuid = await created('wizardpf', validPfModel());
    const bytes = await pdfOf('wizardpf', uuid);
    const { pages, all } = await pdfText(bytes);
    // Every page's footer: its form's code and 'Página n de N'.
    const footers = pages.map((page) => /(FO-PRO-014|PRO-FT-006|FO-PRO-008|FO-DIC-012)\s*Página (\d+) de (\d+)/.exec(page));
    expect(footers.map((footer) => [Number(footer?.[2]), Number(footer?.[3])])).toEqual(pages.map((_, i) => [i + 1, pages.length]));
    // Each form starts a page with its header: the footer's code changes only on a page that opens with 'Código:'.
    const pageCodes = footers.map((footer) => footer![1]);
    expect(pageCodes.filter((code, i) => i === 0 || pageCodes[i - 1] !== code)).toEqual(['FO-PRO-014', 'PRO-FT-006', 'FO-PRO-008', 'FO-DIC-012']);
    pages.forEach((page, i) => {
      if (i === 0 || pageCodes[i - 1] !== pageCodes[i]) expect(page).toContain(`Código: ${pageCodes[i]}`);
    });
    expect(pages.filter((page) => page.includes('Código: PRO-FT-006'))).toHaveLength(2);
    for (const shown of ['CARLOS GARCÍA RAMÍREZ', 'GARC850314AB1', 'Av. Juárez 100', 'Guadalajara, Jalisco, México']) expect(all).toContain(shown);
    expect(all).not.toMatch(JUNK);
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(bytes.length).toBeLessThan(1.5 * 1024 * 1024);
    expect(Buffer.compare(Buffer.from(await pdfOf('wizardpf', uuid)), Buffer.from(bytes))).toBe(0);
  });
});

describe('who prints what', () => {
  it('answers 401 without a session', async () => {
    const uuid = await created('wizardpf', validPfModel());
    expect((await call('GET', `/wizardpf/print/cliente/${uuid}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/wizardpf/print/cliente/${uuid}/pdf`, undefined, null)).status).toBe(401);
  });

  it("answers 404 'Cliente no encontrado' for an unknown uuid, a malformed one, another code's record and a guarantor", async () => {
    const pm = await created('wizardpm', validPmModel(), { last_index: 4 });
    const guarantor = await created('wizardpf', validAvalPfModel(), { last_index: 4, parent_uuid: pm });
    for (const path of [
      '/wizardpf/print/cliente/0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10',
      '/wizardpf/print/cliente/no-es-un-uuid',
      `/wizardpf/print/cliente/${pm}`,
      `/wizardpf/print/cliente/${guarantor}`,
      `/wizardpf/print/cliente/${guarantor}/pdf`,
    ]) {
      const response = await call('GET', path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).message).toBe('No se encontró el cliente: asegúrate de que el código sea correcto.');
    }
  });

  it("answers 404 'Cliente no encontrado' for a record with nothing to print (no name, no RFC)", async () => {
    const uuid = await created('wizardpf', validPfModel());
    const { db, applications } = await server.app.backend;
    await db.updateTable('application').set({ data: JSON.stringify({ tipo_persona: 'Física', clasificacion: 'Cliente' }) } as never).where('uuid', '=', uuid).execute();
    applications.forget(uuid);
    for (const auth of [publicAuth, staffAuth]) expect((await call('GET', `/wizardpf/print/cliente/${uuid}`, undefined, auth)).status).toBe(404);
  });

  it('answers the public the record without what only staff read (the duplicate count, the bureau request html)', async () => {
    const uuid = await created('wizardpf', validPfModel());
    const { data } = await printed('wizardpf', uuid);
    expect(data.data).not.toHaveProperty('cantidad_duplicados');
    expect(data.data).not.toHaveProperty('formatobce');
    expect((await printed('wizardpf', uuid, staffAuth)).data.data).toHaveProperty('formatobce');
  });

  it("answers the public a PM's guarantors without the duplicate count and the bureau request html too", async () => {
    const pm = await created('wizardpm', validPmModel(), { last_index: 4 });
    const guarantor = await created('wizardpf', validAvalPfModel(), { last_index: 4, parent_uuid: pm });
    const { db, applications } = await server.app.backend;
    const row = await db.selectFrom('application').select('data').where('uuid', '=', guarantor).executeTakeFirstOrThrow();
    const stored = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
    await db.updateTable('application').set({ data: JSON.stringify({ ...stored, cantidad_duplicados: 2, formatobce: { html: '<p>x</p>' } }) } as never).where('uuid', '=', guarantor).execute();
    applications.forget(guarantor);
    const [aval] = (await printed('wizardpm', pm)).data.data!.avales as Array<Record<string, unknown>>;
    expect(aval).toHaveProperty('nombre', validAvalPfModel().nombre);
    expect(aval).not.toHaveProperty('cantidad_duplicados');
    expect(aval).not.toHaveProperty('formatobce');
  });

  it('refuses the public a record staff registered (403), which staff print', async () => {
    const uuid = await created('wizardpf', validPfModel(), {}, staffAuth);
    for (const path of [`/wizardpf/print/cliente/${uuid}`, `/wizardpf/print/cliente/${uuid}/pdf`]) {
      const response = await call('GET', path);
      expect(response.status).toBe(403);
      expect((await response.json()).message).toBe('Esta solicitud fue registrada por el personal de la empresa: pide a tu asesor los documentos para firmar.');
    }
    await printed('wizardpf', uuid, staffAuth);
  });

  it('prints to the public a finished record at any time, an unfinished one only within its 30 days', async () => {
    const open = await created('wizardpf', validPfModel());
    const finished = await created('wizardpf', validPfModel(), { complete: true, declaracion_aceptada: true });
    const { db, applications } = await server.app.backend;
    const monthAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    await db.updateTable('application').set({ filled_at: monthAgo } as never).where('uuid', 'in', [open, finished]).execute();
    applications.forget(open);
    applications.forget(finished);
    const refused = await call('GET', `/wizardpf/print/cliente/${open}`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('La solicitud ha expirado y ya no puede imprimirse, por favor comience el registro nuevamente.');
    await printed('wizardpf', finished);
    await printed('wizardpf', open, staffAuth);
  });
});
