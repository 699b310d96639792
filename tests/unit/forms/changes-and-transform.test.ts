import { describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../../forms/before-submit';
import {
  applyChanges,
  fiscalAddressKey,
  onCloneFiscalAddressChange,
  onFiscalAddressFollowed,
  onCountryOfBirthChange,
  onCurpChange,
  onHousingTypeChange,
  onLinkedPartyChange,
  onMaritalStatusChange,
  neighbourhoodPrompt,
  neighbourhoodWaits,
  onNeighbourhoodChange,
  onPersonTypeChange,
  onShareholderTypeChange,
} from '../../../forms/dependent-fields';
import { DEFAULT_REPRESENTATIVES } from '../../../forms/pm/contactos';
import { DEFAULT_SHAREHOLDER_TYPE, DEFAULT_SHAREHOLDERS } from '../../../forms/pm/accionistas';
import { DEFAULT_SUPPLIER_REFERENCES } from '../../../forms/pm/referencias';
import { defaultAvalPfModel, defaultPfModel, PF_WIZARD } from '../../../forms/wizards/pf';
import { defaultPfaeModel } from '../../../forms/wizards/pfae';
import { AVAL_PM_WIZARD, defaultAvalPmModel, defaultPmModel, PM_WIZARD } from '../../../forms/wizards/pm';
import { validPfaeModel, validPfModel, validPmModel } from './fixtures';

describe('dependent fields', () => {
  it('changing marital status clears the regime and the spouse', () => {
    const model = applyChanges(validPfModel(), onMaritalStatusChange(validPfModel(), 'Soltero'));
    expect(model.fisica).toMatchObject({ estado_civil: 'Soltero', regimen_matrimonial: '', nombre_completo_conyuge: '' });
  });

  it('changing housing type clears the amounts it no longer shows', () => {
    const model = validPfModel();
    const changed = applyChanges(model, onHousingTypeChange(model, 'Rentada'));
    expect(changed.vivienda).toMatchObject({ vivienda_tipo: 'Rentada', vivienda_valor_aproximado: null, vivienda_valor_hipoteca_mensual: null });
    expect(onHousingTypeChange(model, 'Hipoteca')).toEqual([{ name: 'vivienda.vivienda_tipo', value: 'Hipoteca' }]);
  });

  it('a neighbourhood other than Otra clears otra_colonia', () => {
    expect(onNeighbourhoodChange('vivienda', 'colonia', { colonia: 'Centro' })).toContainEqual({ name: 'vivienda.otra_colonia', value: '' });
    expect(onNeighbourhoodChange('informacion_fiscal', 'colonia_operativo', { colonia: 'Otra' })).toEqual([
      { name: 'informacion_fiscal.colonia_operativo', value: { colonia: 'Otra' } },
    ]);
  });

  it('a neighbourhood waits on its postal code only while the code is incomplete or wrong', () => {
    expect(neighbourhoodWaits('', undefined)).toBe(true);
    expect(neighbourhoodWaits('0640', undefined)).toBe(true);
    expect(neighbourhoodWaits('00000', '¡Revisa tu código postal!')).toBe(true);
    // Whole and right: loading its list or after a failed lookup, the neighbourhood speaks for itself.
    expect(neighbourhoodWaits('06400', undefined)).toBe(false);
  });

  it("a neighbourhood's empty choice says why there is none to choose, the code once it is whole", () => {
    const settled = (found: readonly unknown[] | null) => ({ busy: false, failed: false, found });
    expect(neighbourhoodPrompt('', settled(null))).toBe('postal code first');
    expect(neighbourhoodPrompt('0640', settled(null))).toBe('postal code first');
    expect(neighbourhoodPrompt('06400', { busy: true, failed: false, found: null })).toBe('looking up');
    expect(neighbourhoodPrompt('06400', settled(null))).toBe('looking up');
    expect(neighbourhoodPrompt('06400', { busy: false, failed: true, found: null })).toBe('lookup failed');
    expect(neighbourhoodPrompt('99999', settled([]))).toBe('none for the postal code');
    expect(neighbourhoodPrompt('06400', settled([{ colonia: 'Juárez' }]))).toBe('choose one');
  });

  it('country of birth sets the nationality and clears the birth place of the other kind', () => {
    const abroad = onCountryOfBirthChange({}, { clave: 'US' });
    expect(abroad).toContainEqual({ name: 'fisica.nacionalidad', value: 'Extranjera' });
    expect(abroad).toContainEqual({ name: 'fisica.estado', value: null });
    const home = onCountryOfBirthChange({}, { clave: 'MX' });
    expect(home).toContainEqual({ name: 'fisica.nacionalidad', value: 'Mexicana' });
    expect(home).toContainEqual({ name: 'fisica.entidad_nacimiento', value: '' });
  });

  it('a CURP fills sex, birth date and state, taking the entry of the loaded catalogue', () => {
    const catalogue = [{ id_estado: 19, codigo: 'NL', nombre: 'Nuevo León' }];
    const model = applyChanges(defaultPfModel(), onCurpChange(defaultPfModel(), 'LOPA010203MNLPRNA5', catalogue));
    expect(model.fisica).toMatchObject({ sexo: 'Femenino', fecha_nacimiento: '2001-02-03', estado: catalogue[0], municipio: null });
    expect(onCurpChange({}, 'GARC850314HDFRRL09')).toContainEqual({ name: 'fisica.estado', value: { id_estado: 9, codigo: 'CDMX', nombre: 'Ciudad de México' } });
    expect(onCurpChange({}, 'GARC85')).toEqual([{ name: 'fisica.curp', value: 'GARC85' }]);
    expect(onCurpChange({}, 'GARC850314HNERRL09').some((c) => c.name === 'fisica.estado')).toBe(false);
  });

  it('the linked party is cleared when No', () => {
    expect(onLinkedPartyChange({}, 'No')).toContainEqual({ name: 'involucrado_vinculo_patrimonial', value: '' });
    expect(onLinkedPartyChange({}, 'Si')).toHaveLength(1);
  });

  it('a Moral shareholder loses gender and surnames', () => {
    expect(onShareholderTypeChange({}, 1, 'Moral')).toContainEqual({ name: 'accionistas[1].genero', value: '' });
  });

  it('the copy checkbox copies the fiscal address onto the operating one', () => {
    const model = validPfaeModel();
    const changed = applyChanges(model, onCloneFiscalAddressChange(model, 'empleo', true));
    expect(changed.clonar_domicilo_fiscal).toBe(true);
    expect(changed.empleo.domicilio_operativo).toEqual(model.empleo.domicilio_fiscal);
    expect(changed.empleo.colonia_operativo).toEqual(model.empleo.colonia_fiscal);
  });

  it('while ticked, the operating address follows a change of the fiscal one, unless it is locked', () => {
    const ticked = applyChanges(validPfaeModel(), onCloneFiscalAddressChange(validPfaeModel(), 'empleo', true));
    const before = fiscalAddressKey(ticked, 'empleo');
    // Nothing changed since the copy (a record opened ticked, or the tick itself): nothing is rewritten.
    expect(onFiscalAddressFollowed(ticked, 'empleo', before, false)).toEqual([]);
    const moved = applyChanges(ticked, [{ name: 'empleo.domicilio_fiscal.calle', value: 'AV. JUAREZ 10' }]);
    const followed = applyChanges(moved, onFiscalAddressFollowed(moved, 'empleo', before, false));
    expect(followed.empleo.domicilio_operativo.calle).toBe('AV. JUAREZ 10');
    expect(followed.empleo.colonia_operativo).toEqual(moved.empleo.colonia_fiscal);
    // Locked by the editable level, or unticked: the operating address is the person's own.
    expect(onFiscalAddressFollowed(moved, 'empleo', before, true)).toEqual([]);
    const unticked = applyChanges(moved, [{ name: 'clonar_domicilo_fiscal', value: false }]);
    expect(onFiscalAddressFollowed(unticked, 'empleo', before, false)).toEqual([]);
  });

  it('a person type other than Física resets the copy checkbox', () => {
    expect(onPersonTypeChange({}, 'Moral')).toContainEqual({ name: 'clonar_domicilo_fiscal', value: false });
  });
});

describe('before submit', () => {
  it('removes the dashes of every phone and writes dates as YYYY-MM-DD, leaving the input untouched', () => {
    const model = { ...validPfModel(), fisica: { ...validPfModel().fisica, fecha_nacimiento: new Date(1985, 2, 14) } };
    const sent = beforeSubmit(model);
    expect(sent.celular.numero).toBe('3312345678');
    expect(sent.vivienda.telefono.numero).toBe('3331112222');
    expect(sent.referencia_personal_1.celular_numero).toBe('3310003333');
    expect(sent.fisica.fecha_nacimiento).toBe('1985-03-14');
    expect(model.celular.numero).toBe('331-234-5678');
  });

  it('keeps the copy checkbox for Física and resets it for any other type (PFAE included, as the spec says)', () => {
    expect(beforeSubmit({ ...validPfModel(), clonar_domicilo_fiscal: true }).clonar_domicilo_fiscal).toBe(true);
    expect(beforeSubmit({ ...validPfaeModel(), clonar_domicilo_fiscal: true }).clonar_domicilo_fiscal).toBe(false);
    expect(beforeSubmit({ ...validPmModel(), clonar_domicilo_fiscal: true }).clonar_domicilo_fiscal).toBe(false);
  });

  it('PM: phones in lists, the constitution date, and each representative its index', () => {
    const sent = beforeSubmit(validPmModel());
    expect(sent.representantes.map((r) => [r.telefono, r.index])).toEqual([
      ['3315550001', 0],
      ['3315550002', 1],
      ['3315550003', 2],
    ]);
    expect(sent.referencias[0].telefono_numero).toBe('3337000001');
    expect(sent.moral.telefono_numero).toBe('3336007000');
  });
});

describe('defaults', () => {
  it('PF: Cliente, editable all, Mexicana, México, fresh on every call', () => {
    const model = defaultPfModel();
    expect(model).toMatchObject({ tipo_persona: 'Física', clasificacion: 'Cliente', editable: 'all', clonar_domicilo_fiscal: false, mantiene_vinculo_patrimonial: 'No' });
    expect(model.fisica).toMatchObject({ nacionalidad: 'Mexicana', pais: { clave: 'MX', id_pais: 484, nombre: 'México' } });
    expect(defaultPfModel().fisica.pais).not.toBe(model.fisica.pais);
    expect(defaultPfaeModel().tipo_persona).toBe('Física con actividad empresarial');
  });

  it('guarantors are Obligado; the natural-person ones carry the company legal name', () => {
    expect(defaultAvalPfModel('Arrendadora')).toMatchObject({ clasificacion: 'Obligado', empresa_razon_social: 'Arrendadora' });
    expect(defaultAvalPmModel().clasificacion).toBe('Obligado');
  });

  it('PM: 3 representatives, 3 shareholders of type PFAE, 3 suppliers, no employees', () => {
    const model = defaultPmModel();
    expect(model.representantes).toHaveLength(DEFAULT_REPRESENTATIVES);
    expect(model.accionistas).toHaveLength(DEFAULT_SHAREHOLDERS);
    expect(model.accionistas.every((a) => a.tipo_persona === DEFAULT_SHAREHOLDER_TYPE)).toBe(true);
    expect(model.referencias).toHaveLength(DEFAULT_SUPPLIER_REFERENCES);
    expect(DEFAULT_SUPPLIER_REFERENCES).toBe(3);
    expect(model.moral.numero_empleados).toBe(0);
    expect(model).toMatchObject({ tipo_persona: 'Moral', clasificacion: 'Cliente', editable: 'all' });
    expect(model.representantes[0]).not.toBe(defaultPmModel().representantes[0]);
  });
});

describe('field lists', () => {
  it('name the model paths of each tab', () => {
    expect(PF_WIZARD.tabs.map((t) => t.title)).toEqual(['Datos generales', 'Vivienda', 'Empleo', 'Activos y pasivos', 'Referencias personales']);
    expect(PF_WIZARD.tabs[0].fields).toEqual(expect.arrayContaining(['nombre', 'email', 'celular.numero', 'fisica.curp', 'fisica.pais', 'fisica.regimen_matrimonial']));
    expect(PF_WIZARD.tabs[1].fields).toContain('vivienda.domicilio.codigo_postal');
    expect(PF_WIZARD.tabs[1].fields).not.toContain('vivienda.colonia_catalogo');
    expect(PF_WIZARD.tabs[2].fields).toEqual(expect.arrayContaining(['empleo.empresa_nombre', 'mantiene_vinculo_patrimonial', 'involucrado_vinculo_patrimonial']));
    expect(PM_WIZARD.tabs.map((t) => t.key)).toEqual(['pmdatosgenerales', 'pmcontactos', 'pmaccionistas', 'pmreferencias', 'pmavales']);
    expect(PM_WIZARD.tabs[1].fields).toEqual(expect.arrayContaining(['representantes[].rfc', 'contacto_pago.email']));
    expect(PM_WIZARD.tabs[2].fields).toContain('accionistas[].genero');
    expect(AVAL_PM_WIZARD.tabs[2].fields).not.toContain('accionistas[].genero');
  });

  it('every tab field belongs to one tab only', () => {
    for (const wizard of [PF_WIZARD, PM_WIZARD]) {
      const all = wizard.tabs.flatMap((t) => t.fields);
      expect(new Set(all).size).toBe(all.length);
    }
  });
});
