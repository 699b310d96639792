// The financing forms of the packet (FO-PRO-014, -015, -016): the right header for each person type
// and classification, every field of every wizard tab printed as it prints (money, dates, entries by
// name), blanks that are '' for an empty model, the labels the applicant saw, and the closing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { financingForm, FINANCING_TITLE, GUARANTOR_FINANCING_TITLE } from '../../../forms/print/financing-forms';
import { money, shortDate, entryName, plain } from '../../../forms/print/format';
import { beforeSubmit } from '../../../forms/before-submit';
import type { Block, PrintForm } from '../../../forms/print/packet-model';
import { plainText } from '../../../forms/print/packet-model';
import { TEST_COMPANY } from './test-company';
import { TAB_TITLES } from '../../../forms/messages';
import { wizardNamed } from '../../../forms/wizards/wizard-for';
import { validAvalPfaeModel, validAvalPfModel, validAvalPmModel, validPfaeModel, validPfModel, validPmModel } from '../forms/fixtures';
import { COMPANY_FIELD_LABELS, FIELD_LABELS, GROUP_TITLES } from '../../../forms/field-labels';

type Model = Record<string, unknown>;

const context = { company: TEST_COMPANY, today: new Date(2026, 10, 23) };
const print = (model: Model) => financingForm(model, context);


const FIXTURES: Record<string, { model: () => Model; code: string; title: string }> = {
  pf: { model: validPfModel, code: 'FO-PRO-014', title: FINANCING_TITLE },
  pfae: { model: validPfaeModel, code: 'FO-PRO-015', title: FINANCING_TITLE },
  pm: { model: validPmModel, code: 'FO-PRO-016', title: FINANCING_TITLE },
  avalpf: { model: validAvalPfModel, code: 'FO-PRO-014', title: GUARANTOR_FINANCING_TITLE },
  avalpfae: { model: validAvalPfaeModel, code: 'FO-PRO-015', title: GUARANTOR_FINANCING_TITLE },
  avalpm: { model: validAvalPmModel, code: 'FO-PRO-016', title: GUARANTOR_FINANCING_TITLE },
};

/** Keys that are the record's or the server's, not the applicant's (the brief's internal keys). */
const INTERNAL = /(^|\.)(index|uuid|editable|cantidad_duplicados|pld_coincidences|avales|formatobce|persona_completa|entidades_eliminadas|id_persona_datos_generales|clonar_domicilo_fiscal)$|_catalogo$/;

/** Every text the form prints, as the renderers lay it out. */
function printedTexts(form: PrintForm): string[] {
  const texts: string[] = [form.header.title, form.header.code, form.header.company];
  for (const block of form.blocks) {
    if (block.kind === 'heading') texts.push(block.text);
    if (block.kind === 'fields') for (const row of block.rows) texts.push(row.label, row.value);
    if (block.kind === 'table') texts.push(...block.columns, ...block.rows.flat());
    if (block.kind === 'paragraph') texts.push(plainText(block.runs));
    if (block.kind === 'checkboxes') texts.push(...block.options);
    if (block.kind === 'signatures') texts.push(...block.signers);
  }
  return texts;
}

const rows = (form: PrintForm) => form.blocks.flatMap((block) => (block.kind === 'fields' ? block.rows : []));
const valueOf = (form: PrintForm, label: string) => rows(form).filter((row) => row.label === label).map((row) => row.value);
const tables = (form: PrintForm) => form.blocks.filter((block): block is Extract<Block, { kind: 'table' }> => block.kind === 'table');

/** The model's leaves at a tab field path ('representantes[].rfc' gives one per item). */
function leavesAt(model: unknown, fieldPath: string): unknown[] {
  let nodes: unknown[] = [model];
  for (const part of fieldPath.split('.')) {
    const list = part.endsWith('[]');
    const key = list ? part.slice(0, -2) : part;
    nodes = nodes.flatMap((node) => {
      const next = node && typeof node === 'object' ? (node as Model)[key] : undefined;
      return list ? (Array.isArray(next) ? next : []) : [next];
    });
  }
  return nodes;
}

