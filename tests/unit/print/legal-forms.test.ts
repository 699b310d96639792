import { describe, expect, it } from 'vitest';
import { AUTHORISATION_TITLE, authorisationForms, SINGLE_PERSON_NOTICE } from '../../../forms/print/authorisation';
import { BUREAU_REQUEST_TITLE, bureauRequestForm, DELIVERY_OPTIONS, ONLY_ONE_OPTION } from '../../../forms/print/bureau-request';
import type { PrintContext } from '../../../forms/print/form-header';
import { BLANK_LINE, SIGNING_PLACE } from '../../../forms/print/legal-text';
import { plainText, type Block, type PrintForm } from '../../../forms/print/packet-model';
import { printedPerson } from '../../../forms/print/printed-person';
import { PRIVACY_NOTICE_TITLE, privacyNoticeForm, REFUSE_SECONDARY_PURPOSES } from '../../../forms/print/privacy-notice';
import { TEST_COMPANY } from './test-company';
import { validAvalPfModel, validAvalPmModel, validPfaeModel, validPfModel, validPmModel } from '../forms/fixtures';

const context: PrintContext = { company: TEST_COMPANY, today: new Date(2026, 10, 23) };
const TODAY = '23 de Noviembre de 2026';

const blockText = (block: Block): string[] => {
  switch (block.kind) {
    case 'heading':
      return [block.text];
    case 'paragraph':
      return [plainText(block.runs)];
    case 'fields':
      return block.rows.map((row) => `${row.label}: ${row.value}`);
    case 'table':
      return [block.columns.join(' '), ...block.rows.map((row) => row.join(' '))];
    case 'checkboxes':
      return block.options;
    case 'signatures':
      return block.signers;
  }
};

/** Everything a form prints, one line per text. */
const textOf = (form: PrintForm) => [form.header.title, form.header.company, ...form.blocks.flatMap(blockText)].join('\n');
const paragraphs = (form: PrintForm) => form.blocks.flatMap((block) => (block.kind === 'paragraph' ? [plainText(block.runs)] : []));
const headings = (form: PrintForm) => form.blocks.flatMap((block) => (block.kind === 'heading' ? [block.text] : []));
const legalForms = (model: object) => [...authorisationForms(model, context), bureauRequestForm(model, context), privacyNoticeForm(model, context)];

const MODELS = {
  PF: validPfModel,
  PFAE: validPfaeModel,
  PM: validPmModel,
  'aval PF': validAvalPfModel,
  'aval PM': validAvalPmModel,
};
const BUREAU_CODES = { PF: 'FO-PRO-008', PFAE: 'FO-PRO-008', PM: 'FO-PRO-010', 'aval PF': 'FO-PRO-008', 'aval PM': 'FO-PRO-010' };

describe('printedPerson', () => {
  it('reads a PF: name with surnames, RFC, CURP, home address in one line, cell phone', () => {
    expect(printedPerson(validPfModel())).toEqual({
      kind: 'PF',
      personType: 'Persona física',
      name: 'CARLOS GARCÍA RAMÍREZ',
      rfc: 'GARC850314AB1',
      curp: 'GARC850314HJCRRL09',
      address: 'Av. Juárez 100, Col. Centro, Guadalajara, Jalisco, C.P. 44100, México',
      email: 'carlos.garcia@example.com',
      phone: '331-234-5678',
      representative: '',
    });
  });

  it('reads a PFAE with its fiscal address', () => {
    const person = printedPerson(validPfaeModel());
    expect(person).toMatchObject({ kind: 'PFAE', personType: 'Persona física con actividad empresarial', curp: 'GARC850314HJCRRL09' });
    expect(person.address).toBe('Av. Vallarta 1, Col. Centro, Guadalajara, Jalisco, C.P. 44100, México');
  });

  it('reads a PM: business name, RFC, no CURP, fiscal address, phone with extension, first representative', () => {
    expect(printedPerson(validPmModel())).toEqual({
      kind: 'PM',
      personType: 'Persona moral',
      name: 'INDUSTRIAS DEL OCCIDENTE SA DE CV',
      rfc: 'IOC100512AB3',
      curp: '',
      address: 'Av. López Mateos 10, Col. Centro, Guadalajara, Jalisco, C.P. 44100, México',
      email: 'contacto@industrias.com.mx',
      phone: '333-600-7000 ext. 10',
      representative: 'REPRESENTANTE 1',
    });
  });

  it("prints the free-text neighbourhood when the colonia is 'Otra', and skips blank representatives", () => {
    const model = validPmModel();
    model.informacion_fiscal = { ...model.informacion_fiscal, colonia_fiscal: { colonia: 'Otra', municipio: 'Zapopan', estado: 'Jalisco' }, otra_colonia_fiscal: 'Los Robles' };
    model.representantes = [{ ...model.representantes[0]!, nombre: '' }, ...model.representantes.slice(1)];
    const person = printedPerson(model);
    expect(person.address).toBe('Av. López Mateos 10, Col. Los Robles, Zapopan, Jalisco, C.P. 44100, México');
    expect(person.representative).toBe('REPRESENTANTE 2');
  });

  it('prints blanks, not a lone country, when nothing is known', () => {
    expect(printedPerson({ tipo_persona: 'Física' })).toMatchObject({ name: '', rfc: '', curp: '', address: '', phone: '', email: '' });
    expect(printedPerson({ tipo_persona: 'Moral', informacion_fiscal: null, representantes: 'x' })).toMatchObject({ name: '', address: '', representative: '' });
  });
});

