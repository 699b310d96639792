// Filling the wizards' tabs the way a person does, shared by the browser tests.
import { expect, type Page } from '@playwright/test';

export const NOTIFICATION = '.bp6-toast';

/**
 * 'Antes de comenzar' answered as a person does once it has opened: its 'Aceptar' takes the focus when
 * the dialog is shown whole (a click while it still zooms in could land beside the button), then it goes.
 */
export async function acceptFirstUse(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Antes de comenzar' });
  const accept = dialog.getByRole('button', { name: 'Aceptar' });
  await expect(accept).toBeFocused();
  await accept.click();
  await expect(dialog).toBeHidden();
}

/** 'Siguiente': the save is confirmed and the stepper marks the next tab. */
export async function next(page: Page, expectedTab: string) {
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.locator(NOTIFICATION).filter({ hasText: 'Datos almacenados correctamente' }).last()).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(expectedTab) })).toHaveAttribute('aria-current', 'step');
}

/** Opens a step from the stepper's list; below 600 px the list is folded into a bar, and opened first. */
export async function openStep(page: Page, name: RegExp) {
  const stepper = page.getByRole('navigation', { name: 'Secciones de la solicitud' });
  const toggle = stepper.getByRole('button', { name: /Ver todos los pasos/ });
  const step = stepper.getByRole('listitem').getByRole('button', { name });
  // A page just opened may not show its stepper yet (isVisible does not wait): the step or, on a narrow screen, the toggle first.
  await expect(step.or(toggle).first()).toBeVisible();
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await step.click();
}

/** Street, postal code and the neighbourhood the postal code offers. */
export async function address(page: Page, prefix: string, postalCode: string, colonia: string) {
  await page.locator(`input[name="${prefix}.calle"]`).fill('AV. VALLARTA 1000');
  await page.locator(`input[name="${prefix}.codigo_postal"]`).fill(postalCode);
  // vivienda.domicilio → vivienda.colonia; empleo.domicilio_fiscal → empleo.colonia_fiscal
  const select = page.locator(`select[name="${prefix.replace('.domicilio', '.colonia')}"]`);
  await expect(select.locator('option', { hasText: colonia })).toHaveCount(1);
  await select.selectOption({ label: colonia });
}

