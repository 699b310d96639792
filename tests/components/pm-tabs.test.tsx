// The data tabs of the PM wizard: labelled fields, the item lists and what a removal records, the
// editable levels, the shareholders' gender and the staff's 100% rule.
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditableLevel } from '../../forms/locking';
import { LIST_ITEMS_MAX } from '../../forms/limits';
import { MESSAGES } from '../../forms/messages';
import { nestErrors, validateModelSync } from '../../forms/validate';
import { AVAL_PM_WIZARD, defaultPmModel, PM_WIZARD } from '../../forms/wizards/pm';
import { PM_DATA_TABS, PmTab } from '../../src/wizard/tabs/pm/pm-tab';
import { renderForm } from './support/render-form';

const ACTIVITIES = [{ id_empresa_actividad: 311, nombre: 'Industria alimentaria' }];
const GUADALAJARA = [{ colonia: 'Americana', municipio: 'Guadalajara', estado: 'Jalisco' }];
const answers = { '/catalogs/ea': ACTIVITIES, '/catalogs/zc/44160': GUADALAJARA };

interface Options {
  index: 0 | 1 | 2 | 3;
  guarantor?: boolean;
  staff?: boolean;
  level?: EditableLevel;
  initialValues?: object;
}

/** A tab as the wizard page renders it: the wizard's default model, validated with the tab's schema and the session. */
function renderTab({ index, guarantor = false, staff = false, level = 'all', initialValues }: Options) {
  const wizard = guarantor ? AVAL_PM_WIZARD : PM_WIZARD;
  const schema = wizard.tabs[index].schema;
  return renderForm(<PmTab tabKey={PM_DATA_TABS[index]} guarantor={guarantor} staff={staff} />, {
    initialValues: initialValues ?? wizard.defaults(),
    validate: (values) => nestErrors(validateModelSync(schema, values, { staff }).errors),
    level,
    answers,
  });
}

const group = (name: string) => screen.getByRole('group', { name });
const groupsNamed = (pattern: RegExp) => screen.queryAllByRole('group', { name: pattern });