describe('credit-report authorisations', () => {
  it.each(Object.entries(MODELS))('%s: PRO-FT-006 rev. 3 of 01/09/2025, the SOFOM E.N.R. variant first, then the generic one', (_, model) => {
    const forms = authorisationForms(model(), context);
    expect(forms.map((form) => form.header)).toEqual([
      { title: AUTHORISATION_TITLE, code: 'PRO-FT-006', revision: '3', issued: '01/09/2025', company: TEST_COMPANY.sofom.empresa_razon_social },
      { title: AUTHORISATION_TITLE, code: 'PRO-FT-006', revision: '3', issued: '01/09/2025', company: TEST_COMPANY.generic.empresa_razon_social },
    ]);
    expect(headings(forms[0]!)[0]).toMatch(/sociedades financieras de objeto múltiple, entidades no reguladas/);
    expect(headings(forms[1]!)[0]).toMatch(/empresas comerciales y entidades financieras/);
    expect(textOf(forms[0]!)).toContain(TEST_COMPANY.sofom.empresa_razon_social);
    expect(textOf(forms[1]!)).toContain(TEST_COMPANY.generic.empresa_razon_social);
    expect(textOf(forms[1]!)).not.toContain(TEST_COMPANY.sofom.empresa_razon_social);
  });

  it.each(Object.entries(MODELS))('%s: for one person, valid 3 years and while the relationship lasts, signed in Guadalajara', (_, model) => {
    for (const form of authorisationForms(model(), context)) {
      const text = textOf(form);
      expect(text).toContain(SINGLE_PERSON_NOTICE);
      expect(text).toContain('Esta autorización se llena de forma individual, para una sola persona');
      expect(text).toMatch(/vigencia de 3 \(tres\) años contados a partir de la fecha de su firma/);
      expect(text).toMatch(/mientras subsista la relación jurídica/);
      expect(text).toMatch(/sociedades de información crediticia/);
      expect(text).toMatch(/naturaleza y el alcance de la información/);
      expect(text).toContain(`Lugar: ${SIGNING_PLACE}`);
      expect(text).toContain('Guadalajara, Jalisco, México');
      expect(text).toContain(`Fecha: ${TODAY}`);
      expect(text).toContain('Folio de consulta: ');
      expect(text).toContain('Fecha de consulta: ');
    }
  });

  it('a PF signs the first-person text by their own right', () => {
    const [form] = authorisationForms(validPfModel(), context);
    expect(paragraphs(form!).join('\n')).toMatch(/^Yo, CARLOS GARCÍA RAMÍREZ, por mi propio derecho, autorizo expresamente a Arrendadora Occidente/m);
    expect(headings(form!)).toContain('Datos de la persona física que autoriza');
    expect(form!.blocks.at(-3)).toEqual({ kind: 'signatures', signers: ['CARLOS GARCÍA RAMÍREZ'] });
  });

  it('a PM signs the PM-style text through its legal representative', () => {
    const [form] = authorisationForms(validPmModel(), context);
    const text = paragraphs(form!).join('\n');
    expect(text).toMatch(/^INDUSTRIAS DEL OCCIDENTE SA DE CV \(en lo sucesivo, «el Solicitante»\), por conducto de su representante legal, autoriza/m);
    expect(text).not.toMatch(/^Yo, /m);
    expect(textOf(form!)).toContain('Representante legal: REPRESENTANTE 1');
    expect(form!.blocks.at(-3)).toEqual({ kind: 'signatures', signers: ['REPRESENTANTE 1, representante legal de INDUSTRIAS DEL OCCIDENTE SA DE CV'] });
  });

  it('a PFAE gets the PM-style text, not the PF one (spec 02 §2)', () => {
    const [pfae] = authorisationForms(validPfaeModel(), context);
    const [pm] = authorisationForms(validPmModel(), context);
    const [pf] = authorisationForms(validPfModel(), context);
    expect(headings(pfae!)).toEqual(headings(pm!));
    expect(headings(pfae!)).not.toEqual(headings(pf!));
    const text = paragraphs(pfae!).join('\n');
    expect(text).toMatch(/^CARLOS GARCÍA RAMÍREZ \(en lo sucesivo, «el Solicitante»\), por su propio derecho o por conducto de su representante legal, autoriza/m);
    expect(text).not.toMatch(/^Yo, /m);
    // Past the subject, the PFAE's paragraphs are the PM's word for word.
    expect(paragraphs(pfae!).slice(2)).toEqual(paragraphs(pm!).slice(2));
    expect(textOf(pfae!)).toContain('CURP: GARC850314HJCRRL09');
    expect(textOf(pfae!)).toContain('Representante legal (en su caso): ');
  });
});

