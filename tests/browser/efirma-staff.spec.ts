// Who signed with an e.firma, as people see it (issue 20). Packets are signed through the real API
// with the test credentials (the server of these tests has no SAT_CA_DIR, so every chain is
// 'Cadena no verificada'); then the applicant sees 'Firmado con e.firma' in the wizard, and staff
// see the lists' tag, the section in the wizard and the print view, and download the signed PDF,
// which poppler's pdfsig finds valid. Screenshots in test-results/efirma/.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfsig } from '../support/efirma/pdfsig';
import { createApplication, pageBearer, staffBearer } from './support/api';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { credentials, signThroughApi } from './support/efirma';

const SHOTS = 'test-results/efirma';
const CHAIN_NOT_CHECKED = 'El certificado no se verificó contra los certificados del SAT porque el servidor no los tiene configurados.';
const SIGNED_AT = /Firmado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;

async function signIn(page: Page, next: string) {
  await page.goto(`/staff/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

const signatures = (page: Page) => page.getByRole('region', { name: 'Firmado con e.firma' });

/** Checks the page at 1280 and at 360 px: no accessibility violation, no sideways scroll at 360, a screenshot of each. */
async function checkedAtBothWidths(page: Page, name: string, shown: Locator) {
  await expectAccessible(page);
  await shown.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shown.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-360.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test("the applicant sees who signed a PM's packet: the company's e.firma and its representative's", async ({ page, request }) => {
  test.setTimeout(90_000);
  const bearer = await pageBearer(page);
  const pm = await createApplication(request, 'pm', { last_index: 4 }, {}, bearer);
  await page.goto(`/pm/${pm}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud de Persona Moral' })).toBeVisible();
  await expect(page.getByText(`Folio de la solicitud: ${pm}`)).toBeVisible();
  // Nobody signed yet: nothing is said.
  await expect(signatures(page)).toHaveCount(0);

  await signThroughApi(request, bearer, { code: 'wizardpm', uuid: pm, who: credentials.pm, reason: 'Solicitante' });
  await signThroughApi(request, bearer, { code: 'wizardpm', uuid: pm, who: credentials.representative, reason: 'Representante legal' });
  await page.reload();
  const section = signatures(page);
  const [company, representative] = [section.getByRole('listitem').nth(0), section.getByRole('listitem').nth(1)];
  await expect(company).toContainText(credentials.pm.name);
  await expect(company).toContainText('Solicitante');
  await expect(company).toContainText(`RFC: ${credentials.pm.rfc} · RFC del representante: ${credentials.pm.representativeRfc}`);
  await expect(company).toContainText(`Certificado ${credentials.pm.serial}`);
  await expect(company).toContainText(SIGNED_AT);
  await expect(company).toContainText('Cadena no verificada');
  await expect(representative).toContainText(credentials.representative.name);
  await expect(representative).toContainText('Representante legal');
  await expect(representative).toContainText(`RFC: ${credentials.representative.rfc}`);
  await expect(representative).not.toContainText('RFC del representante');
  await expect(section).toContainText(`Cadena no verificada: ${CHAIN_NOT_CHECKED}`);
  await expect(section.getByRole('button', { name: 'Descargar PDF firmado' })).toBeVisible();
  await checkedAtBothWidths(page, 'solicitante-pm', section);
});

