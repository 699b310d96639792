// The change history as staff read it (forms/change-history.ts): the forms' labels, the forms'
// way of writing values, only what changed, who and when, the creation as one line; and every
// field a wizard shows has a label in the one map the tabs read (forms/field-labels.ts).
import { describe, expect, it } from 'vitest';
import { describeHistory } from '../../../forms/change-history';
import type { HistoryEntry } from '../../../forms/contracts/application';
import { fieldLabel } from '../../../forms/field-labels';
import { beforeSubmit } from '../../../forms/before-submit';
import { WIZARDS } from '../../../forms/wizards/wizard-for';
import { diffModels } from '../../../forms/model-diff';
import { validPfModel, validPmModel } from './fixtures';

const AT = '2026-11-25T21:31:00.000Z';
let id = 0;
const entry = (changes: HistoryEntry['changes'], rest: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: ++id,
  application_uuid: 'f616852b-b7d7-409a-8adf-13484858425e',
  at: AT,
  actor: 'public',
  actor_nombre: null,
  action: 'update',
  changes,
  ...rest,
});
const pf = (...entries: HistoryEntry[]) => describeHistory({ uuid: 'x', tipo_persona: 'Física', nombre: 'CARLOS', entries });

describe('describeHistory', () => {
  it("an Analista's confirmed finish with a PLD match reads as the lists named, in 'Validaciones PLD', not as a creation", () => {
    const finish = { listas: 'OFAC SDN', por: 'Ana Analista', por_id: 'staff:2', fecha: AT, coincidencias: ['pf||OFAC SDN|OFAC SDN:1'] };
    const [event] = pf(entry(diffModels({}, { pld_finalizacion: finish }), { action: 'finish', actor: 'staff:2', actor_nombre: 'Ana Analista' }));
    expect(event!.summary).toBeNull();
    expect(event!.changes).toEqual([{ path: 'pld_finalizacion', place: 'Validaciones PLD', label: 'Finalización confirmada con coincidencia PLD', before: '', after: 'OFAC SDN' }]);
  });

  it('names each field as its form labels it, with the tab and group it is in', () => {
    const [event] = pf(
      entry([
        { path: 'vivienda.domicilio.codigo_postal', before: '44100', after: '44200' },
        { path: 'referencia_personal_1.parentesco_tiempo_conocerlo', before: 10, after: 12 },
        { path: 'fisica.curp', before: 'A', after: 'B' },
      ]),
    );
    // In the order the forms lay them out, whatever the stored order.
    expect(event!.changes.map(({ place, label }) => [place, label])).toEqual([
      ['Datos generales', 'CURP'],
      ['Vivienda', 'Código postal'],
      ['Referencias personales › Primera referencia personal', 'Años de conocerlo'],
    ]);
  });

  it('writes values as the forms show them: catalogue names, Sí/No, dd/mm/aaaa, pesos, phones 3-3-4, percentages', () => {
    const [event] = pf(
      entry([
        { path: 'fisica.pais.id_pais', before: 484, after: 840 },
        { path: 'fisica.pais.clave', before: 'MX', after: 'US' },
        { path: 'fisica.pais.nombre', before: 'México', after: 'Estados Unidos' },
        { path: 'vivienda.colonia.colonia', before: 'Centro', after: 'Americana' },
        { path: 'vivienda.colonia.municipio', before: 'Guadalajara', after: 'Zapopan' },
        { path: 'clonar_domicilo_fiscal', before: false, after: true },
        { path: 'fisica.fecha_nacimiento', before: '1985-03-14', after: '1985-04-01' },
        { path: 'vivienda.vivienda_valor_aproximado', before: 2500000, after: 3100000.5 },
        { path: 'empleo.actividad_economica.nombre', before: null, after: 'Comercio al por menor' },
        { path: 'celular.numero', before: '3312345678', after: '5511122233' },
      ]),
    );
    expect(event!.changes.map(({ label, before, after }) => [label, before, after])).toEqual([
      ['Fecha de nacimiento', '14/03/1985', '01/04/1985'],
      ['Teléfono celular', '331-234-5678', '551-112-2233'],
      ['País de nacimiento', 'México', 'Estados Unidos'],
      ['Valor aproximado', '$2,500,000.00', '$3,100,000.50'],
      ['Colonia', 'Centro', 'Americana'],
      ['Actividad económica', '', 'Comercio al por menor'],
      ['El domicilio operativo es el mismo que el fiscal', 'No', 'Sí'],
    ]);
  });

  it('names the items of a list by position and a legal entity by its business name, with percentages', () => {
    const [event] = describeHistory({
      uuid: 'x',
      tipo_persona: 'Moral',
      nombre: 'ACME',
      entries: [
        entry([
          { path: 'nombre', before: 'ACME', after: 'ACME SA' },
          { path: 'representantes[1].rfc', before: '', after: 'GARC850314AB1' },
          { path: 'accionistas[0].porcentaje_participacion', before: 50, after: 60 },
          { path: 'informacion_fiscal.colonia_operativo.colonia', before: 'Centro', after: 'Americana' },
        ]),
      ],
    });
    expect(event!.changes.map(({ place, label, after }) => [place, label, after])).toEqual([
      ['Datos generales', 'Razón social', 'ACME SA'],
      ['Datos generales › Domicilio operativo', 'Colonia', 'Americana'],
      ['Contactos › Representante legal 2', 'RFC con homoclave', 'GARC850314AB1'],
      ['Accionistas mayoritarios › Accionista 1', 'Porcentaje de participación', '60 %'],
    ]);
  });

  it('says who (the staff member by name, or the applicant) and when, in Spanish', () => {
    const [byApplicant, byStaff, byRemoved] = pf(
      entry([{ path: 'email', before: 'a@example.com', after: 'b@example.com' }]),
      entry([{ path: 'email', before: 'b@example.com', after: 'c@example.com' }], { actor: 'staff:3', actor_nombre: 'María González Ruiz' }),
      entry([{ path: 'email', before: 'c@example.com', after: 'd@example.com' }], { actor: 'staff:9' }),
    );
    expect(byApplicant).toMatchObject({ title: 'Actualización', who: 'Solicitante' });
    expect(byStaff!.who).toBe('María González Ruiz');
    expect(byRemoved!.who).toBe('Personal (cuenta 9)');
    // The time of day is the browser's; the date words are Spanish.
    expect(byStaff!.when).toMatch(/^2[56] de noviembre de 2026, \d{2}:\d{2}$/);
  });

  it('shows only what changed, leaves out what no form shows, and words the record fields staff care about', () => {
    const [event] = pf(
      entry([
        { path: 'uuid', before: null, after: 'x' },
        { path: 'clasificacion', before: null, after: 'Cliente' },
        { path: 'vivienda.colonia.estado', before: 'Jalisco', after: 'Colima' },
        { path: 'editable', before: 'all', after: 'none' },
        { path: 'cantidad_duplicados', before: null, after: 3 },
        { path: 'pld_coincidences.coincidencias_validadas', before: false, after: true },
        { path: 'pld_coincidences.users.pf[0].nombre', before: null, after: 'X' },
      ]),
    );
    expect(event!.changes.map(({ place, label, before, after }) => [place, label, before, after])).toEqual([
      ['', 'Nivel de edición', 'Editable', 'Con solicitud aprobada'],
      ['', 'Clientes con el mismo RFC', '', '3'],
      ['Validaciones PLD', 'Revisión de coincidencias PLD', '', 'Modificada'],
    ]);
  });

  it('sums up a creation in one line, counting the fields filled', () => {
    const model = beforeSubmit(validPfModel() as unknown as Record<string, unknown>);
    const created = entry(diffModels({}, { ...model, uuid: 'x' }) as HistoryEntry['changes'], { action: 'create' });
    const [event] = pf(created);
    const filled = event!.changes.filter((change) => change.after !== '').length;
    expect(filled).toBeGreaterThan(20);
    expect(event).toMatchObject({ title: 'Creación', summary: `Solicitud creada por Solicitante con ${filled} campos` });
    // No raw paths, no JSON, no 'true'/'false' among the values.
    for (const change of event!.changes) {
      expect(change.label).not.toMatch(/[._[]/);
      expect(`${change.before} ${change.after}`).not.toMatch(/[{}]|\btrue\b|\bfalse\b/);
    }
    const [finished] = pf(entry(created.changes, { action: 'finish', actor: 'staff:1', actor_nombre: 'Ana López' }));
    expect(finished!.summary).toBe(`Solicitud creada por Ana López con ${filled} campos y finalizada`);
  });

  it('reads a PM’s creation too', () => {
    const model = beforeSubmit(validPmModel() as unknown as Record<string, unknown>);
    const [event] = describeHistory({ uuid: 'x', tipo_persona: 'Moral', nombre: 'X', entries: [entry(diffModels({}, model) as HistoryEntry['changes'], { action: 'create' })] });
    expect(event!.summary).toMatch(/^Solicitud creada por Solicitante con \d+ campos$/);
    expect(event!.changes.find((change) => change.label === 'Razón social')).toBeDefined();
  });
});

describe('the field labels', () => {
  // Fields the record carries that no form shows (fixed values, the server's own).
  const NOT_SHOWN = /^(tipo_persona|clasificacion|editable|uuid|id_persona_datos_generales|cantidad_duplicados|persona_completa|entidades_eliminadas\[\]|celular\.extension|empresa_razon_social|avales\[\]\..*|.*tipo_referencia)$/;

  it('name every field every wizard shows', () => {
    const missing = WIZARDS.flatMap((wizard) => wizard.tabs.flatMap((tab) => tab.fields))
      .filter((path) => !NOT_SHOWN.test(path))
      .filter((path) => fieldLabel(path) === undefined);
    expect([...new Set(missing)]).toEqual([]);
  });

  it("labels a shareholder's name by the shareholder's type: a person's 'Nombre(s)', a company's 'Razón social'", () => {
    const [event] = describeHistory({
      uuid: 'x',
      tipo_persona: 'Moral',
      nombre: 'X',
      entries: [
        entry([
          { path: 'accionistas[0].tipo_persona', before: null, after: 'Física' },
          { path: 'accionistas[0].nombre', before: null, after: 'ANA' },
          { path: 'accionistas[1].tipo_persona', before: null, after: 'Moral' },
          { path: 'accionistas[1].nombre', before: null, after: 'INVERSORA SA' },
          // A name changed alone: the entry does not say which the shareholder is.
          { path: 'accionistas[2].nombre', before: 'LUIS', after: 'LUISA' },
        ]),
      ],
    });
    expect(event!.changes.filter((change) => change.path.endsWith('.nombre')).map(({ label, after }) => [label, after])).toEqual([
      ['Nombre(s)', 'ANA'],
      ['Razón social', 'INVERSORA SA'],
      ['Nombre o razón social', 'LUISA'],
    ]);
  });
});