describe('Datos generales PM', () => {
  it('labels every field and names it by its model path', async () => {
    renderTab({ index: 0 });
    const byLabel: [RegExp, string][] = [
      [/^Razón social/, 'nombre'],
      [/^RFC con homoclave/, 'moral.rfc'],
      [/^Fecha de constitución/, 'informacion_fiscal.fecha_constitucion'],
      [/^Sector/, 'moral.sector'],
      [/^Actividad económica/, 'moral.actividad_economica'],
      [/^Número de empleados/, 'moral.numero_empleados'],
      [/^Correo electrónico/, 'email'],
      [/^Teléfono$/, 'moral.telefono_numero'],
      [/^Extensión \(opcional\)/, 'moral.telefono_extension'],
      [/^Segundo teléfono \(opcional\)/, 'moral.telefono2_numero'],
      [/^Extensión del segundo teléfono \(opcional\)/, 'moral.telefono2_extension'],
      [/^Comentarios \(opcional\)/, 'comentarios'],
    ];
    for (const [label, name] of byLabel) expect(screen.getByLabelText(label)).toHaveAttribute('name', name);
    expect(screen.getByLabelText(/^Comentarios/)).toHaveAttribute('maxLength', '600');
    expect(screen.getByLabelText(/^Razón social/)).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText(/^RFC con homoclave/)).toHaveAttribute('maxLength', '12');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(expect.arrayContaining(['Comercio', 'Industria', 'Servicio']));
    await vi.waitFor(() => expect(screen.getByLabelText(/^Actividad económica/)).toBeEnabled());

    const fiscal = within(group('Domicilio fiscal'));
    expect(fiscal.getByLabelText('Calle y número (fiscal)')).toHaveAttribute('name', 'informacion_fiscal.domicilio_fiscal.calle');
    expect(fiscal.getByLabelText('Código postal')).toHaveAttribute('name', 'informacion_fiscal.domicilio_fiscal.codigo_postal');
    expect(fiscal.getByLabelText('Colonia')).toHaveAttribute('name', 'informacion_fiscal.colonia_fiscal');
    const operating = within(group('Domicilio operativo'));
    expect(operating.getByLabelText('Calle y número (operativo)')).toHaveAttribute('name', 'informacion_fiscal.domicilio_operativo.calle');
    expect(operating.getByLabelText('Código postal')).toHaveAttribute('name', 'informacion_fiscal.domicilio_operativo.codigo_postal');
    expect(operating.getByRole('checkbox', { name: 'El domicilio operativo es el mismo que el fiscal' })).toHaveAttribute(
      'name',
      'clonar_domicilo_fiscal',
    );
  });

  it('copies the fiscal address onto the operating one with the checkbox, and keeps it a copy while ticked', async () => {
    const user = userEvent.setup();
    const { values } = renderTab({ index: 0 });
    const fiscal = within(group('Domicilio fiscal'));
    await user.type(fiscal.getByLabelText('Calle y número (fiscal)'), 'Av. Vallarta 100');
    await user.type(fiscal.getByLabelText('Código postal'), '44160');
    await vi.waitFor(() => expect(fiscal.getByRole('option', { name: 'Americana' })).toBeInTheDocument());
    await user.selectOptions(fiscal.getByLabelText('Colonia'), 'Americana');
    await user.click(screen.getByRole('checkbox', { name: 'El domicilio operativo es el mismo que el fiscal' }));
    expect(values().clonar_domicilo_fiscal).toBe(true);
    expect(values().informacion_fiscal.domicilio_operativo).toEqual({ calle: 'AV. VALLARTA 100', codigo_postal: '44160' });
    expect(values().informacion_fiscal.colonia_operativo).toEqual(GUADALAJARA[0]);
    const operatingStreet = within(group('Domicilio operativo')).getByLabelText('Calle y número (operativo)');
    expect(operatingStreet).toHaveValue('AV. VALLARTA 100');
    // Ticked, the operating address cannot be edited apart, and follows the fiscal one.
    expect(operatingStreet).toBeDisabled();
    expect(within(group('Domicilio operativo')).getByLabelText('Código postal')).toBeDisabled();
    await user.type(fiscal.getByLabelText('Calle y número (fiscal)'), ' int 5');
    expect(operatingStreet).toHaveValue('AV. VALLARTA 100 INT 5');
    expect(values().informacion_fiscal.domicilio_operativo.calle).toBe('AV. VALLARTA 100 INT 5');
    // Unticked, it is the person's own again, starting from the copy.
    await user.click(screen.getByRole('checkbox', { name: 'El domicilio operativo es el mismo que el fiscal' }));
    expect(operatingStreet).toBeEnabled();
    await user.type(fiscal.getByLabelText('Calle y número (fiscal)'), 'A');
    expect(operatingStreet).toHaveValue('AV. VALLARTA 100 INT 5');
  });
});

describe('Datos generales PM, the operating address of a record opened with the box ticked', () => {
  const opened = () => {
    const model = PM_WIZARD.defaults() as unknown as Record<string, any>;
    return {
      ...model,
      clonar_domicilo_fiscal: true,
      informacion_fiscal: {
        ...model.informacion_fiscal,
        domicilio_fiscal: { calle: 'AV. VALLARTA 100', codigo_postal: '' },
        domicilio_operativo: { calle: 'PERIFÉRICO 20', codigo_postal: '' },
      },
    };
  };

  it('is not rewritten by opening the form: only a change of the fiscal address is copied', async () => {
    const user = userEvent.setup();
    const { values } = renderTab({ index: 0, initialValues: opened() });
    await vi.waitFor(() => expect(within(group('Domicilio operativo')).getByLabelText('Calle y número (operativo)')).toHaveValue('PERIFÉRICO 20'));
    expect(values().informacion_fiscal.domicilio_operativo.calle).toBe('PERIFÉRICO 20');
    await user.type(within(group('Domicilio fiscal')).getByLabelText('Calle y número (fiscal)'), ' A');
    expect(values().informacion_fiscal.domicilio_operativo.calle).toBe('AV. VALLARTA 100 A');
  });

  it('is never rewritten under a level that locks it', async () => {
    const { values } = renderTab({ index: 0, initialValues: opened(), level: 'none' });
    await vi.waitFor(() => expect(within(group('Domicilio operativo')).getByLabelText('Calle y número (operativo)')).toBeDisabled());
    expect(values().informacion_fiscal.domicilio_operativo.calle).toBe('PERIFÉRICO 20');
  });
});

