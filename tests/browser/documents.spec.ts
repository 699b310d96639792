// Documents in the wizard against the real server: the applicant chooses a generated document, the
// browser posts it straight to the embedded storage, the server's OCR reads it, and the fields it
// read fill the form, marked, with 'Deshacer'. Screenshots in test-results/documents/.
import { expect, test, type Page } from '@playwright/test';
import { constanciaPdf } from '../support/documents/constancia';
import { ineFront } from '../support/documents/id-cards';
import { COMPANIES, PEOPLE } from '../support/documents/people';
import { cfeReceipt, telmexReceipt } from '../support/documents/receipts';
import { createApplication } from './support/api';
import { pickFromCatalog } from './support/wizard-steps';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';

const person = PEOPLE[1]!; // MARÍA FERNANDA PEÑA NÚÑEZ, born 2003 (a CURP of this century), Guadalajara
const OCR_DONE = 'Datos obtenidos con OCR';
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/documents/${name}.png`, fullPage: true });
/** The file input of the upload area named `name`. */
const fileInput = (page: Page, name: string) => page.getByRole('group', { name }).locator('input[type="file"]');
const isoToShown = (iso: string) => iso.split('-').reverse().join('/');

/** Drops a file onto the upload area named `name`, as a person drags it from their desktop. */
async function dropOnto(page: Page, name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, fileName, mimeType }) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], fileName, { type: mimeType }));
      return transfer;
    },
    { base64: file.buffer.toString('base64'), fileName: file.name, mimeType: file.mimeType },
  );
  const area = page.getByRole('group', { name });
  await area.dispatchEvent('dragover', { dataTransfer });
  await area.dispatchEvent('drop', { dataTransfer });
}

test.describe('documents and OCR', () => {
  // A first read starts an OCR worker (1.4-2.1 s on a quiet machine) besides the upload and the polls.
  test.setTimeout(90_000);

  test('an INE chosen with the keyboard fills name, surnames, CURP, sex and birth date, marked, and can be undone', async ({ page }) => {
    await page.goto('/pf');
    await page.getByRole('button', { name: 'Aceptar' }).click();
    const area = page.getByRole('group', { name: 'Credencial para votar (INE o IFE)' });
    await expect(area).toBeVisible();
    await expectAccessible(page);

    // The keyboard reaches the area's button, which opens the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await area.getByRole('button', { name: 'Elegir archivo' }).focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'ine-frente.png', mimeType: 'image/png', buffer: ineFront(person) });
    await expect(page.getByText('ine-frente.png')).toBeVisible();
    // The chooser is disabled while the file goes up and is read: the focus is on 'Cancelar', then,
    // once read, on 'Deshacer' (never lost to the page, nor past the area).
    await expect(area.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expect(page.getByText(OCR_DONE).first()).toBeVisible({ timeout: 60_000 });
    await expect(area.getByRole('button', { name: 'Deshacer' })).toBeFocused();

    await expect(page.getByLabel('Nombre(s)')).toHaveValue(person.nombre);
    await expect(page.getByLabel('Apellido paterno')).toHaveValue(person.apellido_paterno);
    await expect(page.getByLabel('Apellido materno')).toHaveValue(person.apellido_materno);
    await expect(page.getByLabel('CURP')).toHaveValue(person.curp);
    await expect(page.getByLabel('Sexo')).toHaveValue(person.sexo);
    await expect(page.getByLabel('Fecha de nacimiento')).toHaveValue(isoToShown(person.fecha_nacimiento));
    await expect(page.getByText(/Llenado con OCR/).first()).toBeVisible();
    expect(await page.getByText(/Llenado con OCR/).count()).toBeGreaterThanOrEqual(5);
    await expectAccessible(page);
    await shot(page, 'ine-llenado-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await page.getByText(OCR_DONE).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/documents/ine-llenado-360.png' });
    await page.setViewportSize({ width: 1280, height: 720 });

    // 'Deshacer' puts back what was there before the read.
    await area.getByRole('button', { name: 'Deshacer' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Nombre(s)')).toHaveValue('');
    await expect(page.getByLabel('CURP')).toHaveValue('');
    await expect(page.getByText(/Llenado con OCR/)).toHaveCount(0);
    await expect(area.getByRole('button', { name: 'Elegir archivo' })).toBeFocused();
  });

  test("another person's INE in place of the first moves the birth state to the new CURP's, counted and marked", async ({ page }) => {
    const other = PEOPLE[3]!; // SOFÍA ÁLVAREZ IBARRA, a CURP of Puebla (PL)
    await page.goto('/pf');
    await page.getByRole('button', { name: 'Aceptar' }).click();
    const input = fileInput(page, 'Credencial para votar (INE o IFE)');
    const area = page.getByRole('group', { name: 'Credencial para votar (INE o IFE)' });
    await input.setInputFiles({ name: 'ine-maria.png', mimeType: 'image/png', buffer: ineFront(person) });
    await expect(area.getByText('Se llenaron 8 campos con OCR')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByLabel('Estado de nacimiento')).toHaveValue(/jalisco/i);
    await pickFromCatalog(page, 'Municipio de nacimiento', 'guadalajara', 'Guadalajara');

    await input.setInputFiles({ name: 'ine-sofia.png', mimeType: 'image/png', buffer: ineFront(other) });
    await expect(page.getByLabel('CURP')).toHaveValue(other.curp, { timeout: 60_000 });
    await expect(page.getByLabel('Nombre(s)')).toHaveValue(other.nombre);
    // Jalisco came from the replaced CURP: the state follows the new one, as typing that CURP would.
    await expect(page.getByLabel('Estado de nacimiento')).toHaveValue(/puebla/i);
    // Guadalajara is not in Puebla: emptied, neither counted nor marked as filled.
    await expect(page.getByLabel('Municipio de nacimiento')).toHaveValue('');
    // Six changed (both women with an INE: the sex and the identification stay), the state among them.
    await expect(area.getByText('Se llenaron 6 campos con OCR')).toBeVisible();
    await expect(page.locator('.birthplace-fields').getByText(/Llenado con OCR/)).toHaveCount(1);
    await expectAccessible(page);
  });

  test('a Constancia fills the RFC; an INE given as the Constancia is refused with the spec message', async ({ page }) => {
    await page.goto('/pf');
    await page.getByRole('button', { name: 'Aceptar' }).click();
    const tax = fileInput(page, 'Constancia de situación fiscal');
    await tax.setInputFiles({ name: 'constancia.pdf', mimeType: 'application/pdf', buffer: await constanciaPdf({ kind: 'person', person }) });
    await expect(page.getByText(OCR_DONE).first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByLabel('RFC con homoclave')).toHaveValue(person.rfc);

    // An INE given as the Constancia: the template message, and the area offers to try again.
    await page.getByRole('button', { name: 'Deshacer' }).first().click();
    await tax.setInputFiles({ name: 'ine.png', mimeType: 'image/png', buffer: ineFront(person) });
    await expect(page.getByText('Documento inválido, solo la Constancia de situación fiscal es aceptada')).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page);
    await shot(page, 'constancia-rechazada-1280');
  });

  test('a CFE receipt in Vivienda fills the street, the postal code and its colonia, and is said received when opened again', async ({ page, request, browser }) => {
    const uuid = await createApplication(request, 'pf', { last_index: 1 });
    await page.goto(`/pf/${uuid}`);
    await page.getByRole('button', { name: /Vivienda/ }).click();
    await expect(page.getByRole('button', { name: /Vivienda/ })).toHaveAttribute('aria-current', 'step');
    await fileInput(page, 'Comprobante de domicilio (CFE o TELMEX)').setInputFiles({ name: 'cfe.png', mimeType: 'image/png', buffer: cfeReceipt(person) });
    await expect(page.getByText(OCR_DONE).first()).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('input[name="vivienda.domicilio.calle"]')).toHaveValue(person.address.calle);
    await expect(page.locator('input[name="vivienda.domicilio.codigo_postal"]')).toHaveValue(person.address.codigo_postal);
    await expect(page.locator('select[name="vivienda.colonia"] option:checked')).toHaveText(person.address.colonia.colonia);
    await expectAccessible(page);
    await shot(page, 'cfe-vivienda-1280');
    // To the tab before and back: the area starts afresh and says the receipt was received.
    await page.getByRole('button', { name: /Datos generales/ }).click();
    await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');
    await page.getByRole('button', { name: /Vivienda/ }).click();
    await expect(page.getByRole('group', { name: 'Comprobante de domicilio (CFE o TELMEX)' }).getByRole('note')).toHaveText(/^Ya recibimos este documento el .* \(PNG, [\d.,]+ KB\)\./);

    // Opened again in another browser (a person resuming on a phone): the area says the receipt was
    // received, and when, so it is not sent twice.
    const other = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const elsewhere = await other.newPage();
    await elsewhere.goto(`${new URL(page.url()).origin}/pf/${uuid}`);
    await elsewhere.getByRole('button', { name: /Vivienda/ }).click();
    await elsewhere.setViewportSize({ width: 360, height: 740 });
    const area = elsewhere.getByRole('group', { name: 'Comprobante de domicilio (CFE o TELMEX)' });
    await expect(area.getByRole('note')).toHaveText(/^Ya recibimos este documento el \d{1,2} de \w+ de \d{4}, \d{2}:\d{2} \(PNG, [\d.,]+ KB\)\. Sube otro solo si necesitas reemplazarlo\.$/);
    await expectAccessible(elsewhere);
    await expectNoHorizontalScroll(elsewhere);
    await area.scrollIntoViewIfNeeded();
    await elsewhere.screenshot({ path: 'test-results/documents/recibido-360.png' });
    await other.close();
  });

  test('a PM: a Constancia dropped onto its area fills business name, RFC and constitution date; a TELMEX receipt fills the fiscal address', async ({ page }) => {
    const company = COMPANIES[1]!; // PEÑA Y ASOCIADOS CONSTRUCCIÓN, Benito Juárez
    await page.goto('/pm');
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await dropOnto(page, 'Constancia de situación fiscal', { name: 'constancia-pm.pdf', mimeType: 'application/pdf', buffer: await constanciaPdf({ kind: 'company', company }) });
    await expect(page.getByText('constancia-pm.pdf')).toBeVisible();
    await expect(page.getByText(OCR_DONE).first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByLabel('Razón social')).toHaveValue(company.razon_social);
    await expect(page.getByLabel('RFC con homoclave')).toHaveValue(company.rfc);
    await expect(page.getByLabel('Fecha de constitución')).toHaveValue(isoToShown(company.fecha_constitucion));

    // The fiscal address's own area: a TELMEX receipt of the company's address.
    const holder = { ...PEOPLE[0]!, address: company.address };
    await fileInput(page, 'Comprobante de domicilio (CFE o TELMEX)').setInputFiles({ name: 'telmex.png', mimeType: 'image/png', buffer: telmexReceipt(holder) });
    await expect(page.getByText(OCR_DONE)).toHaveCount(2, { timeout: 60_000 });
    await expect(page.locator('input[name="informacion_fiscal.domicilio_fiscal.calle"]')).toHaveValue(company.address.calle);
    await expect(page.locator('input[name="informacion_fiscal.domicilio_fiscal.codigo_postal"]')).toHaveValue(company.address.codigo_postal);
    await expect(page.locator('select[name="informacion_fiscal.colonia_fiscal"] option:checked')).toHaveText(company.address.colonia.colonia);
    await expectAccessible(page);
    await shot(page, 'pm-constancia-telmex-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await page.getByText('constancia-pm.pdf').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/documents/pm-constancia-360.png' });
  });

  test('a PFAE: a CFE receipt in Empleo fills the business fiscal address', async ({ page, request }) => {
    const uuid = await createApplication(request, 'pfae', { last_index: 2 });
    await page.goto(`/pfae/${uuid}`);
    await page.getByRole('button', { name: /Empleo/ }).click();
    await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
    const receiptOf = PEOPLE[2]!; // Monterrey Centro
    await fileInput(page, 'Comprobante de domicilio (CFE o TELMEX)').setInputFiles({ name: 'cfe.jpg', mimeType: 'image/png', buffer: cfeReceipt(receiptOf) });
    await expect(page.getByText(OCR_DONE).first()).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('input[name="empleo.domicilio_fiscal.calle"]')).toHaveValue(receiptOf.address.calle);
    await expect(page.locator('input[name="empleo.domicilio_fiscal.codigo_postal"]')).toHaveValue(receiptOf.address.codigo_postal);
    await expect(page.locator('select[name="empleo.colonia_fiscal"] option:checked')).toHaveText(receiptOf.address.colonia.colonia);
    await expectAccessible(page);
  });

  test('an upload that fails is retried with the keyboard alone, and then reads', async ({ page }) => {
    // The storage out of reach: the first post's connection dropped, the second answered with S3's
    // 503 (its disks unreachable); the third goes through.
    let posts = 0;
    await page.route('**/storage/**', (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts++;
      if (posts === 1) return route.abort('connectionreset');
      if (posts === 2) {
        return route.fulfill({ status: 503, contentType: 'application/xml', body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>Service unavailable</Message></Error>' });
      }
      return route.continue();
    });
    await page.goto('/pf');
    await page.getByRole('button', { name: 'Aceptar' }).click();
    const area = page.getByRole('group', { name: 'Credencial para votar (INE o IFE)' });
    const chooser = page.waitForEvent('filechooser');
    await area.getByRole('button', { name: 'Elegir archivo' }).focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'ine.png', mimeType: 'image/png', buffer: ineFront(person) });
    await expect(area.getByRole('alert')).toHaveText(/No se pudo subir el archivo, inténtalo de nuevo/);
    await expectAccessible(page);
    await shot(page, 'reintentar-1280');

    // From the area's button, Tab reaches 'Cancelar', then 'Reintentar'.
    await area.getByRole('button', { name: 'Elegir archivo' }).focus();
    await page.keyboard.press('Tab');
    await expect(area.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(area.getByRole('button', { name: 'Reintentar' })).toBeFocused();
    await page.keyboard.press('Enter');
    // The storage's 503 is said the same way, in Spanish (never its English XML), with 'Reintentar' again.
    await expect.poll(() => posts).toBe(2);
    await expect(area.getByRole('alert')).toHaveText(/No se pudo subir el archivo, inténtalo de nuevo/);
    await expect(area).not.toContainText('Service unavailable');
    await area.getByRole('button', { name: 'Elegir archivo' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(area.getByRole('button', { name: 'Reintentar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(area.getByText(OCR_DONE)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByLabel('CURP')).toHaveValue(person.curp);
    expect(posts).toBe(3);
  });
});
