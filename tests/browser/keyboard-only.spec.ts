// A natural person's whole application with the keyboard alone, from the home page to the finish
// message, counting the keys a person presses. Every field is reached the way a person reaches it,
// with Tab from wherever the page left the focus (never a click or a programmatic focus), so the
// count follows the real tab order. The figure printed: the presses that are not the typed values
// (Tab, Enter, Space, arrows, a select's first letters) and, apart, the characters typed.
import { expect, test, type Locator, type Page } from '@playwright/test';

/** Issue 16's target for the navigation presses of the whole PF run. */
const PRESSES_MAX = 300;

// The page as it moves by default (the other tests ask for less motion): the keyboard waits for each
// dialog's focused answer, as a person waits for the dialog.
test.use({ reducedMotion: 'no-preference' });

class KeyboardOnly {
  presses = new Map<string, number>();
  typed = 0;

  constructor(private readonly page: Page) {}

  get total() {
    return [...this.presses.values()].reduce((sum, n) => sum + n, 0);
  }

  async press(key: string) {
    await this.page.keyboard.press(key);
    this.presses.set(key, (this.presses.get(key) ?? 0) + 1);
  }

  /** A value, character by character, into the focused field. */
  async type(text: string) {
    await this.page.keyboard.type(text);
    this.typed += text.length;
  }

  /** Tab (forward) until `target` has the focus; fails if 40 presses do not reach it. */
  async tabTo(target: Locator) {
    for (let i = 0; i < 40; i++) {
      if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
      await this.press('Tab');
    }
    const focused = await this.page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
    throw new Error(`40 Tabs did not reach ${target}; the focus is on ${focused}`);
  }

  /** Tab to a text field and type its value. */
  async fill(target: Locator, value: string) {
    await this.tabTo(target);
    await this.type(value);
  }

  /** Tab to a select and choose by typing the option's first letters, as a person does on a closed select. */
  async choose(target: Locator, letters: string, expected: string) {
    await this.tabTo(target);
    for (const letter of letters) await this.press(letter);
    await expect(target).toHaveValue(expected);
  }

  /** Tab to a catalogue search, type words and take the first match with Enter. */
  async search(target: Locator, words: string, option: string) {
    await this.tabTo(target);
    await this.type(words);
    await expect(this.page.getByRole('listbox').getByRole('option').first()).toHaveText(option);
    await this.press('Enter');
    await expect(target).toHaveValue(option);
  }

  /** Tab to a button and press Enter. */
  async activate(target: Locator) {
    await this.tabTo(target);
    await this.press('Enter');
  }
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

test('a natural person applies from the home page to the finish message with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const keys = new KeyboardOnly(page);
  const stepIs = (title: RegExp) =>
    expect(page.getByRole('navigation', { name: 'Secciones de la solicitud' }).getByRole('button', { name: title })).toHaveAttribute('aria-current', 'step');
  const next = async (title: RegExp) => {
    await keys.activate(page.getByRole('button', { name: 'Siguiente' }));
    await stepIs(title);
  };

  await page.goto('/');
  await keys.activate(page.getByRole('link', { name: 'Iniciar solicitud de Persona Física', exact: true }));
  // 'Antes de comenzar' opens with its answer focused.
  await expect(page.getByRole('button', { name: 'Aceptar' })).toBeFocused();
  await keys.press('Enter');
  await stepIs(/Datos generales/);

  await keys.choose(field(page, 'fisica.identificacion'), 'I', 'INE');
  await keys.fill(field(page, 'nombre'), 'carlos');
  await keys.fill(field(page, 'fisica.apellido_paterno'), 'garcía');
  await keys.fill(field(page, 'fisica.apellido_materno'), 'ramírez');
  // The CURP fills sex, birth date and state.
  await keys.fill(field(page, 'fisica.curp'), 'GARC850314HJCRRL09');
  await keys.fill(field(page, 'fisica.rfc'), 'GARC850314AB1');
  await keys.fill(field(page, 'email'), 'carlos@example.com');
  await keys.fill(field(page, 'celular.numero'), '3312345678');
  await keys.search(page.getByRole('combobox', { name: 'Municipio de nacimiento' }), 'guadal', 'Guadalajara');
  await keys.choose(field(page, 'fisica.estado_civil'), 'S', 'Soltero');
  await next(/Vivienda/);

  await keys.choose(field(page, 'vivienda.vivienda_tipo'), 'R', 'Rentada');
  await keys.fill(field(page, 'vivienda.vivienda_valor_renta_mensual'), '12500');
  await keys.choose(field(page, 'vivienda.vivienda_anios_residencia'), '6', '6 - 10');
  await keys.fill(field(page, 'vivienda.telefono.numero'), '3336161616');
  await keys.fill(field(page, 'vivienda.domicilio.calle'), 'av. vallarta 1000');
  await keys.fill(field(page, 'vivienda.domicilio.codigo_postal'), '44160');
  await expect(field(page, 'vivienda.colonia').locator('option', { hasText: 'Americana' })).toHaveCount(1);
  await keys.choose(field(page, 'vivienda.colonia'), 'A', 'Americana');
  await next(/Empleo/);

  await keys.fill(field(page, 'empleo.empresa_nombre'), 'tornillos del bajío');
  await keys.fill(page.getByRole('textbox', { name: 'Fecha de ingreso' }), '01/02/2015');
  await keys.search(page.getByRole('combobox', { name: 'Actividad económica' }), 'cultivo hortalizas', 'Cultivo de hortalizas');
  await keys.fill(field(page, 'empleo.telefono.numero'), '3338001000');
  await keys.choose(field(page, 'operaciones_internacionales'), 'N', 'NO APLICA');
  await keys.fill(field(page, 'empleo.domicilio.calle'), 'av. juárez 100');
  await keys.fill(field(page, 'empleo.domicilio.codigo_postal'), '44100');
  await expect(field(page, 'empleo.colonia').locator('option', { hasText: 'Guadalajara Centro' })).toHaveCount(1);
  await keys.choose(field(page, 'empleo.colonia'), 'G', 'Guadalajara Centro');
  await next(/Activos y pasivos/);

  await keys.fill(field(page, 'activos_pasivos.activos_valor_automovil'), '250000');
  await next(/Referencias personales/);

  await keys.fill(field(page, 'referencia_familiar.nombre_completo'), 'maría garcía');
  await keys.choose(field(page, 'referencia_familiar.parentesco_tiempo_conocerlo'), 'MA', 'MADRE');
  await keys.fill(field(page, 'referencia_familiar.telefono_numero'), '3331112233');
  for (const n of [1, 2]) {
    await keys.fill(field(page, `referencia_personal_${n}.nombre_completo`), `amigo ${n}`);
    await keys.fill(field(page, `referencia_personal_${n}.parentesco_tiempo_conocerlo`), '10');
    await keys.fill(field(page, `referencia_personal_${n}.telefono_numero`), `333444556${n}`);
  }
  await next(/Leyenda de veracidad/);

  await keys.tabTo(page.getByRole('checkbox', { name: 'Acepto la declaración de veracidad' }));
  await keys.press('Space');
  await keys.activate(page.getByRole('button', { name: 'Finalizar' }));
  await expect(page.getByRole('dialog')).toContainText(/éxitosamente/);

  const byKey = [...keys.presses].map(([key, n]) => `${key} ${n}`).join(', ');
  console.log(`Keyboard-only PF run: ${keys.total} presses (${byKey}) and ${keys.typed} characters typed; target ≤ ${PRESSES_MAX} presses`);
  expect(keys.total).toBeLessThanOrEqual(PRESSES_MAX);
});