describe('Contactos', () => {
  it('shows three representatives and the payment contact, each field labelled', () => {
    renderTab({ index: 1 });
    expect(groupsNamed(/^Representante legal \d$/).map((g) => g.getAttribute('aria-label'))).toEqual([
      'Representante legal 1',
      'Representante legal 2',
      'Representante legal 3',
    ]);
    expect(screen.getByRole('heading', { name: 'Representante legal 2' })).toBeVisible();
    const second = within(group('Representante legal 2'));
    for (const [label, key] of [
      [/^Nombre completo/, 'nombre'],
      [/^Puesto/, 'puesto'],
      [/^RFC con homoclave/, 'rfc'],
      [/^Correo electrónico/, 'email'],
      [/^Teléfono/, 'telefono'],
      [/^Extensión \(opcional\)/, 'extension'],
    ] as const) {
      expect(second.getByLabelText(label)).toHaveAttribute('name', `representantes[1].${key}`);
    }
    expect(within(group('Contacto de pago')).getByLabelText(/^Nombre completo/)).toHaveAttribute('name', 'contacto_pago.nombre');
  });

  it('adds a representative and moves the focus to its first field', async () => {
    const user = userEvent.setup();
    const { values } = renderTab({ index: 1 });
    await user.click(screen.getByRole('button', { name: 'Agregar representante legal' }));
    expect(values().representantes).toHaveLength(4);
    expect(within(group('Representante legal 4')).getByLabelText(/^Nombre completo/)).toHaveFocus();
    await user.keyboard('ana');
    expect(values().representantes[3].nombre).toBe('ANA');
  });

  it('removes a new representative without recording it', async () => {
    const user = userEvent.setup();
    const { values } = renderTab({ index: 1 });
    await user.click(screen.getByRole('button', { name: 'Quitar representante legal 2' }));
    expect(values().representantes).toHaveLength(2);
    expect(values().entidades_eliminadas).toEqual([]);
    // The focus goes to the first field of the item now in that place.
    expect(within(group('Representante legal 2')).getByLabelText(/^Nombre completo/)).toHaveFocus();
    // Removing the last one, to the add button.
    await user.click(screen.getByRole('button', { name: 'Quitar representante legal 2' }));
    expect(screen.getByRole('button', { name: 'Agregar representante legal' })).toHaveFocus();
  });

  it('says what to do with the blank ones, and adds no more than the schema allows', async () => {
    const user = userEvent.setup();
    const representantes = Array.from({ length: LIST_ITEMS_MAX - 1 }, () => PM_WIZARD.defaults().representantes[0]);
    const { values } = renderTab({ index: 1, initialValues: { ...defaultPmModel(), representantes } });
    expect(screen.getByText('Quita los representantes que no necesites; se requiere al menos uno.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Agregar representante legal' }));
    expect(values().representantes).toHaveLength(LIST_ITEMS_MAX);
    expect(screen.queryByRole('button', { name: 'Agregar representante legal' })).toBeNull();
    expect(screen.getByText(`Se pueden capturar hasta ${LIST_ITEMS_MAX}.`)).toBeVisible();
    await user.click(screen.getByRole('button', { name: `Quitar representante legal ${LIST_ITEMS_MAX}` }));
    expect(screen.getByRole('button', { name: 'Agregar representante legal' })).toHaveFocus();
  });

  it('records a stored representative that is removed in entidades_eliminadas, the others shift up', async () => {
    const user = userEvent.setup();
    const stored = {
      ...defaultPmModel(),
      uuid: 'pm-1',
      representantes: ['ANA', 'LUIS'].map((nombre, index) => ({ ...PM_WIZARD.defaults().representantes[0], nombre, index })),
    };
    const { values } = renderTab({ index: 1, initialValues: stored });
    await user.click(screen.getByRole('button', { name: 'Agregar representante legal' }));
    await user.click(screen.getByRole('button', { name: 'Quitar representante legal 1' }));
    expect(values().representantes.map((r: { nombre: string }) => r.nombre)).toEqual(['LUIS', '']);
    expect(within(group('Representante legal 1')).getByLabelText(/^Nombre completo/)).toHaveValue('LUIS');
    expect(values().entidades_eliminadas).toEqual([expect.objectContaining({ entidad: 'representantes', nombre: 'ANA', index: 0 })]);
    // The one added in this visit was never stored.
    await user.click(screen.getByRole('button', { name: 'Quitar representante legal 2' }));
    expect(values().entidades_eliminadas).toHaveLength(1);
  });

  it('keeps at least one representative, as the schema requires', async () => {
    const user = userEvent.setup();
    renderTab({ index: 1 });
    await user.click(screen.getByRole('button', { name: 'Quitar representante legal 3' }));
    await user.click(screen.getByRole('button', { name: 'Quitar representante legal 2' }));
    expect(screen.queryByRole('button', { name: /^Quitar/ })).toBeNull();
  });

  it('is usable with the keyboard alone', async () => {
    const user = userEvent.setup();
    const { values } = renderTab({ index: 1, initialValues: { ...defaultPmModel(), representantes: [PM_WIZARD.defaults().representantes[0]] } });
    screen.getByRole('button', { name: 'Agregar representante legal' }).focus();
    await user.keyboard('{Enter}');
    expect(values().representantes).toHaveLength(2);
    screen.getByRole('button', { name: 'Quitar representante legal 2' }).focus();
    await user.keyboard(' ');
    expect(values().representantes).toHaveLength(1);
  });
});