describe('special credit report request', () => {
  it.each(Object.entries(MODELS))('%s: its code, issued by the SOFOM E.N.R.', (name, model) => {
    const form = bureauRequestForm(model(), context);
    expect(form.header).toMatchObject({ title: BUREAU_REQUEST_TITLE, code: BUREAU_CODES[name as keyof typeof BUREAU_CODES], company: TEST_COMPANY.sofom.empresa_razon_social });
  });

  it.each(Object.entries(MODELS))('%s: one delivery option of five, the free report, the terms, México', (_, model) => {
    const form = bureauRequestForm(model(), context);
    const boxes = form.blocks.filter((block) => block.kind === 'checkboxes');
    expect(boxes).toEqual([
      {
        kind: 'checkboxes',
        options: [
          'Correo electrónico',
          'Fax',
          'Correo certificado con acuse de recibo',
          'Otorgante del crédito',
          'Oficina de atención a clientes de la sociedad de información crediticia',
        ],
      },
    ]);
    expect(DELIVERY_OPTIONS).toHaveLength(5);
    const text = textOf(form);
    expect(text).toContain(ONLY_ONE_OPTION);
    expect(text).toMatch(/una sola opción/);
    expect(text).toMatch(/un reporte de crédito especial gratuito cada 12 meses/);
    expect(text).toMatch(/5 días hábiles/);
    expect(text).toMatch(/2 días hábiles/);
    expect(text).toContain('País: México');
    expect(text).toContain(`Lugar: ${SIGNING_PLACE}`);
    expect(form.blocks.at(-1)?.kind).toBe('signatures');
  });
});

describe('privacy notice', () => {
  it.each(Object.entries(MODELS))('%s: FO-DIC-012 from the SOFOM E.N.R., addressed to the person', (_, model) => {
    const form = privacyNoticeForm(model(), context);
    const person = printedPerson(model());
    expect(form.header).toMatchObject({ title: PRIVACY_NOTICE_TITLE, code: 'FO-DIC-012', company: TEST_COMPANY.sofom.empresa_razon_social });
    const text = textOf(form);
    expect(text).toContain(`Dirigido a: ${person.name}`);
    expect(text).toContain(`${TEST_COMPANY.sofom.empresa_razon_social} (en lo sucesivo, «la Empresa»), con domicilio en Guadalajara, Jalisco, México`);
    expect(text).toMatch(/identificación.*\n.*contacto.*\n.*Financieros y patrimoniales.*\n.*Fiscales/is);
    expect(text).toMatch(/procedencia ilícita/);
    expect(text).toMatch(/sociedades de información crediticia/);
    expect(text).toMatch(/Derechos ARCO/);
    expect(text).toMatch(/20 días hábiles/);
    expect(text).toMatch(/revocar/);
    expect(text).toMatch(/Cambios al aviso de privacidad/);
    expect(form.blocks.filter((block) => block.kind === 'checkboxes')).toEqual([{ kind: 'checkboxes', options: [REFUSE_SECONDARY_PURPOSES] }]);
    expect(form.blocks.at(-1)?.kind).toBe('signatures');
  });
});

describe('every legal form', () => {
  it.each(Object.entries(MODELS))("%s: prints the person's name, RFC and address", (_, model) => {
    const person = printedPerson(model());
    for (const form of [...authorisationForms(model(), context), bureauRequestForm(model(), context)]) {
      const text = textOf(form);
      expect(text).toContain(person.name);
      expect(text).toContain(person.rfc);
      expect(text).toContain(person.address);
    }
    expect(textOf(privacyNoticeForm(model(), context))).toContain(person.rfc);
  });

  it.each([{ tipo_persona: 'Moral' }, { tipo_persona: 'Física' }, { tipo_persona: 'Física con actividad empresarial' }, {}])(
    'an empty model %j prints no undefined, null, NaN or [object Object]',
    (model) => {
      const strings: string[] = [];
      const walk = (value: unknown): void => {
        if (typeof value === 'string') strings.push(value);
        else if (Array.isArray(value)) value.forEach(walk);
        else if (value && typeof value === 'object') Object.values(value).forEach(walk);
        else expect(['boolean'], `a ${typeof value} in a printed form`).toContain(typeof value);
      };
      const forms = legalForms(model);
      walk(forms);
      for (const text of strings) expect(text).not.toMatch(/undefined|null|NaN|\[object Object\]/);
      // A name that is not known is a line to write it by hand, never an empty gap in the text.
      expect(forms.flatMap(paragraphs).join('\n')).toContain(BLANK_LINE);
      expect(forms.flatMap(paragraphs).join('\n')).not.toMatch(/«»|\(\s*\)|, ,/);
    },
  );

  it('is a pure function of the model and the day it prints', () => {
    expect(legalForms(validPmModel())).toEqual(legalForms(validPmModel()));
    const later = { ...context, today: new Date(2027, 0, 5) };
    expect(textOf(bureauRequestForm(validPfModel(), later))).toContain('Fecha: 5 de Enero de 2027');
  });
});
