// A draft's update validates only the tabs that can have changed (server/validation/validate-write.ts):
// for generated stored drafts and random edits, it answers exactly what the whole validation
// answers (the same cleaned model, key order included, or the same Spanish errors) whenever the
// stored model was itself accepted; and the cases the rule must not miss, one by one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../forms/messages';
import type { Neighbourhood } from '../../forms/schema/address';
import { defineTab, defineWizard } from '../../forms/wizards/define-wizard';
import { WIZARDS, type AnyWizard } from '../../forms/wizards/wizard-for';
import { object, string } from 'yup';
import { tabsToCheck } from '../../server/validation/changed-tabs';
import { validateApplicationWrite, WriteValidationError, type WriteOptions } from '../../server/validation/validate-write';
import { validAvalPfaeModel, validAvalPfModel, validAvalPmModel, validPfaeModel, validPfModel, validPmModel } from './forms/fixtures';

type Model = Record<string, unknown>;

const FIXTURES: Array<() => Model> = [validPfModel, validPfaeModel, validPmModel, validAvalPfModel, validAvalPfaeModel, validAvalPmModel] as unknown as Array<() => Model>;
const wizardOf = (model: Model) => WIZARDS.find((w) => w.tipo_persona === model.tipo_persona && w.clasificacion === model.clasificacion)!;

const CENTRO: Neighbourhood = { colonia: 'Centro', municipio: 'Guadalajara', estado: 'Jalisco' };
/** The catalogue: '99999' has no settlements; the changed catalogue has lost '44100' too (the fixtures' code). */
const catalogue = (code: string) => (code === '99999' ? [] : [CENTRO]);
const changedCatalogue = (code: string) => (code === '99999' || code === '44100' ? [] : [CENTRO]);

type Outcome = { model: Model } | { errors: Record<string, string> };
async function outcome(run: () => Promise<Model>): Promise<Outcome> {
  try {
    return { model: await run() };
  } catch (error) {
    if (error instanceof WriteValidationError) return { errors: error.errores };
    throw error;
  }
}

/** The whole validation and the partial one of the same update. */
async function both(incoming: Model, options: WriteOptions, previous: NonNullable<WriteOptions['previous']>) {
  const whole = await outcome(() => validateApplicationWrite(structuredClone(incoming), options));
  const partial = await outcome(() => validateApplicationWrite(structuredClone(incoming), { ...options, previous }));
  return { whole, partial };
}

const VALUES: unknown[] = [
  '', 'X', 'Otra', 'ABC123', '44100', '99999', '1234', 0, 150, -1, '1.234', '12.5', null, true, 'Si', 'No', 'Casado', 'Moral',
  'Física con actividad empresarial', '2001-02-03', '1985-03-14', 'GARC850314AB1', 'INV990303EF4', 'a'.repeat(300), '331-234-5678',
  { colonia: 'Otra', municipio: '', estado: '' }, CENTRO, [], { extra: 1 },
];

/** An edit: a field path of a tab, a list position, and what is put there (or the item removed or copied). */
const edit = fc.record({ tab: fc.nat(9), field: fc.nat(200), index: fc.nat(3), value: fc.nat(VALUES.length + 2), unknownKey: fc.boolean() });
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function applyEdit(wizard: AnyWizard, model: Model, { tab, field, index, value, unknownKey }: Edit, other: Model) {
  const fields = wizard.tabs[tab % wizard.tabs.length].fields;
  if (fields.length === 0) return;
  const path = fields[field % fields.length];
  const keys = path.split('.').flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), index] : [part]));
  let node: unknown = model;
  for (const key of keys.slice(0, -1)) {
    const next = (node as Record<string | number, unknown>)[key];
    if (typeof next !== 'object' || next === null) return;
    node = next;
  }
  const holder = node as Record<string | number, unknown>;
  const last = keys.at(-1)!;
  if (unknownKey && !Array.isArray(holder)) {
    holder.campo_desconocido = 'x';
    return;
  }
  if (value === VALUES.length) {
    // The item of a list removed, or the value of another valid model put in its place.
    const list = keys.findLastIndex((key) => typeof key === 'number');
    if (list > 0) {
      const parent = keys.slice(0, list).reduce<unknown>((n, key) => (n as Record<string | number, unknown>)?.[key], model);
      if (Array.isArray(parent)) parent.splice(keys[list] as number, 1);
    }
    return;
  }
  if (value === VALUES.length + 1) {
    const from = keys.reduce<unknown>((n, key) => (n as Record<string | number, unknown> | undefined)?.[key], other);
    if (from !== undefined) holder[last] = structuredClone(from);
    return;
  }
  holder[last] = structuredClone(VALUES[value % VALUES.length]);
}