describe('add and remove follow the editable level', () => {
  const LISTS = [
    { index: 1, add: 'Agregar representante legal' },
    { index: 2, add: 'Agregar accionista' },
    { index: 3, add: 'Agregar proveedor' },
  ] as const;

  for (const level of ['none', 'api_fields'] as const) {
    it(`hides them under ${level}`, () => {
      for (const { index, add } of LISTS) {
        const { unmount } = renderTab({ index, level });
        expect(screen.queryByRole('button', { name: add })).toBeNull();
        expect(screen.queryByRole('button', { name: /^Quitar/ })).toBeNull();
        unmount();
      }
    });
  }

  for (const level of ['all', 'general_fields'] as const) {
    it(`shows them under ${level}`, () => {
      for (const { index, add } of LISTS) {
        const { unmount } = renderTab({ index, level });
        expect(screen.getByRole('button', { name: add })).toBeVisible();
        expect(screen.getAllByRole('button', { name: /^Quitar/ })).toHaveLength(3);
        unmount();
      }
    });
  }
});

describe('Accionistas mayoritarios', () => {
  it('asks the gender and surnames of a natural person, not of a Moral shareholder', async () => {
    const user = userEvent.setup();
    const { values } = renderTab({ index: 2 });
    const first = within(group('Accionista 1'));
    expect(first.getByLabelText('Tipo de persona')).toHaveValue('Física con actividad empresarial');
    await user.selectOptions(first.getByLabelText('Género'), 'Mujer');
    await user.type(first.getByLabelText(/^Apellido paterno/), 'ruiz');
    expect(first.getByLabelText('Nombre(s)')).toHaveAttribute('name', 'accionistas[0].nombre');
    expect(first.getByLabelText('RFC con homoclave')).toHaveAttribute('maxLength', '13');

    await user.selectOptions(first.getByLabelText('Tipo de persona'), 'Moral');
    expect(first.queryByLabelText('Género')).toBeNull();
    expect(first.queryByLabelText(/^Apellido paterno/)).toBeNull();
    expect(first.getByLabelText('Razón social')).toHaveAttribute('name', 'accionistas[0].nombre');
    expect(first.getByLabelText('RFC con homoclave')).toHaveAttribute('maxLength', '12');
    expect(values().accionistas[0]).toMatchObject({ tipo_persona: 'Moral', genero: '', apellido_paterno: '' });
    expect(within(group('Accionista 2')).getByLabelText('Género')).toBeVisible();
  });

  it('asks no gender on a guarantor PM', () => {
    renderTab({ index: 2, guarantor: true });
    expect(screen.queryByLabelText('Género')).toBeNull();
    expect(within(group('Accionista 1')).getByLabelText(/^Apellido paterno/)).toBeVisible();
  });

  it('adds and removes shareholders, recording a stored one', async () => {
    const user = userEvent.setup();
    const stored = { ...defaultPmModel(), uuid: 'pm-1' };
    const { values } = renderTab({ index: 2, initialValues: stored });
    await user.click(screen.getByRole('button', { name: 'Agregar accionista' }));
    expect(values().accionistas).toHaveLength(4);
    expect(values().accionistas[3]).toMatchObject({ tipo_persona: 'Física con actividad empresarial', genero: '' });
    await user.click(screen.getByRole('button', { name: 'Quitar accionista 3' }));
    expect(values().accionistas).toHaveLength(3);
    expect(values().entidades_eliminadas).toEqual([expect.objectContaining({ entidad: 'accionistas' })]);
  });

  it('shows the 100% banner to staff only', () => {
    const { unmount } = renderTab({ index: 2, staff: true });
    expect(screen.getByText('Es importante capturar el 100% de los accionistas.')).toBeVisible();
    unmount();
    renderTab({ index: 2, staff: false });
    expect(screen.queryByText(/100%/)).toBeNull();
  });

  describe('the total for staff', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    const withPercentages = (...percentages: number[]) => ({
      ...defaultPmModel(),
      accionistas: percentages.map((porcentaje_participacion) => ({ ...defaultPmModel().accionistas[0], porcentaje_participacion })),
    });

    it('shows the message under every percentage once one makes the total wrong', async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderTab({ index: 2, staff: true, initialValues: withPercentages(40, 35.5, 24.5) });
      const fields = screen.getAllByLabelText('Porcentaje de participación');
      expect(screen.queryByText(MESSAGES.shareholdersTotal)).toBeNull();
      await user.clear(fields[0]);
      await user.type(fields[0], '50');
      act(() => void vi.advanceTimersByTime(1600));
      expect(screen.getAllByText(MESSAGES.shareholdersTotal)).toHaveLength(3);
      for (const field of fields) expect(field).toHaveAccessibleDescription(MESSAGES.shareholdersTotal);

      await user.clear(fields[0]);
      await user.type(fields[0], '40');
      act(() => void vi.advanceTimersByTime(1600));
      expect(screen.queryByText(MESSAGES.shareholdersTotal)).toBeNull();
    });

    it('shows it under every percentage when the tab is submitted', async () => {
      renderTab({ index: 2, staff: true, initialValues: withPercentages(10, 20, 30) });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
      for (const field of screen.getAllByLabelText('Porcentaje de participación')) {
        expect(field).toHaveAccessibleDescription(MESSAGES.shareholdersTotal);
      }
    });

    it('is not a rule for public sessions', async () => {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderTab({ index: 2, staff: false, initialValues: withPercentages(10, 20, 30) });
      await user.type(screen.getAllByLabelText('Porcentaje de participación')[0], '5');
      fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
      act(() => void vi.advanceTimersByTime(1600));
      expect(screen.queryByText(MESSAGES.shareholdersTotal)).toBeNull();
    });
  });
});