/** How a leaf prints, written from the spec rather than read from the forms: '' when it prints nothing to look for. */
function expectedText(fieldPath: string, value: unknown): string {
  if (value && typeof value === 'object') {
    const name = entryName(value);
    return name === 'Otra' ? '' : name; // 'Otra' prints the otra_colonia typed, checked through that path
  }
  if (/fecha_/.test(fieldPath)) return shortDate(value);
  if (/^activos_pasivos\.|vivienda_valor_/.test(fieldPath)) return money(value);
  if (fieldPath === 'mantiene_vinculo_patrimonial' && value === 'Si') return 'Sí';
  return plain(value);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `text` printed as a whole word of some printed string (a cell '333-444-5555 ext. 123' prints the extension '123'). */
const printedIn = (texts: string[], text: string) => texts.some((printed) => new RegExp(`(^|\\s)${escape(text)}(\\s|$)`, 'u').test(printed));

/** A copy of `model` with values set at dotted paths (list items by number: 'representantes.0.extension'). */
function withValues(model: Model, values: Record<string, unknown>): Model {
  const copy = structuredClone(model);
  for (const [dotted, value] of Object.entries(values)) {
    const keys = dotted.split('.');
    let node = copy as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  }
  return copy;
}

const OTHER = { colonia: 'Otra', municipio: 'Zapopan', estado: 'Jalisco' };
const CENTRO = { colonia: 'Centro', municipio: 'Guadalajara', estado: 'Jalisco' };

/** What the fixtures leave empty or hide behind another answer, filled in the other way. */
const naturalPersonVariant = (businessActivity: boolean) => (model: Model) =>
  withValues(model, {
    'celular.extension': '41',
    'fisica.pais': { id_pais: 840, clave: 'US', nombre: 'Estados Unidos' },
    'fisica.nacionalidad': 'Extranjera',
    'fisica.estado': null,
    'fisica.municipio': null,
    'fisica.entidad_nacimiento': 'TEXAS',
    'fisica.ciudad_nacimiento': 'HOUSTON',
    'vivienda.vivienda_tipo': 'Rentada',
    'vivienda.vivienda_valor_aproximado': null,
    'vivienda.vivienda_valor_hipoteca_mensual': null,
    'vivienda.vivienda_valor_renta_mensual': 8500,
    'vivienda.telefono.extension': '42',
    'vivienda.colonia': OTHER,
    'vivienda.otra_colonia': 'LAS ÁGUILAS',
    'empleo.colonia': OTHER,
    'empleo.otra_colonia': 'ZONA INDUSTRIAL',
    ...(businessActivity
      ? { 'empleo.colonia_fiscal': OTHER, 'empleo.otra_colonia_fiscal': 'FISCAL NORTE', 'empleo.colonia_operativo': OTHER, 'empleo.otra_colonia_operativo': 'OPERATIVA SUR' }
      : {}),
    mantiene_vinculo_patrimonial: 'Si',
    involucrado_vinculo_patrimonial: 'PEDRO SÁNCHEZ',
    'activos_pasivos.activos_valor_automovil': 350000,
    'activos_pasivos.activos_valor_otras_propiedades': 1200000,
    'activos_pasivos.pasivos_valor_deuda_automovil': 150000,
    'activos_pasivos.pasivos_valor_deuda_otras_propiedades': 90000.75,
    'referencia_familiar.celular_numero': '331-000-5555',
    'referencia_personal_2.celular_numero': '331-000-6666',
  });

const legalEntityVariant = (model: Model) =>
  withValues(model, {
    comentarios: 'CLIENTE DESDE 2015',
    'moral.telefono2_numero': '333-600-7001',
    'moral.telefono2_extension': '11',
    'informacion_fiscal.colonia_fiscal': OTHER,
    'informacion_fiscal.otra_colonia_fiscal': 'ZONA FISCAL',
    'informacion_fiscal.colonia_operativo': CENTRO,
    'informacion_fiscal.otra_colonia_operativo': '',
    'representantes.0.extension': '21',
    'contacto_pago.extension': '22',
    'referencias.0.telefono_extension': '23',
    'accionistas.1.apellido_materno': 'SOTO',
  });

const VARIANTS: Record<string, (model: Model) => Model> = {
  pf: naturalPersonVariant(false),
  pfae: naturalPersonVariant(true),
  avalpf: naturalPersonVariant(false),
  avalpfae: naturalPersonVariant(true),
  pm: legalEntityVariant,
  avalpm: legalEntityVariant,
};

describe('financingForm', () => {
  it.each(Object.entries(FIXTURES))('%s: the form of its person type, titled as the applicant’s or a guarantor’s', (_name, { model, code, title }) => {
    const form = print(model());
    expect(form.header).toEqual({ title, code, revision: '1', issued: '01/09/2025', company: TEST_COMPANY.sofom.empresa_razon_social });
  });

  it.each(Object.keys(FIXTURES))('%s: every field of every tab prints its value', (name) => {
    const wizard = wizardNamed(name)!;
    const paths = wizard.tabs.flatMap((tab) => tab.fields).filter((field) => !INTERNAL.test(field));
    const models = [FIXTURES[name].model(), VARIANTS[name](FIXTURES[name].model())];
    const filled = new Set<string>();
    const missing: string[] = [];
    for (const model of models) {
      const texts = printedTexts(print(model));
      for (const field of paths) {
        for (const value of leavesAt(model, field)) {
          const text = expectedText(field, value);
          if (!text) continue;
          filled.add(field);
          if (!printedIn(texts, text)) missing.push(`${field}: ${text}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The fixtures and their variants fill every field once, or the check above proves nothing for it.
    expect(paths.filter((field) => !filled.has(field))).toEqual([]);
  });

  it('sections follow the wizard’s tabs in order', () => {
    const headings = (model: Model) => print(model).blocks.flatMap((block) => (block.kind === 'heading' ? [block.text] : []));
    expect(headings(validPfaeModel())).toEqual([
      TAB_TITLES.datosGenerales,
      TAB_TITLES.vivienda,
      'Domicilio',
      TAB_TITLES.empleo,
      'Domicilio del empleo',
      'Domicilio fiscal',
      'Domicilio operativo',
      TAB_TITLES.activosPasivos,
      TAB_TITLES.referenciasPersonales,
    ]);
    expect(headings(validPmModel())).toEqual([
      TAB_TITLES.datosGenerales,
      'Domicilio fiscal',
      'Domicilio operativo',
      TAB_TITLES.contactos,
      TAB_TITLES.accionistas,
      TAB_TITLES.proveedores,
    ]);
  });

  it('prints money as es-MX pesos and dates as dd/mm/aaaa', () => {
    const pf = print(validPfModel());
    expect(valueOf(pf, 'Valor aproximado')).toEqual(['$2,500,000.00']);
    expect(valueOf(pf, 'Hipoteca mensual')).toEqual(['$12,000.50']);
    expect(valueOf(pf, 'Deuda de vivienda')).toEqual(['$800,000.25']);
    expect(valueOf(pf, 'Valor de tu automóvil')).toEqual(['']);
    expect(valueOf(pf, 'Fecha de nacimiento')).toEqual(['14/03/1985']);
    expect(valueOf(pf, 'Fecha de ingreso')).toEqual(['05/01/2015']);
    expect(valueOf(print(validPmModel()), 'Fecha de constitución')).toEqual(['12/05/2010']);
  });

  it('prints catalogue entries by name, and the neighbourhood typed when the one chosen is Otra', () => {
    const pf = print(validPfModel());
    expect(valueOf(pf, 'País de nacimiento')).toEqual(['México']);
    expect(valueOf(pf, 'Estado de nacimiento')).toEqual(['Jalisco']);
    expect(valueOf(pf, 'Municipio de nacimiento')).toEqual(['Guadalajara']);
    expect(valueOf(pf, 'Actividad económica')).toEqual(['Comercio al por menor']);
    expect(valueOf(pf, 'Colonia')).toEqual(['Centro', 'Centro']);
    expect(valueOf(pf, 'País')).toEqual(['México', 'México']);
    const pm = print(validPmModel());
    expect(valueOf(pm, 'Actividad económica')).toEqual(['Industria alimentaria']);
    expect(valueOf(pm, 'Colonia')).toEqual(['Centro', 'Parque Industrial']);
    expect(printedTexts(pm)).not.toContain('Otra');
  });

  it('asks the birthplace as the wizard does: from the catalogues for México, as free text abroad', () => {
    const abroad = print(naturalPersonVariant(false)(validPfModel()));
    expect(valueOf(abroad, 'País de nacimiento')).toEqual(['Estados Unidos']);
    expect(valueOf(abroad, 'Nacionalidad')).toEqual(['Extranjera']);
    expect(valueOf(abroad, 'Estado o provincia de nacimiento')).toEqual(['TEXAS']);
    expect(valueOf(abroad, 'Ciudad de nacimiento')).toEqual(['HOUSTON']);
    expect(valueOf(abroad, 'Estado de nacimiento')).toEqual([]);
  });

  it('prints blank what the answers make not apply, where the paper form still has its line', () => {
    const single = print(withValues(validPfModel(), { 'fisica.estado_civil': 'Soltero', 'vivienda.vivienda_tipo': 'Propia' }));
    expect(valueOf(single, 'Régimen matrimonial')).toEqual(['']);
    expect(valueOf(single, 'Nombre completo del cónyuge')).toEqual(['']);
    expect(valueOf(single, 'Hipoteca mensual')).toEqual(['']);
    expect(valueOf(single, 'Renta mensual')).toEqual(['']);
    expect(valueOf(single, 'Nombre de la persona con vínculo patrimonial')).toEqual(['']);
    expect(valueOf(print(naturalPersonVariant(false)(validPfModel())), '¿Mantiene vínculo patrimonial?')).toEqual(['Sí']);
  });

  it('prints the lists as tables, with the blank rows the wizard starts with', () => {
    const [contacts, shareholders, suppliers] = tables(print(validPmModel()));
    expect(contacts.rows.map((row) => row[0])).toEqual(['Representante legal 1', 'Representante legal 2', 'Representante legal 3', 'Contacto de pago']);
    expect(shareholders.columns).toContain('Género');
    expect(shareholders.rows[1]).toEqual(['Física con actividad empresarial', 'Mujer', 'ANA', 'RUIZ', '', 'RUAN750202CD2', '35.5\u00a0%']);
    expect(suppliers.rows[0]).toEqual(['Proveedor 1', 'PROVEEDOR 1', 'Contacto', 'Ventas', '333-700-0001']);
    expect(tables(print(validAvalPmModel()))[1].columns).not.toContain('Género');
    const extension = tables(print(legalEntityVariant(validPmModel())))[0];
    expect(extension.rows[0][5]).toBe('331-555-0001 ext. 21');
    const [references] = tables(print(validPfModel()));
    expect(references.rows).toEqual([
      ['Familiar', 'MARÍA GARCÍA', 'MADRE', '', '331-000-1111', ''],
      ['Personal', 'JUAN PÉREZ', '', '10', '331-000-2222', '331-000-3333'],
      ['Personal', 'LUIS TORRES', '', '5.5', '331-000-4444', ''],
    ]);
    // Stored phones are digits (the before-submit transform): they print as the form shows them.
    expect(tables(print(beforeSubmit(validPfModel())))[0].rows[1]).toEqual(['Personal', 'JUAN PÉREZ', '', '10', '331-000-2222', '331-000-3333']);
  });

  describe('an empty model', () => {
    const BAD = /undefined|null|NaN|\[object Object\]/;
    const empties: Array<[string, Model]> = [
      ['PF', { tipo_persona: 'Física' }],
      ['PFAE', { tipo_persona: 'Física con actividad empresarial' }],
      ['PM', { tipo_persona: 'Moral' }],
      ['guarantor PF', { tipo_persona: 'Física', clasificacion: 'Obligado' }],
      ['guarantor PM', { tipo_persona: 'Moral', clasificacion: 'Obligado' }],
      ['PM with empty lists and lists of nulls', { tipo_persona: 'Moral', representantes: [], accionistas: [null, null], referencias: [null], contacto_pago: null }],
      ['PFAE with null sections', { tipo_persona: 'Física con actividad empresarial', clasificacion: 'Obligado', fisica: null, empleo: null, vivienda: null, referencia_familiar: null }],
    ];
    const junk: Array<[string, Model]> = [
      [
        'PM with nulls and junk',
        {
          tipo_persona: 'Moral',
          nombre: null,
          moral: { rfc: undefined, numero_empleados: Number.NaN, actividad_economica: null, telefono_numero: {} },
          informacion_fiscal: { colonia_fiscal: null, domicilio_fiscal: 'x', fecha_constitucion: 'no es fecha' },
          representantes: [null, undefined, 7],
          contacto_pago: null,
          accionistas: [null, { porcentaje_participacion: 'abc', nombre: {} }],
          referencias: null,
        },
      ],
      [
        'PF with nulls and junk',
        {
          tipo_persona: 'Física',
          fisica: null,
          celular: [],
          vivienda: { vivienda_tipo: 'Hipoteca', vivienda_valor_aproximado: Number.NaN, telefono: null, colonia: { colonia: 'Otra' } },
          empleo: [],
          activos_pasivos: { activos_valor_vivienda: 'mucho' },
          referencia_familiar: null,
          referencia_personal_1: { parentesco_tiempo_conocerlo: Infinity },
        },
      ],
    ];

    it.each([...empties, ...junk])('%s: prints no undefined, null, NaN or [object Object]', (_name, model) => {
      for (const text of printedTexts(print(model))) {
        expect(typeof text).toBe('string');
        expect(text).not.toMatch(BAD);
      }
    });

    it.each(empties)('%s: every value to fill is blank', (_name, model) => {
      const form = print(model);
      const filled = rows(form).filter((row) => row.value !== '' && row.label !== 'País');
      expect(filled).toEqual([]);
      expect(valueOf(form, 'País').every((value) => value === 'México')).toBe(true);
      for (const table of tables(form)) {
        // The first column of contacts and references says which row is which; the rest is to fill.
        const labelled = ['Contacto', 'Referencia', 'Tipo'].includes(table.columns[0]);
        for (const row of table.rows) expect(row.slice(labelled ? 1 : 0).every((cell) => cell === '')).toBe(true);
        expect(table.rows.length).toBeGreaterThanOrEqual(3);
      }
    });
  });

  it('ends the PM form with the declaration of articles 112 and 115, the place and date, and the representative’s signature', () => {
    const blocks = print(validPmModel()).blocks;
    const [declaration, placeAndDate, signatures] = blocks.slice(-3);
    expect(declaration.kind).toBe('paragraph');
    const text = declaration.kind === 'paragraph' ? plainText(declaration.runs) : '';
    expect(text).toMatch(/bajo protesta de decir verdad/);
    expect(text).toMatch(/artículo 112 de la Ley de Instituciones de Crédito/);
    expect(text).toMatch(/artículo 115 de la misma ley/);
    expect(text).toContain(TEST_COMPANY.sofom.empresa_razon_social);
    expect(placeAndDate).toEqual({ kind: 'paragraph', runs: [{ text: 'Guadalajara, Jalisco, México, a 23 de Noviembre de 2026' }] });
    expect(signatures).toEqual({ kind: 'signatures', signers: ['Nombre y firma del representante legal'] });
    expect(plainText((print(validAvalPmModel()).blocks.at(-3) as Extract<Block, { kind: 'paragraph' }>).runs)).toMatch(/aval \(obligado solidario\)/);
  });

  it('ends the PF and PFAE forms with a declaration, the place and date, and the applicant’s name under the line', () => {
    for (const model of [validPfModel(), validPfaeModel(), validAvalPfModel()]) {
      const [declaration, placeAndDate, signatures] = print(model).blocks.slice(-3);
      expect(declaration.kind === 'paragraph' && plainText(declaration.runs)).toMatch(/^(Declaro|En mi carácter de aval \(obligado solidario\), declaro) bajo protesta de decir verdad/);
      expect(placeAndDate).toEqual({ kind: 'paragraph', runs: [{ text: 'Guadalajara, Jalisco, México, a 23 de Noviembre de 2026' }] });
      expect(signatures).toEqual({ kind: 'signatures', signers: ['CARLOS GARCÍA RAMÍREZ'] });
    }
    expect(print({ tipo_persona: 'Física' }).blocks.at(-1)).toEqual({ kind: 'signatures', signers: ['Nombre y firma del solicitante'] });
    expect(print({ tipo_persona: 'Física', clasificacion: 'Obligado' }).blocks.at(-1)).toEqual({ kind: 'signatures', signers: ['Nombre y firma del aval'] });
  });

  it('is pure: the same model and day print the same form, and the model is left as it was', () => {
    const model = validPmModel() as unknown as Model;
    const before = structuredClone(model);
    expect(print(model)).toEqual(print(model));
    expect(model).toEqual(before);
    expect(print(model)).not.toEqual(financingForm(model, { ...context, today: new Date(2026, 0, 2) }));
  });

  it('refuses a model of no known person type', () => {
    expect(() => print({})).toThrow(/No financing form for the person type/);
    expect(() => print({ tipo_persona: 'Otra' })).toThrow(/'Otra'/);
  });

  it('labels fields and sections as the wizard’s views do', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const sources = (folder: string): string[] =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.tsx'))
        .map((file) => readFileSync(path.join(root, folder, file), 'utf8'));
    const code = [...sources('src/wizard/tabs'), ...sources('src/components/fields')].join('\n');
    // The views' labels and group titles live in forms/field-labels.ts; a few are still written in the views.
    const shown = new Set<string>([...Object.values(TAB_TITLES), ...Object.values(FIELD_LABELS), ...Object.values(COMPANY_FIELD_LABELS), ...Object.values(GROUP_TITLES)]);
    for (const [, attribute] of code.matchAll(/(?:label|title)=(\{[^}]*\}|"[^"]*")/g)) for (const [, text] of attribute.matchAll(/["'`]([^"'`$]+)["'`]/g)) shown.add(text);
    for (const [, text] of code.matchAll(/label = '([^']+)'/g)) shown.add(text);
    // What only paper needs: the place the postal code gives, which row of a table is which, and the
    // guarantor's company (set by the app, never shown as a field); the shareholder's name column
    // joins the view's two labels.
    const printOnly = ['Municipio', 'Estado', 'País', 'Contacto', 'Referencia', 'Tipo', 'Nombre(s) o razón social', 'Empresa ante la que se constituye como aval'];
    const labels = new Set<string>();
    for (const name of Object.keys(FIXTURES)) {
      const form = print(FIXTURES[name].model());
      for (const block of form.blocks) {
        if (block.kind === 'heading') labels.add(block.text);
        if (block.kind === 'fields') for (const row of block.rows) labels.add(row.label);
        if (block.kind === 'table') for (const column of block.columns) labels.add(column);
      }
    }
    expect([...labels].filter((label) => !shown.has(label) && !printOnly.includes(label))).toEqual([]);
  });
});