describe('a draft’s update validates only what can have changed', () => {
  it('answers what the whole validation answers, for generated drafts and edits', async () => {
    let accepted = 0;
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat(FIXTURES.length - 1),
        fc.array(edit, { maxLength: 3 }),
        fc.nat(6),
        fc.array(edit, { maxLength: 3 }),
        fc.nat(3),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        async (which, storedEdits, storedReached, edits, furtherReach, storedByStaff, staff, catalogueChanged, sendsLists) => {
          const fixture = FIXTURES[which]();
          const wizard = wizardOf(fixture);
          const other = FIXTURES[(which + 1) % FIXTURES.length]();
          for (const e of storedEdits) applyEdit(wizard, fixture, e, other);
          const stored = await outcome(() => validateApplicationWrite(fixture, { reachedTabs: storedReached, staff: storedByStaff, neighbourhoodsOf: catalogue }));
          if (!('model' in stored)) return;
          accepted++;
          const incoming = structuredClone(stored.model);
          for (const e of edits) applyEdit(wizard, incoming, e, other);
          // The browser sends the lists it looked up; the server replaces them with the catalogue's.
          if (sendsLists) for (const holder of Object.values(incoming)) if (holder && typeof holder === 'object' && 'domicilio' in holder) Object.assign(holder, { colonia_catalogo: [CENTRO, CENTRO] });
          const reached = storedReached + furtherReach;
          const options: WriteOptions = { reachedTabs: reached, staff, neighbourhoodsOf: catalogueChanged ? changedCatalogue : catalogue, locks: { level: 'all', stored: stored.model } };
          const { whole, partial } = await both(incoming, options, { model: stored.model, reachedTabs: storedReached });
          // The same model (its JSON text too, key order included), or the same set of errors.
          expect(partial).toEqual(whole);
          if ('model' in whole) expect(JSON.stringify(partial)).toBe(JSON.stringify(whole));
          compared++;
        },
      ),
      { numRuns: 400, seed: 21 },
    );
    // Most generated stored drafts are accepted: the comparison is not vacuous.
    expect(accepted).toBeGreaterThan(100);
    expect(compared).toBe(accepted);
  }, 60_000);

  const storedPf = async (reachedTabs = 5) => {
    const stored = (await validateApplicationWrite(validPfModel() as unknown as Model, { reachedTabs, neighbourhoodsOf: catalogue })) as Model;
    return stored;
  };

  it('refuses a changed field in a later tab with the message of the whole validation', async () => {
    const stored = await storedPf();
    const incoming = structuredClone(stored);
    (incoming.referencia_personal_2 as Model).telefono_numero = '12';
    const options: WriteOptions = { reachedTabs: 5, neighbourhoodsOf: catalogue };
    const { whole, partial } = await both(incoming, options, { model: stored, reachedTabs: 5 });
    expect(partial).toEqual(whole);
    expect('errors' in partial && Object.keys(partial.errors).some((path) => path.startsWith('referencia_personal_2.'))).toBe(true);
    expect(tabsToCheck(wizardOf(stored), incoming, { ...options, previous: { model: stored, reachedTabs: 5 } })).toEqual(
      new Set([...wizardOf(stored).tabs[4].fields.map((f) => f.split('.')[0]), ...UNOWNED(wizardOf(stored))]),
    );
  });

  it('refuses a tab newly reached with an empty required field, though only the first tab changed', async () => {
    const draft = validPfModel() as unknown as Model;
    (draft.empleo as Model).empresa_nombre = '';
    const stored = (await validateApplicationWrite(draft, { reachedTabs: 1, neighbourhoodsOf: catalogue })) as Model;
    const incoming = { ...structuredClone(stored), nombre: 'CARLOS ALBERTO' };
    const { whole, partial } = await both(incoming, { reachedTabs: 3, neighbourhoodsOf: catalogue }, { model: stored, reachedTabs: 1 });
    expect(partial).toEqual(whole);
    expect(partial).toEqual({ errors: expect.objectContaining({ 'empleo.empresa_nombre': MESSAGES.required }) });
    // Not reached yet: the same save up to tab 2 is accepted.
    const notYet = await both(incoming, { reachedTabs: 2, neighbourhoodsOf: catalogue }, { model: stored, reachedTabs: 1 });
    expect(notYet.partial).toEqual(notYet.whole);
    expect('model' in notYet.partial).toBe(true);
  });

  it('checks a rule reading another field of the tab when only that field changed (the RFC against the incorporation date)', async () => {
    const stored = (await validateApplicationWrite(validPmModel() as unknown as Model, { reachedTabs: 5, neighbourhoodsOf: catalogue })) as Model;
    const incoming = structuredClone(stored);
    (incoming.informacion_fiscal as Model).fecha_constitucion = '2011-06-13';
    const { whole, partial } = await both(incoming, { reachedTabs: 5, neighbourhoodsOf: catalogue }, { model: stored, reachedTabs: 5 });
    expect(partial).toEqual(whole);
    expect(partial).toEqual({ errors: expect.objectContaining({ 'moral.rfc': expect.any(String) }) });
  });

  it('checks the staff-only shareholder total on a staff save of a draft the public stored', async () => {
    const draft = validPmModel() as unknown as Model;
    (draft.accionistas as Model[])[0].porcentaje_participacion = 10;
    const stored = (await validateApplicationWrite(draft, { reachedTabs: 5, staff: false, neighbourhoodsOf: catalogue })) as Model;
    const incoming = { ...structuredClone(stored), comentarios: 'Revisado' };
    const { whole, partial } = await both(incoming, { reachedTabs: 5, staff: true, neighbourhoodsOf: catalogue }, { model: stored, reachedTabs: 5 });
    expect(partial).toEqual(whole);
    expect(partial).toEqual({ errors: expect.objectContaining({ 'accionistas[0].porcentaje_participacion': MESSAGES.shareholdersTotal }) });
  });

  it('checks again a postal code the catalogue no longer knows', async () => {
    const stored = await storedPf();
    const incoming = { ...structuredClone(stored), nombre: 'CARLOS ALBERTO' };
    const { whole, partial } = await both(incoming, { reachedTabs: 5, neighbourhoodsOf: changedCatalogue }, { model: stored, reachedTabs: 5 });
    expect(partial).toEqual(whole);
    expect(partial).toEqual({ errors: expect.objectContaining({ 'vivienda.domicilio.codigo_postal': MESSAGES.postalCodeNotFound }) });
  });

  it('validates a tab again when a key of another tab its rules read (declared in `reads`) changed', () => {
    const wizard = defineWizard({
      name: 'test',
      code: 'wizardpf',
      tipo_persona: 'Física',
      clasificacion: 'Cliente',
      tabs: [defineTab('a', 'A', { uno: string() }), defineTab('b', 'B', { dos: string() }, { reads: ['uno'] }), defineTab('c', 'C', { tres: string() })],
      schema: object({ uno: string(), dos: string(), tres: string() }),
    }) as unknown as AnyWizard;
    const previous = { model: { uno: 'a', dos: 'b', tres: 'c' }, reachedTabs: 3 };
    expect(tabsToCheck(wizard, { uno: 'z', dos: 'b', tres: 'c' }, { reachedTabs: 3, previous })).toEqual(new Set(['uno', 'dos']));
    expect(tabsToCheck(wizard, { uno: 'a', dos: 'b', tres: 'z' }, { reachedTabs: 3, previous })).toEqual(new Set(['tres']));
    // A locked level, or no stored model, validates the whole model.
    expect(tabsToCheck(wizard, { uno: 'z', dos: 'b', tres: 'c' }, { reachedTabs: 3, previous, locks: { level: 'general_fields', stored: previous.model } })).toBeUndefined();
    expect(tabsToCheck(wizard, { uno: 'z', dos: 'b', tres: 'c' }, { reachedTabs: 3 })).toBeUndefined();
  });
});

const UNOWNED = (wizard: AnyWizard) => {
  const owned = new Set(wizard.tabs.flatMap((tab) => tab.fields.map((f) => f.split(/[.[]/)[0])));
  return Object.keys(wizard.schema.fields).filter((key) => !owned.has(key));
};
