// A guarantor's documents, uploaded by the applicant in the guarantor's wizard, reach staff: the
// list 'Documentos de la solicitud' names each (its template), who uploaded it and when, and opens
// it in a new tab, the PDF in Chromium's viewer. Screenshots in test-results/documents/.
import { expect, test, type Page } from '@playwright/test';
import { constanciaPdf } from '../support/documents/constancia';
import { ineFront } from '../support/documents/id-cards';
import { PEOPLE } from '../support/documents/people';
import { createApplication, createGuarantor, pageBearer } from './support/api';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';

const person = PEOPLE[2]!; // LUIS HERNÁNDEZ OCHOA
const OCR_DONE = 'Datos obtenidos con OCR';
const fileInput = (page: Page, name: string) => page.getByRole('group', { name }).locator('input[type="file"]');

async function signIn(page: Page, next: string) {
  await page.goto(`/staff/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

test('a guarantor\'s INE and Constancia fill its wizard, and staff list and open them', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const bearer = await pageBearer(page);
  const pm = await createApplication(request, 'pm', { last_index: 4 }, {}, bearer);
  const guarantor = await createGuarantor(request, pm, 'AVAL DOCUMENTOS', false, bearer);
  const guarantorPath = `/avalpf/${guarantor}?pm=${pm}`;

  await page.goto(guarantorPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Física' })).toBeVisible();
  // It opens on the furthest tab reached; the ID is read in Datos generales.
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');
  await fileInput(page, 'Credencial para votar (INE o IFE)').setInputFiles({ name: 'ine-aval.png', mimeType: 'image/png', buffer: ineFront(person) });
  await expect(page.getByText(OCR_DONE).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('CURP')).toHaveValue(person.curp);
  await expect(page.getByLabel('Nombre(s)')).toHaveValue(person.nombre);
  await fileInput(page, 'Constancia de situación fiscal').setInputFiles({ name: 'constancia-aval.pdf', mimeType: 'application/pdf', buffer: await constanciaPdf({ kind: 'person', person }) });
  await expect(page.getByText(OCR_DONE)).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByLabel('RFC con homoclave')).toHaveValue(person.rfc);

  // Staff, in their own browser session, open the guarantor and its documents.
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, guarantorPath);
  await expect(staff.getByRole('heading', { level: 1, name: 'Aval Persona Física' })).toBeVisible();
  const toggle = staff.getByRole('button', { name: 'Documentos de la solicitud' });
  await toggle.focus();
  await staff.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const rows = staff.locator('.document-list tbody tr');
  await expect(rows).toHaveCount(2);
  const idRow = rows.filter({ hasText: 'Identificación oficial' });
  await expect(idRow).toContainText('(INE)');
  await expect(idRow).toContainText('PNG');
  await expect(idRow).toContainText('Solicitante');
  const taxRow = rows.filter({ hasText: 'Constancia de situación fiscal' });
  await expect(taxRow).toContainText('PDF');
  await expectAccessible(staff);
  await staff.screenshot({ path: 'test-results/documents/staff-documentos-1280.png', fullPage: true });
  await staff.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(staff);
  // A card per document: its date and its 'Abrir' within the screen, not off its edge in a box scrolled sideways.
  for (const shown of [idRow.getByRole('link', { name: /Abrir/ }), idRow.locator('td[data-label="Fecha"]')]) {
    const box = (await shown.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await expectAccessible(staff);
  await toggle.scrollIntoViewIfNeeded();
  await staff.screenshot({ path: 'test-results/documents/staff-documentos-360.png', fullPage: true });
  await staff.setViewportSize({ width: 1280, height: 720 });

  // The ID opens as the image it is, in a new tab.
  const [imageTab] = await Promise.all([staff.waitForEvent('popup'), idRow.getByRole('link', { name: /Abrir/ }).click()]);
  await imageTab.waitForLoadState();
  expect(await imageTab.evaluate(() => document.contentType)).toBe('image/png');
  expect(await imageTab.evaluate(() => (document.querySelector('img') as HTMLImageElement | null)?.naturalWidth ?? 0)).toBeGreaterThan(100);
  await imageTab.screenshot({ path: 'test-results/documents/staff-abre-ine.png' });

  // The Constancia opens as a PDF (Chromium's viewer, not a download).
  const [pdfTab] = await Promise.all([staff.waitForEvent('popup'), taxRow.getByRole('link', { name: /Abrir/ }).click()]);
  await pdfTab.waitForLoadState();
  expect(await pdfTab.evaluate(() => document.contentType)).toBe('application/pdf');
  await pdfTab.waitForTimeout(1500);
  await pdfTab.screenshot({ path: 'test-results/documents/staff-abre-constancia.png' });

  // The public cannot open them.
  const href = await idRow.getByRole('link', { name: /Abrir/ }).getAttribute('href');
  expect((await request.get(href!, { headers: { authorization: bearer } })).status()).toBe(403);
});