test('staff see the signed records in both lists, the signatures in the wizard and the print view, and download the signed PDF', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const bearer = await pageBearer(page);
  const pf = await createApplication(request, 'pf', { last_index: 5, complete: true }, {}, bearer);
  const unsigned = await createApplication(request, 'pf', { last_index: 5, complete: true }, {}, bearer);
  const pm = await createApplication(request, 'pm', { last_index: 4 }, {}, bearer);
  const [kept] = await signThroughApi(request, bearer, { code: 'wizardpf', uuid: pf, who: credentials.pf, reason: 'Solicitante' });
  await signThroughApi(request, bearer, { code: 'wizardpm', uuid: pm, who: credentials.pm, reason: 'Solicitante' });

  const staff = await (await browser.newContext({ acceptDownloads: true })).newPage();
  // Finished applicants: the signed row has the tag, the other does not; on a 360 px card too.
  await signIn(staff, `/list?q=${unsigned}`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Solicitantes' })).toBeVisible();
  await expect(staff.getByRole('row', { name: new RegExp(unsigned) })).toContainText(credentials.pf.rfc);
  await expect(staff.getByRole('row', { name: new RegExp(unsigned) })).not.toContainText('Firmado con e.firma');
  await staff.goto(`/list?q=${pf}`);
  const signedRow = staff.getByRole('row', { name: new RegExp(pf) });
  await expect(signedRow.getByText('Firmado con e.firma', { exact: true })).toBeVisible();
  // The tag makes the row taller: its actions cell, striped, reaches the row's foot all the same.
  const rowBox = (await signedRow.boundingBox())!;
  const actionsBox = (await signedRow.locator('td.row-actions').boundingBox())!;
  expect(Math.abs(actionsBox.y + actionsBox.height - (rowBox.y + rowBox.height))).toBeLessThanOrEqual(1);
  await checkedAtBothWidths(staff, 'lista-solicitantes', signedRow);

  // Unfinished registrations: the signed PM's row.
  await staff.goto(`/list-cache?q=${pm}`);
  const pmRow = staff.getByRole('row', { name: new RegExp(pm) });
  await expect(pmRow.getByText('Firmado con e.firma', { exact: true })).toBeVisible();
  await checkedAtBothWidths(staff, 'lista-sin-terminar', pmRow);

  // The application, opened from its row: its signature, and the signed PDF reached by keyboard alone.
  await staff.goto(`/list?q=${pf}`);
  await signedRow.getByRole('link', { name: `Abrir ${pf}` }).click();
  await expect(staff).toHaveURL(`/pf/${pf}`);
  const section = signatures(staff);
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section).toContainText(credentials.pf.name);
  await expect(section).toContainText(`RFC: ${credentials.pf.rfc}`);
  await expect(section).toContainText('Solicitante');
  await expect(section).toContainText(`Certificado ${credentials.pf.serial}`);
  await expect(section).toContainText(SIGNED_AT);
  await expect(section).toContainText('Cadena no verificada');
  await checkedAtBothWidths(staff, 'staff-solicitud-pf', section);

  const download = section.getByRole('button', { name: 'Descargar PDF firmado' });
  await staff.locator('body').focus();
  for (let presses = 0; presses < 40 && !(await download.evaluate((button) => button === document.activeElement)); presses++) await staff.keyboard.press('Tab');
  await expect(download).toBeFocused();
  const [file] = await Promise.all([staff.waitForEvent('download'), staff.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toBe(`solicitud-${pf}-firmada.pdf`);
  const saved = `${SHOTS}/solicitud-${pf}-firmada.pdf`;
  await file.saveAs(saved);
  const bytes = readFileSync(saved);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The PDF kept with the signature, byte for byte, and valid to a PDF reader's eye.
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(kept!.sha256);
  const report = pdfsig(saved);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain(`Signer Certificate Common Name: ${credentials.pf.name}`);

  // The print view: under the toolbar on screen, not on paper.
  await staff.addInitScript(() => {
    window.print = () => {};
  });
  await staff.goto(`/printPF/${pf}`);
  await expect(staff.locator('.print-packet')).toBeVisible();
  const printed = signatures(staff);
  await expect(printed).toContainText(credentials.pf.name);
  expect(await printed.evaluate((node) => node.previousElementSibling?.classList.contains('print-toolbar'))).toBe(true);
  await expectAccessible(staff);
  await staff.screenshot({ path: `${SHOTS}/staff-impresion-pf-1280.png` });
  await staff.emulateMedia({ media: 'print' });
  await expect(printed).toBeHidden();
  await staff.emulateMedia({ media: 'screen' });
});

test('a record staff registered shows a public session no signatures, and asks for none (the server would refuse them)', async ({ page, request, baseURL }) => {
  const staffAuth = await staffBearer(request, baseURL!);
  const pf = await createApplication(request, 'pf', { last_index: 2 }, {}, staffAuth);
  await signThroughApi(request, staffAuth, { code: 'wizardpf', uuid: pf, who: credentials.pf, reason: 'Solicitante' });
  const asked: string[] = [];
  page.on('request', (sent) => sent.url().includes('/firma/') && asked.push(sent.url()));
  await pageBearer(page);
  await page.goto(`/pf/${pf}`);
  await expect(page.getByText(`Folio de la solicitud: ${pf}`)).toBeVisible();
  await expect(page.getByText('registrada por el personal de la empresa', { exact: false }).first()).toBeVisible();
  await expect(signatures(page)).toHaveCount(0);
  expect(asked).toEqual([]);
});