/** Types `words` in the catalogue field labelled `label` (a search by any word) and picks the option named `option`. */
export async function pickFromCatalog(page: Page, label: string, words: string, option: string) {
  const input = page.getByRole('combobox', { name: label });
  await expect(input).toBeEnabled();
  await input.click();
  await page.keyboard.type(words);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

export interface Person {
  nombre: string;
  curp: string;
  rfc: string;
  /** Default 'garcía' and 'ramírez'. */
  apellidos?: [string, string];
}

export const CARLOS: Person = { nombre: 'carlos', curp: 'GARC850314HJCRRL09', rfc: 'GARC850314AB1' };

/** The natural-person 'Datos generales' (the CURP fills sex, birth date and birth state). */
export async function fillPersonGeneralData(page: Page, person: Person = CARLOS) {
  await page.getByLabel('Identificación oficial').selectOption('INE');
  await page.getByLabel('Nombre(s)').fill(person.nombre);
  const [paterno, materno] = person.apellidos ?? ['garcía', 'ramírez'];
  await page.getByLabel('Apellido paterno').fill(paterno);
  await page.getByLabel('Apellido materno').fill(materno);
  await page.getByLabel('CURP').fill(person.curp);
  await page.getByLabel('RFC con homoclave').fill(person.rfc);
  await page.getByLabel('Correo electrónico').fill(`${person.nombre.normalize('NFD').replace(/\p{M}/gu, '')}@example.com`);
  await page.getByLabel('Teléfono celular').fill('3312345678');
  await expect(page.getByLabel('Sexo')).toHaveValue('Masculino');
  await expect(page.getByLabel('Fecha de nacimiento')).toHaveValue('14/03/1985');
  await expect(page.getByLabel('Estado de nacimiento')).toHaveValue('Jalisco');
  await pickFromCatalog(page, 'Municipio de nacimiento', 'guadal', 'Guadalajara');
  await page.getByLabel('Estado civil', { exact: true }).selectOption('Casado');
  await page.getByLabel('Régimen matrimonial').selectOption('Bienes separados');
  await page.getByLabel('Nombre completo del cónyuge').fill('ana lópez');
}

export async function fillHousing(page: Page) {
  await page.getByLabel('Tipo de vivienda').selectOption('Rentada');
  await page.getByLabel('Renta mensual').fill('12500');
  await page.getByLabel('Años de residencia').selectOption('6 - 10');
  await page.getByLabel('Teléfono de casa').fill('3336161616');
  await address(page, 'vivienda.domicilio', '44160', 'Americana');
}

export async function fillEmployment(page: Page) {
  await page.getByLabel('Empresa', { exact: true }).fill('tornillos del bajío');
  await page.getByLabel('Fecha de ingreso').fill('01/02/2015');
  await page.getByLabel('Fecha de ingreso').press('Tab');
  await pickFromCatalog(page, 'Actividad económica', 'cultivo hortalizas', 'Cultivo de hortalizas');
  await page.getByLabel('Teléfono del empleo').fill('3338001000');
  await page.getByLabel('Operaciones internacionales').selectOption('NO APLICA');
  await address(page, 'empleo.domicilio', '44100', 'Guadalajara Centro');
}

/** The PFAE extras of 'Empleo': profession, position, and the fiscal address copied onto the operating one. */
export async function fillBusinessActivity(page: Page) {
  await page.getByLabel('Profesión actual').fill('ingeniero');
  await page.getByLabel('Puesto actual').fill('director');
  await address(page, 'empleo.domicilio_fiscal', '44160', 'Americana');
  await page.getByText('El domicilio operativo es el mismo que el fiscal').click();
}

export async function fillAssets(page: Page) {
  await page.getByLabel('Valor de tu automóvil').fill('250000');
}

export async function fillPersonalReferences(page: Page) {
  await page.locator('input[name="referencia_familiar.nombre_completo"]').fill('maría garcía');
  await page.locator('select[name="referencia_familiar.parentesco_tiempo_conocerlo"]').selectOption('MADRE');
  await page.locator('input[name="referencia_familiar.telefono_numero"]').fill('3331112233');
  for (const n of [1, 2]) {
    await page.locator(`input[name="referencia_personal_${n}.nombre_completo"]`).fill(`amigo ${n}`);
    await page.locator(`input[name="referencia_personal_${n}.parentesco_tiempo_conocerlo"]`).fill('10');
    await page.locator(`input[name="referencia_personal_${n}.telefono_numero"]`).fill(`333444556${n}`);
  }
}

/** The legal-entity 'Datos generales': RFC of 12 matching the incorporation date 15/01/2015. */
export async function fillCompanyGeneralData(page: Page, name: string, rfc = 'TBA150115AB1') {
  await page.getByLabel('Razón social').fill(name);
  await page.getByLabel('RFC con homoclave').fill(rfc);
  await page.getByLabel('Fecha de constitución').fill('15/01/2015');
  await page.getByLabel('Fecha de constitución').press('Tab');
  await page.getByLabel('Sector').selectOption('Industria');
  await pickFromCatalog(page, 'Actividad económica', 'cultivo hortalizas', 'Cultivo de hortalizas');
  await page.getByLabel('Número de empleados').fill('35');
  await page.locator('input[name="email"]').fill('contacto@example.com');
  await page.locator('input[name="moral.telefono_numero"]').fill('3338001000');
  await address(page, 'informacion_fiscal.domicilio_fiscal', '44160', 'Americana');
  await page.getByText('El domicilio operativo es el mismo que el fiscal').click();
}

const CONTACT_RFCS = ['LODJ700101AB1', 'RUAN750202CD2', 'PEMA800303EF3', 'SAGL820404GH4'];

/** 'Contactos': the three representatives and the payment contact. */
export async function fillContacts(page: Page) {
  const prefixes = ['representantes[0]', 'representantes[1]', 'representantes[2]', 'contacto_pago'];
  for (const [i, prefix] of prefixes.entries()) {
    await page.locator(`input[name="${prefix}.nombre"]`).fill(`representante ${i + 1}`);
    await page.locator(`input[name="${prefix}.puesto"]`).fill('director');
    await page.locator(`input[name="${prefix}.rfc"]`).fill(CONTACT_RFCS[i]);
    await page.locator(`input[name="${prefix}.email"]`).fill(`rep${i + 1}@example.com`);
    await page.locator(`input[name="${prefix}.telefono"]`).fill(`33310000${i}0`);
  }
}

/** 'Accionistas mayoritarios': three natural-person shareholders adding up to 100%. */
export async function fillShareholders(page: Page, options: { gender: boolean }) {
  const shares = ['40', '35', '25'];
  for (const [i, share] of shares.entries()) {
    const prefix = `accionistas[${i}]`;
    if (options.gender) await page.locator(`select[name="${prefix}.genero"]`).selectOption(i % 2 ? 'Mujer' : 'Hombre');
    await page.locator(`input[name="${prefix}.nombre"]`).fill(`socio ${i + 1}`);
    await page.locator(`input[name="${prefix}.rfc"]`).fill(CONTACT_RFCS[i]);
    await page.locator(`input[name="${prefix}.porcentaje_participacion"]`).fill(share);
  }
}

/** 'Referencias (Proveedores)': name and phone of each supplier. */
export async function fillSuppliers(page: Page) {
  for (const i of [0, 1, 2]) {
    await page.locator(`input[name="referencias[${i}].nombre_completo"]`).fill(`proveedor ${i + 1}`);
    await page.locator(`input[name="referencias[${i}].telefono_numero"]`).fill(`33320000${i}0`);
  }
}