describe('Referencias (Proveedores)', () => {
  it('shows the suppliers with their labelled fields', () => {
    renderTab({ index: 3 });
    expect(groupsNamed(/^Proveedor \d$/)).toHaveLength(3);
    const first = within(group('Proveedor 1'));
    for (const [label, key] of [
      [/^Nombre o razón social/, 'nombre_completo'],
      [/^Nombre del contacto \(opcional\)/, 'nombre_contacto'],
      [/^Puesto del contacto \(opcional\)/, 'contacto_puesto'],
      [/^Teléfono/, 'telefono_numero'],
      [/^Extensión \(opcional\)/, 'telefono_extension'],
    ] as const) {
      expect(first.getByLabelText(label)).toHaveAttribute('name', `referencias[0].${key}`);
    }
  });

  it('adds a supplier with its fixed type and removes a stored one into entidades_eliminadas', async () => {
    const user = userEvent.setup();
    const { values } = renderTab({ index: 3, initialValues: { ...defaultPmModel(), uuid: 'pm-1' } });
    await user.click(screen.getByRole('button', { name: 'Agregar proveedor' }));
    expect(values().referencias).toHaveLength(4);
    expect(values().referencias[3].tipo_referencia).toBe('Proveedor');
    await user.click(screen.getByRole('button', { name: 'Quitar proveedor 4' }));
    expect(values().entidades_eliminadas).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Quitar proveedor 1' }));
    expect(values().referencias).toHaveLength(2);
    expect(values().entidades_eliminadas).toEqual([expect.objectContaining({ entidad: 'referencias', tipo_referencia: 'Proveedor' })]);
  });
});
